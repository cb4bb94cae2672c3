// POST api/chatter/invite-users {sendbird_user_ids}: ask people onto chat. Each must be someone the
// caller could find in the user search; those who have not yet accepted the chat terms (not
// onboarded) are e-mailed an invitation naming the caller and their firm.
import {
  CHAT_MESSAGES as CM,
  type ChatInviteUsers,
  type ChatInviteUsersResult,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { bad, chatter, type ChatContext } from '../context.ts'
import { profilesOf } from '../people.ts'
import { brandName } from '../views.ts'

/** Invite people to chat. */
export async function inviteUsers(
  context: ChatContext,
  caller: AuthUser,
  body: ChatInviteUsers,
): Promise<ChatInviteUsersResult> {
  const me = await chatter(context, caller)
  const ids = [...new Set(body.sendbird_user_ids)]
  const profiles = await profilesOf(context.db, ids)
  for (const [i, id] of body.sendbird_user_ids.entries()) {
    if (id === me.userId) throw bad(`sendbird_user_ids.${i}`, CM.notYourself)
    if (!profiles.get(id)?.canChat) throw bad(`sendbird_user_ids.${i}`, CM.userNotFound)
  }
  const firm = brandName(me) === '-' ? '' : ` of ${me.clientName}`
  const results = []
  for (const id of ids) {
    const person = profiles.get(id)!
    if (!person.onboarded) {
      await context.sendEmail({
        recipient: person.email,
        subject: `${me.nickname} wants to chat with you`,
        body:
          `${me.nickname}${firm} invited you to chat on Bonds Workspace.\n\n` +
          `Sign in, accept the chat terms and open the Chat tab: ${context.publicUrl}/dart\n`,
      })
    }
    results.push({ user_id: id, user_onboarded: person.onboarded, invited: !person.onboarded })
  }
  return { results }
}
