// Row heights of the message list known before a row is drawn (decision 350). The virtualiser lays
// rows out from their sizes: a row drawn for the first time is measured, and a measurement that
// differs from the row's estimate moves every row after it (a walk over all the rows after it;
// scrolling up through a 10,000-message channel met that walk for nearly every row, the CPU
// profile's first item). Most rows have one of a few shapes whose height does not depend on their
// text (a one-line message of mine or someone else's, two lines, a buzz, an
// admin line, each with or without the day's separator above it): the first rows of a shape that are measured teach its height, and every later row
// of that shape is estimated at exactly that height, so its measurement changes nothing. Rows whose
// height can vary (wrapping text, files, images, link previews, my pending sends) have no shape:
// they are estimated and measured as before. Pure, so it is tested without a DOM.
import { CHAT_CUSTOM_TYPES, type ChatChannel, type ChatMessage } from '@bonds/domain'
import { isBuzz } from '../model/buzz.ts'
import { offersMessageActions } from './message-actions.tsx'
import type { MessageRow } from './rows.ts'

/** A row's height before anything is known of its shape. */
export const ESTIMATED_ROW = 52

/** The widest a character of 14 px text is taken to be (a full-width character is 1 em). */
const CHAR_PX = 14

/**
 * The width a line of a bubble's text has: the bubble is at most 75 % of the list less the row's
 * side padding (12 px each side), less its own padding and border (11 px each side).
 */
export function bubbleTextWidth(listWidth: number): number {
  return (listWidth - 24) * 0.75 - 22
}

/** Most lines a message may have and still count as a shape (longer ones are measured). */
const MAX_LINES = 4

/**
 * The shape of a row whose height does not depend on its text at this list width, or null when it
 * can (a line that might wrap, a file or image, a link preview, a pending send).
 */
export function rowShape(
  row: MessageRow,
  channel: ChatChannel,
  me: string,
  listWidth: number,
): string | null {
  if (row.kind === 'outgoing') return null
  const shape = messageShape(row.message, channel, me, listWidth)
  // A day's first message carries the day's separator above it.
  return shape !== null && row.day !== undefined ? `day:${shape}` : shape
}

function messageShape(
  message: ChatMessage,
  channel: ChatChannel,
  me: string,
  listWidth: number,
): string | null {
  const fits = (text: string, width: number) => text.length * CHAR_PX <= width
  if (message.messageType === 'admin') {
    // Centred across the whole row.
    return !message.message.includes('\n') && fits(message.message, listWidth - 24) ? 'admin' : null
  }
  if (message.messageType !== 'user' || message.ogMetaData) return null
  const width = bubbleTextWidth(listWidth)
  const mine = message.sender?.userId === me
  // The sender's name heads the bubble (a long one could wrap).
  if (!mine && !fits(message.sender?.nickname ?? '', width / 2)) return null
  const marks = `${mine ? 'mine' : 'theirs'}${message.isBrokerToBroker ? ':b2b' : ''}`
  // (A buzz is marked by its custom type or by `buzz` in its data: parsed only then.)
  if (
    (message.customType === CHAT_CUSTOM_TYPES.buzz || message.data.includes('buzz')) &&
    isBuzz(message)
  )
    return `buzz:${marks}`
  const lines = message.message.split('\n')
  if (lines.length > MAX_LINES || !lines.every((line) => fits(line, width))) return null
  const actions = offersMessageActions(channel, message) ? ':actions' : ''
  return `text${lines.length}:${marks}${actions}`
}

/**
 * What a chat screen's lists have learnt: the height of each shape (the height most of its
 * measured rows had) and the estimate each row was given. One for the screen, so a channel opened
 * again (a new list) has its rows' estimates at once, without working out 10,000 shapes.
 */
export class ShapeHeights {
  readonly tallies = new Map<string, Map<number, number>>()
  readonly learnt = new Map<string, number>()
  readonly estimates = new Map<string | number, number>()
}

/**
 * The heights one list uses: its shapes' learnt heights; per row, the estimate it was first given
 * (kept, so a height learnt later never moves rows already laid out: only rows met afterwards get
 * it).
 */
export class RowHeights {
  private readonly tallies: Map<string, Map<number, number>>
  private readonly learnt: Map<string, number>
  private readonly estimates: Map<string | number, number>
  private readonly measured = new Set<string | number>()

  constructor(shapes: ShapeHeights = new ShapeHeights()) {
    this.tallies = shapes.tallies
    this.learnt = shapes.learnt
    this.estimates = shapes.estimates
  }

  /** A row's estimate: its shape's learnt height, else the general estimate; fixed once given. */
  estimate(key: string | number, shape: () => string | null): number {
    const given = this.estimates.get(key)
    if (given !== undefined) return given
    // Nothing learnt yet (a list's first render): no shape to work out.
    const kind = this.learnt.size > 0 ? shape() : null
    const estimate = (kind === null ? undefined : this.learnt.get(kind)) ?? ESTIMATED_ROW
    this.estimates.set(key, estimate)
    return estimate
  }

  /** A row's first measurement teaches its shape's height (later ones of the same row do not). */
  learn(key: string | number, shape: () => string | null, height: number): void {
    if (this.measured.has(key) || height <= 0) return
    this.measured.add(key)
    const kind = shape()
    if (kind === null) return
    const tally = this.tallies.get(kind) ?? new Map<number, number>()
    this.tallies.set(kind, tally)
    const count = (tally.get(height) ?? 0) + 1
    tally.set(height, count)
    const current = this.learnt.get(kind)
    if (current === undefined || count > (tally.get(current) ?? 0)) this.learnt.set(kind, height)
  }

  /** The height learnt for a shape, if any. */
  heightOf(shape: string): number | undefined {
    return this.learnt.get(shape)
  }
}
