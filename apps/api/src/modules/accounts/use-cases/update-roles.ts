// An Ops Admin changes a user's roles; a client never loses its last Ops Admin.
import type { Role } from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AccountsContext } from '../context.ts'
import { activeUsersOf, updateUser, userById } from '../repo.ts'

/** Change a user's roles; a client never loses its last Ops Admin. */
export async function updateRoles(
  { db, sessionsEnded }: AccountsContext,
  caller: AuthUser,
  userId: string,
  roles: Role[],
  meta: RequestMeta,
) {
  const user = await userById(db, userId)
  if (!user || user.clientId !== caller.clientId) throw new HttpError(404, 'User not found')
  const next = [...new Set(roles)]
  if (user.roles.includes('clientopsadmin') && !next.includes('clientopsadmin')) {
    const admins = await activeUsersOf(db, caller.clientId)
    if (admins.filter((a) => a.roles.includes('clientopsadmin')).length <= 1) {
      throw new HttpError(409, 'A client needs at least one Ops Admin', {
        roles: 'A client needs at least one Ops Admin',
      })
    }
  }
  await updateUser(db, user.id, { roles: next })
  // The user's open sockets were authorised for the old roles: they close and reopen.
  await sessionsEnded({ userId: user.id, reason: 'roles_changed' })
  await audit(db, {
    actor: caller.id,
    action: 'roles_changed',
    ip: meta.ip,
    detail: { user: user.id, from: user.roles, to: next },
  })
  return { id: user.id, roles: next }
}
