// Sign out: the session of the caller's access token (or of the refresh token given) ends.
import { audit } from '../../../db/audit.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AuthContext } from '../context.ts'

/** Sign out: the session of the caller (or of the refresh token) ends. */
export async function signOut(
  { db, tokens }: AuthContext,
  caller: { id: string; sessionId: string } | null,
  refresh: string | undefined,
  meta: RequestMeta,
) {
  const sessionId = caller?.sessionId ?? (refresh ? await tokens.sessionOf(refresh) : null)
  if (sessionId) {
    await tokens.revoke(sessionId, 'signed out')
    await audit(db, { actor: caller?.id ?? null, action: 'sign_out', ip: meta.ip })
  }
  return { detail: 'Signed out' }
}
