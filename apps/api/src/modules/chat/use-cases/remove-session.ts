// DELETE /api/remove-sb-session {userId}: end the chat sessions this sign-in session opened (spec
// section 4: switching user removes the session on the server); their sockets are closed.
import { CHAT_MESSAGES as CM, type ChatSessionRequest } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { forbidden, type ChatContext } from '../context.ts'
import { revokeSessions } from '../sessions-repo.ts'

/** Remove the caller's chat session. */
export async function removeSession(
  context: ChatContext,
  caller: AuthUser,
  body: ChatSessionRequest,
): Promise<void> {
  if (body.userId !== caller.id) throw forbidden(CM.notYourSession)
  await revokeSessions(context.db, caller.id, caller.sessionId, context.now())
  await context.events.revoke(caller.id, caller.sessionId)
}
