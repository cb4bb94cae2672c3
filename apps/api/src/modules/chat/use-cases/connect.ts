// The chat socket's auth message: which user a chat session token speaks for, or why it speaks for
// no one (spec sections 4 and 8: invalid or expired token, revoked session, deactivated or unknown
// user). A chatting user must have accepted the chat terms; a compliance officer reads only.
import type { ChatSocketError } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { authUserOf, userById } from '../../accounts/index.ts'
import { hasChatRole, isCompliance, type ChatContext } from '../context.ts'
import { sessionByHash } from '../sessions-repo.ts'
import { hashToken } from './issue-session-token.ts'

/** Who a socket is, or why it is refused. */
export type Connection =
  { ok: true; user: AuthUser; authSessionId: string } | { ok: false; code: ChatSocketError }

/** Check a chat session token. */
export async function connect({ db, now }: ChatContext, token: string): Promise<Connection> {
  const session = await sessionByHash(db, hashToken(token))
  if (!session) return { ok: false, code: 'invalid_token' }
  if (session.revokedAt) return { ok: false, code: 'session_revoked' }
  if (session.expiresAt.getTime() <= now().getTime()) return { ok: false, code: 'token_expired' }
  const user = await authUserOf(db, session.userId, session.authSessionId)
  if (!user) {
    const row = await userById(db, session.userId)
    if (!row) return { ok: false, code: 'user_not_found' }
    return { ok: false, code: row.status === 'active' ? 'session_revoked' : 'deactivated' }
  }
  if (!isCompliance(user)) {
    if (!hasChatRole(user)) return { ok: false, code: 'deactivated' }
    const row = await userById(db, user.id)
    if (!row?.hasAcceptedChatTerms) return { ok: false, code: 'terms_not_accepted' }
  }
  return { ok: true, user, authSessionId: session.authSessionId }
}
