// GET api/trade/facilitator/: the brokers that can facilitate the caller's trades (a cluster's
// facilitator): broker firms other than the caller's own with an active dealer, partners first.
// Empty for a caller without client.can_trade, who has no trade to facilitate. Decision 152.
import { PERMISSIONS, type DeskListQuery, type FacilitatorList } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { NetworkContext } from '../context.ts'
import { DEALERS, findCompanies } from '../directory.ts'
import { participantView } from '../views.ts'

/** Most facilitators listed. */
export const FACILITATORS_MAX = 100

/** The brokers that can facilitate the caller's trades. */
export async function listFacilitators(
  { db }: NetworkContext,
  caller: AuthUser,
  query: DeskListQuery,
): Promise<FacilitatorList> {
  if (!caller.permissions.includes(PERMISSIONS.canTrade)) return { results: [] }
  const rows = await findCompanies(db, {
    callerClientId: caller.clientId,
    excludeClientIds: [caller.clientId],
    memberRoles: DEALERS,
    broker: true,
    search: query.search,
    limit: FACILITATORS_MAX,
  })
  return { results: rows.map(participantView) }
}
