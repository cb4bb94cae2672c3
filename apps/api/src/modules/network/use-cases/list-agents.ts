// GET api/trade/agent/: the caller's client's dealers who can act for it (an EOI's
// user_account_id): active, active in the network, and holding client.can_trade. Decision 153.
import type { AgentList, DeskListQuery } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { NetworkContext } from '../context.ts'
import { DEALERS } from '../directory.ts'
import { usersOf } from '../desk-repo.ts'
import { clientUserView } from '../views.ts'

/** The dealers who can act for the caller's client. */
export async function listAgents(
  { db, permissionsOf }: NetworkContext,
  caller: AuthUser,
  query: DeskListQuery,
): Promise<AgentList> {
  const rows = await usersOf(db, caller.clientId, { roles: DEALERS, search: query.search })
  return {
    results: rows
      .map((row) => clientUserView(row, caller.id, true, permissionsOf))
      .filter((user) => user.can_trade === true),
  }
}
