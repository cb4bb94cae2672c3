// GET api/trade/client/users/{id}/: the users of client {id} the caller may see. Its own client:
// every active user, with roles, standing and trade access (the desk). Another firm the directory
// lists: only its dealers active in the network, without e-mail or roles. Else 404. Decision 153.
import { NETWORK_MESSAGES as NM, type ClientUsers, type DeskListQuery } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { isId, notFound, type NetworkContext } from '../context.ts'
import { DEALERS, findCompany } from '../directory.ts'
import { clientOf, usersOf } from '../desk-repo.ts'
import { clientUserView } from '../views.ts'

/** The users of a client the caller may see. */
export async function clientUsers(
  { db, permissionsOf }: NetworkContext,
  caller: AuthUser,
  id: string,
  query: DeskListQuery,
): Promise<ClientUsers> {
  const own = id === caller.clientId
  const firm = own
    ? await clientOf(db, id)
    : isId(id)
      ? await findCompany(db, id, caller.clientId, DEALERS)
      : undefined
  if (!firm) throw notFound(NM.clientNotFound)
  const name = 'clientName' in firm ? firm.clientName : firm.name
  const rows = await usersOf(
    db,
    id,
    own ? { search: query.search } : { roles: DEALERS, search: query.search },
  )
  return {
    client_id: id,
    name,
    is_own: own,
    results: rows.map((row) => clientUserView(row, caller.id, own, permissionsOf)),
  }
}
