// Register through an invitation: the account joins the inviting client with the invitation's
// roles, under the e-mail it was sent to.
import type { InviteRegistration } from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AccountsContext } from '../context.ts'
import { usableInvite } from '../invitations.ts'
import { updateInvitation } from '../invitations-repo.ts'
import { normaliseEmail } from '../repo.ts'
import { createUser } from '../users.ts'

/** Register through an invitation: the account joins the inviting client with its roles. */
export async function register(
  context: AccountsContext,
  request: InviteRegistration,
  meta: RequestMeta,
) {
  const { db } = context
  const invite = await usableInvite(context, request.invite_code)
  if (normaliseEmail(request.contact.email) !== invite.email) {
    const message = 'Use the e-mail address the invitation was sent to'
    throw new HttpError(400, message, { 'contact.email': message })
  }
  const userId = await createUser(context, {
    clientId: invite.clientId,
    payload: request,
    roles: invite.roles,
  })
  await updateInvitation(db, invite.id, { status: 'validated', userId })
  await audit(db, {
    actor: userId,
    action: 'invitation_accepted',
    ip: meta.ip,
    detail: { invitation: invite.id },
  })
  return { user_id: userId, email: invite.email }
}
