// E-mail a single-use reset link that lives an hour, if the e-mail has an active account; the
// answer is the same either way.
import { randomToken, tokenHash } from '../../../crypto.ts'
import { audit } from '../../../db/audit.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import { userByEmail } from '../../accounts/index.ts'
import type { AuthContext } from '../context.ts'
import { insertReset } from '../repo.ts'
import { RESET_TTL_MS } from '../rules.ts'

/** Send a reset link if the e-mail has an account; the answer is the same either way. */
export async function requestReset(
  { db, now, outbox, publicUrl }: AuthContext,
  email: string,
  meta: RequestMeta,
) {
  const user = await userByEmail(db, email)
  if (user && user.status === 'active') {
    const token = randomToken()
    await insertReset(db, {
      tokenHash: tokenHash(token),
      userId: user.id,
      expiresAt: new Date(now().getTime() + RESET_TTL_MS),
    })
    const link = `${publicUrl}/auth/reset-password?uid=${encodeURIComponent(user.id)}&token=${token}`
    await outbox.enqueue({
      channel: 'email',
      recipient: user.email,
      kind: 'reset',
      subject: 'Reset your password',
      body: `Someone asked to reset the password of ${user.email}. If it was you, open ${link} within an hour. If not, ignore this message.`,
    })
    await audit(db, { actor: user.id, action: 'password_reset_requested', ip: meta.ip })
  }
  return {
    detail: 'If an account exists for this e-mail, a reset link has been sent to it.',
  }
}
