// The open channel's rows as the message list draws them: day separators between days, the
// stored messages, then my sends still pending or failed. Pure, so it is tested without a DOM.
import type { ChatChannel, ChatMember, ChatMessage } from '@bonds/domain'
import type { OutgoingMessage } from '../port.ts'
import { chatDay } from './format.ts'

/** One row of the message list. */
export type MessageRow =
  | { kind: 'day'; key: string; at: number }
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'outgoing'; key: string; outgoing: OutgoingMessage }

/** The rows: a separator before each day's first message, then the messages, then my sends. */
export function messageRows(
  messages: readonly ChatMessage[],
  outgoing: readonly OutgoingMessage[],
): MessageRow[] {
  const rows: MessageRow[] = []
  let day = ''
  for (const message of messages) {
    const next = chatDay(message.createdAt)
    if (next !== day) {
      day = next
      rows.push({ kind: 'day', key: `day-${next}`, at: message.createdAt })
    }
    rows.push({ kind: 'message', key: `m-${message.messageId}`, message })
  }
  const stored = new Set(messages.map((m) => m.reqId).filter(Boolean))
  for (const item of outgoing) {
    if (item.state !== 'succeeded' && !stored.has(item.reqId))
      rows.push({ kind: 'outgoing', key: `o-${item.reqId}`, outgoing: item })
  }
  return rows
}

/** What became of my message: read by every other joined member, delivered to them, or sent. */
export type ReceiptState = 'read' | 'delivered' | 'sent'

/** The receipt of my message from the other joined members' marks. */
export function receiptOf(channel: ChatChannel, message: ChatMessage, me: string): ReceiptState {
  const others = channel.members.filter(
    (member: ChatMember) => member.userId !== me && member.state === 'joined',
  )
  if (others.length === 0) return 'sent'
  if (others.every((member) => member.lastReadMessageId >= message.messageId)) return 'read'
  if (
    others.every(
      (member) =>
        member.lastDeliveredMessageId >= message.messageId ||
        member.lastReadMessageId >= message.messageId,
    )
  )
    return 'delivered'
  return 'sent'
}
