// The operator makes a user one of the product's own staff (`users.is_staff`), or takes it back:
// staff read every firm's support tickets and are named as staff in chat (spec section 6). Only the
// `staff` command does this; no endpoint can.
import { audit } from '../../../db/audit.ts'
import { HttpError } from '../../../http/errors.ts'
import type { AccountsContext } from '../context.ts'
import { updateUser, userByEmail } from '../repo.ts'

/** Set whether the user with this e-mail is staff; answers the user's id. */
export async function setStaff(
  { db, sessionsEnded }: AccountsContext,
  email: string,
  isStaff: boolean,
): Promise<{ id: string; email: string; isStaff: boolean }> {
  const user = await userByEmail(db, email)
  if (!user) throw new HttpError(404, `No user has the e-mail ${email.trim()}`)
  if (user.status !== 'active') throw new HttpError(409, `${user.email} is not an active user`)
  await updateUser(db, user.id, { isStaff })
  // Open sockets carry what the user was when they connected: they close and reopen.
  await sessionsEnded({ userId: user.id, reason: 'roles_changed' })
  await audit(db, {
    actor: null,
    action: 'staff_changed',
    detail: { user: user.id, from: user.isStaff, to: isStaff },
  })
  return { id: user.id, email: user.email, isStaff }
}
