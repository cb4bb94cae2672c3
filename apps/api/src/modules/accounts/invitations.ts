// Invitation rules: a link lasts seven days, and one that cannot be used answers 410.
import { randomUUID } from 'node:crypto'
import type { Role } from '@bonds/domain'
import { randomToken, tokenHash } from '../../crypto.ts'
import { HttpError } from '../../http/errors.ts'
import type { AccountsContext } from './context.ts'
import { insertInvitation, inviteByCodeHash, type InvitationRow } from './invitations-repo.ts'

/** Invitations stay valid for seven days. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000
/** The 410 answer for an invitation that cannot be used (spec section 2's 410 screen). */
export const INVITE_INVALID = 'Invitation URL invalid'

/** The invitation of a code, still pending and unexpired; else 410. */
export async function usableInvite(
  { db, now }: AccountsContext,
  code: string,
): Promise<InvitationRow> {
  const invite = await inviteByCodeHash(db, tokenHash(code))
  if (!invite || invite.status !== 'invited' || invite.expiresAt.getTime() < now().getTime()) {
    throw new HttpError(410, INVITE_INVALID)
  }
  return invite
}

/** Who is invited, to which client, with which roles, by whom (no one: the operator's command). */
export interface InvitationRequest {
  client: { id: string; name: string }
  email: string
  firstName: string | null
  lastName: string | null
  roles: readonly Role[]
  invitedBy: string | null
}

/**
 * Store a pending invitation and e-mail its link through the outbox (register within seven days);
 * the link is returned for the operator's command, which hands it over when no SMTP is set.
 */
export async function sendInvitation(
  { db, now, outbox, publicUrl }: AccountsContext,
  request: InvitationRequest,
): Promise<{ id: string; link: string }> {
  const code = randomToken()
  const id = randomUUID()
  await insertInvitation(db, {
    id,
    codeHash: tokenHash(code),
    clientId: request.client.id,
    email: request.email,
    firstName: request.firstName,
    lastName: request.lastName,
    roles: [...new Set(request.roles)],
    invitedBy: request.invitedBy,
    expiresAt: new Date(now().getTime() + INVITE_TTL_MS),
  })
  const link = `${publicUrl}/client/register?invite_code=${code}`
  await outbox.send({
    channel: 'email',
    recipient: request.email,
    kind: 'invitation',
    subject: `You are invited to join ${request.client.name}`,
    body: `${request.client.name} invites you to its bond workspace. Register within 7 days: ${link}`,
  })
  return { id, link }
}
