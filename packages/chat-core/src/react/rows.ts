// The open channel's rows as the message list draws them: the stored messages, each day's first
// one under its day separator, then my sends still pending or failed. Pure, so it is tested without
// a DOM.
import type { ChatChannel, ChatMember, ChatMessage } from '@bonds/domain'
import type { OutgoingMessage } from '../port.ts'
import { chatDay } from './format.ts'

/**
 * One row of the message list. A day's separator is drawn in the row of the day's first message
 * (`day`: its time), not in a row of its own: the virtualiser keeps the reader's place when older
 * messages come in by the row at the top of the view, and a separator row of its own keeps its key
 * at the top when older messages of the same day come in above it (decision 351).
 */
export type MessageRow =
  | { kind: 'message'; key: string; message: ChatMessage; day?: number }
  | { kind: 'outgoing'; key: string; outgoing: OutgoingMessage }

/** The rows: the messages, a day's first one with its separator, then my sends. */
export function messageRows(
  messages: readonly ChatMessage[],
  outgoing: readonly OutgoingMessage[],
): MessageRow[] {
  const rows: MessageRow[] = []
  let day = ''
  for (const message of messages) {
    const next = chatDay(message.createdAt)
    const key = `m-${message.messageId}`
    if (next !== day) {
      day = next
      rows.push({ kind: 'message', key, message, day: message.createdAt })
    } else rows.push({ kind: 'message', key, message })
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

/** How far from the top the next older page is asked for: three screens (at least 600 px). */
export function olderPrefetchDistance(clientHeight: number): number {
  return Math.max(clientHeight * 3, 600)
}
