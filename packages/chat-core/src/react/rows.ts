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

/**
 * Where the reader is, to keep them there when older rows come in above: the first stored
 * message's row and where it starts. Not the first row: that is the top day's separator, whose key
 * stays at the top when older messages of the same day are put above it (anchoring by it left the
 * reader at the top of the new page, where scrolling up loads nothing more).
 */
export interface ReadingPlace {
  key: string
  start: number
}

/** The reading place of the rows; `startOf` gives a row's offset from the list's top. */
export function readingPlace(
  rows: readonly MessageRow[],
  startOf: (index: number) => number,
): ReadingPlace | null {
  const index = rows.findIndex((row) => row.kind === 'message')
  return index < 0 ? null : { key: rows[index]!.key, start: startOf(index) }
}

/**
 * The scroll top that keeps the reader's place after rows changed: moved by as much as the place's
 * row moved down (older rows came in above it); null when it did not move or is gone (another
 * channel).
 */
export function keptScrollTop(
  place: ReadingPlace,
  scrollTop: number,
  rows: readonly MessageRow[],
  startOf: (index: number) => number,
): number | null {
  const index = rows.findIndex((row) => row.key === place.key)
  if (index < 0) return null
  const moved = startOf(index) - place.start
  return moved > 0 ? scrollTop + moved : null
}

/** How far from the top the next older page is asked for: three screens (at least 600 px). */
export function olderPrefetchDistance(clientHeight: number): number {
  return Math.max(clientHeight * 3, 600)
}
