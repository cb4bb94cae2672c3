// Set a new password: with a reset token for the user, or signed in as that user with the old
// password. Every session of the user ends.
import { hashPassword, tokenHash, verifyPassword } from '../../../crypto.ts'
import { audit } from '../../../db/audit.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import { userById } from '../../accounts/index.ts'
import type { AuthContext } from '../context.ts'
import { markResetUsed, resetByHash, updateSignIn } from '../repo.ts'

/**
 * Set a new password: with a reset token for `userId`, or signed in as `userId` with the old
 * password. Every session of the user ends.
 */
export async function changePassword(
  { db, now, tokens }: AuthContext,
  userId: string,
  request: {
    new_password1: string
    token?: string | undefined
    old_password?: string | undefined
  },
  caller: { id: string } | null,
  meta: RequestMeta,
) {
  const user = await userById(db, userId)
  if (request.token) {
    const reset = await resetByHash(db, tokenHash(request.token))
    if (
      !user ||
      !reset ||
      reset.userId !== user.id ||
      reset.usedAt ||
      reset.expiresAt.getTime() < now().getTime()
    ) {
      throw new HttpError(400, 'This reset link is invalid or has expired', {
        token: 'This reset link is invalid or has expired',
      })
    }
    await markResetUsed(db, reset.tokenHash, now())
  } else {
    if (!caller) throw new HttpError(401, 'Authentication credentials were not provided.')
    if (caller.id !== userId || !user) {
      throw new HttpError(403, 'You do not have permission to perform this action.')
    }
    if (!(await verifyPassword(user.passwordHash, request.old_password ?? ''))) {
      throw new HttpError(400, 'The current password is wrong', {
        old_password: 'The current password is wrong',
      })
    }
  }
  await updateSignIn(db, user.id, {
    passwordHash: await hashPassword(request.new_password1),
    failedSignIns: 0,
    lockedUntil: null,
  })
  await tokens.revokeAll(user.id, 'password changed')
  await audit(db, { actor: caller?.id ?? user.id, action: 'password_changed', ip: meta.ip })
  return { detail: 'Password changed' }
}
