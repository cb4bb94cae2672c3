// POST /api/chat/channels/{url}/read and …/delivered (spec section 7: markAsRead, markAsDelivered):
// a member has read, or received, the channel up to its last message. Read zeroes the unread count
// and is an event of the reader's own sequence (their other devices follow); both are receipts the
// other members' sockets get at once. The client throttles delivered marks to one a second.
import type { AuthUser } from '../../../http/access.ts'
import { chatter, memberChannel, transaction, type ChatContext } from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { membersOf, updateMember } from '../repo.ts'

async function othersOf(context: ChatContext, url: string, userId: string) {
  const members = await membersOf(context.db, [url])
  return members.filter((m) => m.state === 'joined' && m.userId !== userId).map((m) => m.userId)
}

/** Mark a channel read. */
export async function markRead(context: ChatContext, caller: AuthUser, url: string): Promise<void> {
  const me = await chatter(context, caller)
  const at = context.now()
  const outcome = await transaction(context.db, async (tx) => {
    const { channel, me: member } = await memberChannel(tx, me.userId, url)
    const messageId = channel.lastMessageId ?? 0
    if (member.lastReadMessageId >= messageId && member.unreadCount === 0) return null
    await updateMember(tx, url, [me.userId], {
      lastReadMessageId: messageId,
      lastReadAt: at,
      unreadCount: 0,
      lastDeliveredMessageId: Math.max(member.lastDeliveredMessageId, messageId),
    })
    const items = await appendEvents(
      tx,
      [
        {
          userId: me.userId,
          event: { kind: 'read', channelUrl: url, messageId, at: at.getTime() },
        },
      ],
      at,
    )
    return { messageId, items }
  })
  if (!outcome) return
  await context.events.deliver(outcome.items)
  await context.events.receipt(await othersOf(context, url, me.userId), {
    channelUrl: url,
    userId: me.userId,
    kind: 'read',
    messageId: outcome.messageId,
    at: at.getTime(),
  })
}

/** Mark a channel delivered. */
export async function markDelivered(
  context: ChatContext,
  caller: AuthUser,
  url: string,
): Promise<void> {
  const me = await chatter(context, caller)
  const { channel, me: member } = await memberChannel(context.db, me.userId, url)
  const messageId = channel.lastMessageId ?? 0
  if (member.lastDeliveredMessageId >= messageId) return
  const at = context.now()
  await updateMember(context.db, url, [me.userId], { lastDeliveredMessageId: messageId })
  await context.events.receipt(await othersOf(context, url, me.userId), {
    channelUrl: url,
    userId: me.userId,
    kind: 'delivered',
    messageId,
    at: at.getTime(),
  })
}
