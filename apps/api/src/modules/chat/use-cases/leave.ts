// POST /api/chat/channels/{url}/leave: the caller leaves (spec section 7, leave); the channel leaves
// their list and the other members see them gone.
import type { AuthUser } from '../../../http/access.ts'
import { audienceOf, channelEntries, removedEntry } from '../channels.ts'
import { chatter, memberChannel, transaction, type ChatContext } from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { deleteMember, membersOf } from '../repo.ts'

/** Leave a channel. */
export async function leave(context: ChatContext, caller: AuthUser, url: string): Promise<void> {
  const me = await chatter(context, caller)
  const at = context.now()
  const items = await transaction(context.db, async (tx) => {
    await memberChannel(tx, me.userId, url, { lock: true })
    await deleteMember(tx, url, me.userId)
    const members = await membersOf(tx, [url])
    return appendEvents(
      tx,
      [
        removedEntry(me.userId, url, 'left'),
        ...channelEntries(audienceOf(members), url, 'member_left', [me.userId]),
      ],
      at,
    )
  })
  await context.events.deliver(items)
}
