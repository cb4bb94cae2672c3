// POST /api/chat/channels/{url}/decline: the invited user says no. The channel leaves their list,
// and the inviter alone gets a declined-invite notice, "{nickname} declined your request" (spec
// section 4), in the channel; the other members see the member gone.
import { CHAT_CUSTOM_TYPES, CHAT_MESSAGES as CM } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { audienceOf, channelEntries, removedEntry } from '../channels.ts'
import { bad, chatter, memberChannel, transaction, type ChatContext } from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { profileById } from '../people.ts'
import { postMessage } from '../posting.ts'
import { deleteMember, membersOf } from '../repo.ts'
import { nicknameFor } from '../views.ts'

/** Decline an invitation. */
export async function decline(context: ChatContext, caller: AuthUser, url: string): Promise<void> {
  const me = await chatter(context, caller)
  const at = context.now()
  const items = await transaction(context.db, async (tx) => {
    const found = await memberChannel(tx, me.userId, url, { lock: true })
    if (found.me.state !== 'invited') throw bad('url', CM.notInvited)
    await deleteMember(tx, url, me.userId)
    const members = await membersOf(tx, [url])
    const entries = [
      removedEntry(me.userId, url, 'declined'),
      ...channelEntries(audienceOf(members), url, 'member_declined', [me.userId]),
    ]
    const inviterId = found.me.inviterId
    const inviter = inviterId ? await profileById(tx, inviterId) : undefined
    if (inviter && members.some((m) => m.userId === inviter.userId && m.state === 'joined')) {
      const nickname = nicknameFor(me, inviter)
      const posted = await postMessage(
        tx,
        found.channel,
        {
          senderId: null,
          recipientId: inviter.userId,
          messageType: 'admin',
          message: `${nickname} declined your request`,
          customType: CHAT_CUSTOM_TYPES.declinedInvite,
          data: JSON.stringify({
            type: CHAT_CUSTOM_TYPES.declinedInvite,
            inviter_id: inviter.userId,
            invitee_id: me.userId,
            nickname,
            channel_type: found.channel.customType,
          }),
        },
        at,
      )
      entries.push(...posted.entries)
    }
    return appendEvents(tx, entries, at)
  })
  await context.events.deliver(items)
}
