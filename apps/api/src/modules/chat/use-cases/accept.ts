// POST /api/chat/channels/{url}/accept: the invited user joins; the members are told.
import { CHAT_MESSAGES as CM, type ChatChannel } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { audienceOf, channelEntries, viewOf } from '../channels.ts'
import { bad, chatter, memberChannel, transaction, type ChatContext } from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { membersOf, updateMember } from '../repo.ts'

/** Accept an invitation. */
export async function accept(
  context: ChatContext,
  caller: AuthUser,
  url: string,
): Promise<ChatChannel> {
  const me = await chatter(context, caller)
  const at = context.now()
  const { channel, items } = await transaction(context.db, async (tx) => {
    const found = await memberChannel(tx, me.userId, url, { lock: true })
    if (found.me.state !== 'invited') throw bad('url', CM.notInvited)
    await updateMember(tx, url, [me.userId], { state: 'joined', joinedAt: at })
    const members = await membersOf(tx, [url])
    const entries = channelEntries(audienceOf(members), url, 'member_joined', [me.userId])
    return { channel: found.channel, items: await appendEvents(tx, entries, at) }
  })
  await context.events.deliver(items)
  return viewOf(context.db, channel, me, at)
}
