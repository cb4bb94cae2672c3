// Spend a refresh token for a new pair. A spent token presented again revokes its session (and is
// audited); a user no longer active loses the session too.
import { audit } from '../../../db/audit.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import { userById } from '../../accounts/index.ts'
import type { AuthContext } from '../context.ts'
import { usable } from '../rules.ts'

/** Spend a refresh token for a new pair; reuse revokes the session. */
export async function refresh({ db, now, tokens }: AuthContext, token: string, meta: RequestMeta) {
  const result = await tokens.rotate(token)
  if (result.reused || !result.tokens) {
    await audit(db, {
      actor: result.userId,
      action: 'refresh_reuse',
      ip: meta.ip,
      detail: { session: result.sessionId },
    })
    throw new HttpError(401, 'Token is invalid or expired')
  }
  const user = await userById(db, result.userId)
  if (!usable(user, now())) {
    await tokens.revoke(result.sessionId, 'account not active')
    throw new HttpError(401, 'Token is invalid or expired')
  }
  return result.tokens
}
