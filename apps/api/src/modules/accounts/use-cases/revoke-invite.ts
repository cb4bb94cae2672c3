// An Ops Admin revokes a pending invitation of the client; its link then answers 410.
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AccountsContext } from '../context.ts'
import { inviteOfClient, updateInvitation } from '../invitations-repo.ts'

/** Revoke a pending invitation of the caller's client. */
export async function revokeInvite(
  { db }: AccountsContext,
  caller: AuthUser,
  inviteeId: string,
  meta: RequestMeta,
) {
  const invite = await inviteOfClient(db, inviteeId, caller.clientId)
  if (!invite) throw new HttpError(404, 'Invitation not found')
  if (invite.status !== 'invited') {
    throw new HttpError(409, `This invitation is already ${invite.status}`)
  }
  await updateInvitation(db, invite.id, { status: 'revoked' })
  await audit(db, {
    actor: caller.id,
    action: 'invitation_revoked',
    ip: meta.ip,
    detail: { invitation: invite.id, email: invite.email },
  })
  return { id: invite.id, status: 'revoked' as const }
}
