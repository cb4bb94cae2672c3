// GET api/chatter/search-trade-participants: the counterparties a trader can deal with. Members are
// the active dealers of other firms, Companies the firms that have one; narrowed to an exchange
// (the firm clears there) or to the RFQ platforms (the firm deals on them). Decision 150.
import type { ParticipantExchange, ParticipantList, ParticipantSearchQuery } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { NetworkContext } from '../context.ts'
import { DEALERS, findParticipants } from '../directory.ts'
import { participantView } from '../views.ts'

/** An exchange's RFQ platform and clearing corporation (NSE and NSCCL, BSE and ICCL). */
const VENUES: Record<ParticipantExchange, { rfq: string; clearing: string }> = {
  NSE: { rfq: 'NSE', clearing: 'NSCCL' },
  NSCCL: { rfq: 'NSE', clearing: 'NSCCL' },
  BSE: { rfq: 'BSE', clearing: 'ICCL' },
  ICCL: { rfq: 'BSE', clearing: 'ICCL' },
}

/** Search the counterparties the caller can deal with. */
export async function searchParticipants(
  { db }: NetworkContext,
  caller: AuthUser,
  query: ParticipantSearchQuery,
): Promise<ParticipantList> {
  const venue = query.exchange ? VENUES[query.exchange] : undefined
  const rows = await findParticipants(db, {
    callerClientId: caller.clientId,
    excludeClientIds: [caller.clientId],
    memberRoles: DEALERS,
    ...(query.for_rfq
      ? { rfqExchange: venue?.rfq ?? 'any' }
      : venue
        ? { clearing: venue.clearing }
        : {}),
    search: query.search_param,
    limit: query.limit,
  })
  return { results: rows.map(participantView) }
}
