// The private run as the grid shows it: lines grouped by the message they came from (one
// counterparty, one message), newest first; which cells changed since the answer before (to
// flash them); and the words for a line's side, settlement and venue state.
import { RFQ_VENUE_NAMES, type PrivateRunLine, type VenueRfq } from '@bonds/domain'
import { compareKeys, type ColumnSort } from '../shared-sort.ts'

/** A row of the grid: a message's heading, or one of its quotes. */
export type RunRow =
  | { kind: 'message'; key: string; first: PrivateRunLine; count: number }
  | { kind: 'line'; key: string; line: PrivateRunLine }

/** The grid's rows: each message's heading, then its lines, in the order the server gave. */
export function runRows(lines: readonly PrivateRunLine[]): RunRow[] {
  const byMessage = new Map<number, PrivateRunLine[]>()
  for (const line of lines) {
    const group = byMessage.get(line.message_id)
    if (group) group.push(line)
    else byMessage.set(line.message_id, [line])
  }
  const rows: RunRow[] = []
  for (const [messageId, group] of byMessage) {
    rows.push({ kind: 'message', key: `m${messageId}`, first: group[0]!, count: group.length })
    for (const line of group) rows.push({ kind: 'line', key: `l${line.id}`, line })
  }
  return rows
}

/** The run grid's sortable columns. */
export type RunColumn = 'bond' | 'side' | 'yield' | 'price' | 'quantum' | 'status'

const RUN_KEY: Record<RunColumn, (line: PrivateRunLine) => string | number | null> = {
  bond: (line) => line.display_name,
  side: (line) => sideWord(line),
  yield: (line) => line.yield,
  price: (line) => line.price,
  quantum: (line) => line.quantum,
  status: (line) => line.status,
}

/**
 * The grid's rows sorted by a column (lines without the number last, ties in the server's order,
 * newest first); a message's heading comes before each run of its lines, so a line always shows
 * who sent it. No sort: `runRows`, every message's lines together.
 */
export function sortedRunRows(
  lines: readonly PrivateRunLine[],
  sort: ColumnSort<RunColumn> | null,
): RunRow[] {
  if (!sort) return runRows(lines)
  const key = RUN_KEY[sort.column]
  const keyed = lines.map((line, at) => ({ line, at, key: key(line) }))
  keyed.sort((a, b) => compareKeys(a.key, b.key, sort.direction) || a.at - b.at)
  const rows: RunRow[] = []
  let heading = null as Extract<RunRow, { kind: 'message' }> | null
  for (const { line } of keyed) {
    if (heading?.first.message_id === line.message_id) heading.count += 1
    else {
      heading = { kind: 'message', key: `m${line.message_id}-l${line.id}`, first: line, count: 1 }
      rows.push(heading)
    }
    rows.push({ kind: 'line', key: `l${line.id}`, line })
  }
  return rows
}

/** A cell that can change while shown. */
export type RunCell = 'level' | 'quantum' | 'status' | 'venue'

/** The cells of a line that differ between two of its answers. */
function cellsChanged(was: PrivateRunLine, line: PrivateRunLine): Set<RunCell> {
  const cells = new Set<RunCell>()
  if (was.yield !== line.yield || was.price !== line.price) cells.add('level')
  if (was.quantum !== line.quantum) cells.add('quantum')
  if (was.status !== line.status) cells.add('status')
  if (was.rfq?.state !== line.rfq?.state) cells.add('venue')
  return cells
}

/**
 * A line's last change: the cells it flashes, and how many times they changed (the grid keys the
 * line's row by it, so each change plays its flash again and nothing else remounts the row).
 */
export interface LineFlash {
  cells: ReadonlySet<RunCell>
  version: number
}

const NO_FLASH: LineFlash = Object.freeze({ cells: new Set<RunCell>(), version: 0 })

/**
 * What a grid remembers of the run's lines: each line's last answer and its last change. A line
 * keeps its flash (the same object) until its cells change again: an answer that changes other
 * lines, drops one (a dismissal) or repeats it never restarts nor ends a line's flash, so an
 * unchanged line's row is not rendered again (decision 404). A new line does not flash.
 */
export class RunLineMemory {
  private seen = new Map<number, { line: PrivateRunLine; flash: LineFlash }>()

  /** The flash of every line of an answer (lines gone from it are forgotten). */
  read(lines: readonly PrivateRunLine[]): Map<number, LineFlash> {
    const seen = new Map<number, { line: PrivateRunLine; flash: LineFlash }>()
    for (const line of lines) {
      const before = this.seen.get(line.id)
      let flash = before?.flash ?? NO_FLASH
      if (before && before.line !== line) {
        const cells = cellsChanged(before.line, line)
        if (cells.size > 0) flash = { cells, version: flash.version + 1 }
      }
      seen.set(line.id, { line, flash })
    }
    this.seen = seen
    return new Map([...seen].map(([id, { flash }]) => [id, flash]))
  }
}

/** The quote's side as the desk says it. */
export const sideWord = (line: Pick<PrivateRunLine, 'quote_type'>) =>
  line.quote_type === 'BID' ? 'Bid' : 'Offer'

/** Settlement as T+n, or a dash when the message did not say. */
export const settlementWord = (delta: 0 | 1 | null) => (delta === null ? '—' : `T+${delta}`)

const STATE_WORDS: Record<VenueRfq['state'], string> = {
  initiated: 'Initiated',
  quoted: 'Quoted',
  negotiating: 'Negotiating',
  dealt: 'Deal',
  cancelled: 'Cancelled',
  closed: 'Closed',
}

/** A line's exchange RFQ in words ("NSE RFQ · Quoted"), or null when it has none. */
export function venueWords(rfq: VenueRfq | null): string | null {
  if (!rfq) return null
  return `${RFQ_VENUE_NAMES[rfq.exchange]} · ${STATE_WORDS[rfq.state]}`
}

/** Whether a line can go to the exchange: in the run, with bond, level and size, not there yet. */
export function canSendToRfq(line: PrivateRunLine): boolean {
  return (
    line.status === 'live' &&
    line.finstrument_id !== null &&
    (line.yield !== null || line.price !== null) &&
    line.quantum !== null &&
    (line.rfq === null || line.rfq.state === 'cancelled')
  )
}
