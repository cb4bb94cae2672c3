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

/** Which cells of which lines changed between two answers (a new line is not a change). */
export function changedCells(
  before: readonly PrivateRunLine[] | undefined,
  after: readonly PrivateRunLine[],
): Map<number, Set<RunCell>> {
  const changes = new Map<number, Set<RunCell>>()
  if (!before) return changes
  const old = new Map(before.map((l) => [l.id, l]))
  for (const line of after) {
    const was = old.get(line.id)
    if (!was) continue
    const cells = new Set<RunCell>()
    if (was.yield !== line.yield || was.price !== line.price) cells.add('level')
    if (was.quantum !== line.quantum) cells.add('quantum')
    if (was.status !== line.status) cells.add('status')
    if (was.rfq?.state !== line.rfq?.state) cells.add('venue')
    if (cells.size > 0) changes.set(line.id, cells)
  }
  return changes
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
