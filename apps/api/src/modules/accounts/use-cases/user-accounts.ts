// An Ops Admin's list of the client's people: its users and its pending invitations, by e-mail,
// optionally those matching a search.
import type { AuthUser } from '../../../http/access.ts'
import type { AccountsContext } from '../context.ts'
import { pendingInvitesOf } from '../invitations-repo.ts'
import { usersOfClient } from '../repo.ts'

/** Users and pending invitations of the caller's client. */
export async function userAccounts({ db }: AccountsContext, caller: AuthUser, search?: string) {
  const pattern = search ? `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null
  const people = await usersOfClient(db, caller.clientId, pattern)
  const invites = await pendingInvitesOf(db, caller.clientId, pattern)
  return [
    ...people.map((u) => ({
      id: u.id,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      mobile: u.mobile,
      roles: u.roles,
      status: u.status as 'active' | 'inactive' | 'invited',
      invited_at: null,
    })),
    ...invites.map((i) => ({
      id: i.id,
      email: i.email,
      first_name: i.firstName ?? '',
      last_name: i.lastName ?? '',
      mobile: '',
      roles: i.roles,
      status: 'invited' as const,
      invited_at: i.createdAt.toISOString(),
    })),
  ]
}
