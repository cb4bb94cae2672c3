// Invitation rules: a link lasts seven days, and one that cannot be used answers 410.
import { tokenHash } from '../../crypto.ts'
import { HttpError } from '../../http/errors.ts'
import type { AccountsContext } from './context.ts'
import { inviteByCodeHash, type InvitationRow } from './invitations-repo.ts'

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
