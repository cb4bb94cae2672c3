// What an invitation link shows its invitee before registering; 410 when it cannot be used.
import { HttpError } from '../../../http/errors.ts'
import type { AccountsContext } from '../context.ts'
import { INVITE_INVALID, usableInvite } from '../invitations.ts'
import { clientById } from '../repo.ts'

/** What an invitation link shows its invitee; 410 when it cannot be used. */
export async function validateInvite(context: AccountsContext, code: string) {
  const invite = await usableInvite(context, code)
  const client = await clientById(context.db, invite.clientId)
  if (!client) throw new HttpError(410, INVITE_INVALID)
  return {
    email: invite.email,
    first_name: invite.firstName,
    last_name: invite.lastName,
    client_name: client.name,
    client_type: client.clientType as 'CORP' | 'CORP-P' | 'INDV' | 'INDV-P',
    status: 'invited' as const,
  }
}
