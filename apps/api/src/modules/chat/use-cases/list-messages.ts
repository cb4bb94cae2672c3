// GET /api/chat/channels/{url}/messages/: a channel's history around a point (a time or a message;
// neither: now), `prev_limit` before and `next_limit` after, oldest first. Reading marks nothing
// (a compliance officer reads view only; members mark read themselves).
import type { ChatMessageList, ChatMessageListQuery } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { isCompliance, reader, readableChannel, type ChatContext } from '../context.ts'
import { messagesFor } from '../message-view.ts'
import { messagesAround, type HistoryPoint } from '../messages-repo.ts'

/** Messages around a point. */
export async function listMessages(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  query: ChatMessageListQuery,
): Promise<ChatMessageList> {
  const viewer = await reader(context, caller)
  const { channel } = await readableChannel(context.db, caller, url)
  const point: HistoryPoint =
    query.message_id !== undefined
      ? { messageId: query.message_id }
      : { ts: query.ts ?? context.now().getTime() + 1 }
  const found = await messagesAround(
    context.db,
    channel.url,
    isCompliance(caller) ? null : caller.id,
    point,
    { prev: query.prev_limit, next: query.next_limit, inclusive: query.inclusive === true },
  )
  return {
    messages: await messagesFor(context.db, channel.url, found.messages, viewer),
    hasPrev: found.hasPrev,
    hasNext: found.hasNext,
  }
}
