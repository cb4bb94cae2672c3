// GET api/chatter/users-clients-unified/: users and clients in one list, the directory the Build
// Network panel searches. Members are the active users in a trading role of other firms (dealers,
// trade viewers, back office); `broker` narrows to brokers or to the others. Decision 150.
import { TRADING_ROLES, type ParticipantList, type UnifiedSearchQuery } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { NetworkContext } from '../context.ts'
import { findParticipants } from '../directory.ts'
import { participantView } from '../views.ts'

/** Search people and firms of other clients. */
export async function searchUnified(
  { db }: NetworkContext,
  caller: AuthUser,
  query: UnifiedSearchQuery,
): Promise<ParticipantList> {
  const rows = await findParticipants(db, {
    callerClientId: caller.clientId,
    excludeClientIds: [caller.clientId],
    memberRoles: TRADING_ROLES,
    ...(query.broker === undefined ? {} : { broker: query.broker }),
    search: query.search_param,
    limit: query.limit,
  })
  return { results: rows.map(participantView) }
}
