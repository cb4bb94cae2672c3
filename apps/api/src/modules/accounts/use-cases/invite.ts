// An Ops Admin invites someone to the client: a pending invitation with roles, and the link e-mailed
// through the outbox (register within seven days); it supersedes a pending one to the same address.
import type { Role } from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AccountsContext } from '../context.ts'
import { sendInvitation } from '../invitations.ts'
import { revokePendingInvitesTo } from '../invitations-repo.ts'
import { clientById, normaliseEmail, userByEmail } from '../repo.ts'
import { EMAIL_TAKEN } from '../users.ts'

/** Invite someone to the caller's client; the link goes out through the outbox. */
export async function invite(
  context: AccountsContext,
  caller: AuthUser,
  request: { email: string; first_name?: string; last_name?: string; roles: Role[] },
  meta: RequestMeta,
) {
  const { db } = context
  const email = normaliseEmail(request.email)
  if (await userByEmail(db, email)) {
    throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN })
  }
  const client = await clientById(db, caller.clientId)
  if (!client) throw new HttpError(404, 'Client not found')
  // A new invitation supersedes the client's pending ones to the same address: only the newest
  // link (with the newest roles) works.
  const superseded = await revokePendingInvitesTo(db, client.id, email)
  const { id } = await sendInvitation(context, {
    client,
    email,
    firstName: request.first_name ?? null,
    lastName: request.last_name ?? null,
    roles: request.roles,
    invitedBy: caller.id,
  })
  await audit(db, {
    actor: caller.id,
    action: 'invitation_sent',
    ip: meta.ip,
    detail: { invitation: id, email, roles: request.roles, superseded },
  })
  return { id, email, status: 'invited' as const }
}
