// POST /api/issue-sb-session-token {userId}: a session token of the local chat service for the
// caller (spec section 7). A user id is needed ("user not set", spec section 5) and must be the
// caller's own. The token lives a day and ends with the sign-in session that asked for it. With
// Sendbird configured, the token is Sendbird's, issued through its Platform API (decision 275).
import { createHash, randomBytes } from 'node:crypto'
import {
  CHAT_MESSAGES as CM,
  CHAT_SESSION_TTL_MS,
  type ChatSessionRequest,
  type ChatSessionToken,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { forbidden, reader, type ChatContext } from '../context.ts'
import { insertSession } from '../sessions-repo.ts'

/** The stored form of a chat session token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Issue a chat session token. */
export async function issueSessionToken(
  context: ChatContext,
  caller: AuthUser,
  body: ChatSessionRequest,
): Promise<ChatSessionToken> {
  if (body.userId !== caller.id) throw forbidden(CM.notYourSession)
  const profile = await reader(context, caller)
  const now = context.now()
  const expiresAt = new Date(now.getTime() + CHAT_SESSION_TTL_MS)
  const sendbird = context.outside.sendbird
  if (sendbird) {
    try {
      return await sendbird.platform.issueSessionToken(
        { userId: caller.id, nickname: profile.nickname },
        expiresAt.getTime(),
      )
    } catch {
      throw new HttpError(502, CM.providerUnavailable)
    }
  }
  const token = randomBytes(32).toString('base64url')
  await insertSession(context.db, {
    tokenHash: hashToken(token),
    userId: caller.id,
    authSessionId: caller.sessionId,
    expiresAt,
    createdAt: now,
  })
  return { token, expires_at: expiresAt.getTime() }
}
