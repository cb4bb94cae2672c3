// An Ops Admin invites someone to the client: a pending invitation with roles, and the link e-mailed
// through the outbox (register within seven days).
import { randomUUID } from 'node:crypto'
import type { Role } from '@bonds/domain'
import { randomToken, tokenHash } from '../../../crypto.ts'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AccountsContext } from '../context.ts'
import { INVITE_TTL_MS } from '../invitations.ts'
import { insertInvitation } from '../invitations-repo.ts'
import { clientById, normaliseEmail, userByEmail } from '../repo.ts'
import { EMAIL_TAKEN } from '../users.ts'

/** Invite someone to the caller's client; the link goes out through the outbox. */
export async function invite(
  { db, now, outbox, publicUrl }: AccountsContext,
  caller: AuthUser,
  request: { email: string; first_name?: string; last_name?: string; roles: Role[] },
  meta: RequestMeta,
) {
  const email = normaliseEmail(request.email)
  if (await userByEmail(db, email)) {
    throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN })
  }
  const client = await clientById(db, caller.clientId)
  if (!client) throw new HttpError(404, 'Client not found')
  const code = randomToken()
  const id = randomUUID()
  await insertInvitation(db, {
    id,
    codeHash: tokenHash(code),
    clientId: caller.clientId,
    email,
    firstName: request.first_name ?? null,
    lastName: request.last_name ?? null,
    roles: [...new Set(request.roles)],
    invitedBy: caller.id,
    expiresAt: new Date(now().getTime() + INVITE_TTL_MS),
  })
  const link = `${publicUrl}/client/register?invite_code=${code}`
  await outbox.send({
    channel: 'email',
    recipient: email,
    kind: 'invitation',
    subject: `You are invited to join ${client.name}`,
    body: `${client.name} invites you to its bond workspace. Register within 7 days: ${link}`,
  })
  await audit(db, {
    actor: caller.id,
    action: 'invitation_sent',
    ip: meta.ip,
    detail: { invitation: id, email, roles: request.roles },
  })
  return { id, email, status: 'invited' as const }
}
