// GET api/chatter/search-brokers/{id}: the brokers available to client {id} (the caller's own
// firm, or a partner it is putting a trade together for): broker firms other than {id} and their
// active dealers, the caller's partners first. Any other {id} is not found. Decision 152.
import { NETWORK_MESSAGES as NM, type BrokerSearchQuery, type ParticipantList } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { isId, notFound, type NetworkContext } from '../context.ts'
import { DEALERS, findParticipants } from '../directory.ts'
import { isPartnerOf } from '../repo.ts'
import { participantView } from '../views.ts'

/** Whether the caller may search brokers for client `id`: its own, or one of its partners. */
async function mayActFor({ db }: NetworkContext, caller: AuthUser, id: string) {
  if (id === caller.clientId) return true
  return isId(id) && isPartnerOf(db, caller.clientId, id)
}

/** Search the brokers available to client `id`. */
export async function searchBrokers(
  context: NetworkContext,
  caller: AuthUser,
  id: string,
  query: BrokerSearchQuery,
): Promise<ParticipantList> {
  if (!(await mayActFor(context, caller, id))) throw notFound(NM.clientNotFound)
  const rows = await findParticipants(context.db, {
    callerClientId: caller.clientId,
    excludeClientIds: [id],
    memberRoles: DEALERS,
    broker: true,
    search: query.search_param,
    limit: query.limit,
  })
  return { results: rows.map(participantView) }
}
