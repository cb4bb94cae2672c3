// PATCH /api/chat/channels/{url}/ {name}: an operator renames the channel; its members re-read it.
import type { ChatChannel, ChatChannelUpdate } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { audienceOf, channelEntries, viewOf } from '../channels.ts'
import {
  chatter,
  memberChannel,
  requireOperator,
  transaction,
  type ChatContext,
} from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { membersOf, updateChannel as saveChannel } from '../repo.ts'

/** Rename a channel. */
export async function updateChannel(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  body: ChatChannelUpdate,
): Promise<ChatChannel> {
  const me = await chatter(context, caller)
  const at = context.now()
  const { channel, items } = await transaction(context.db, async (tx) => {
    const found = await memberChannel(tx, me.userId, url, { lock: true })
    requireOperator(found.me)
    await saveChannel(tx, url, { name: body.name })
    const members = await membersOf(tx, [url])
    const entries = channelEntries(audienceOf(members), url, 'updated', [])
    return {
      channel: { ...found.channel, name: body.name },
      items: await appendEvents(tx, entries, at),
    }
  })
  await context.events.deliver(items)
  return viewOf(context.db, channel, me, at)
}
