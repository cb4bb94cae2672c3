// The RFQ quotes grid's rows as pure functions: filter by side and text, sort by a column, find
// the cells that changed since the last answer (to flash them), and what the caller can do in a
// negotiation (decision 263) and the brokers its deal may name (decision 383).
import type { Negotiation, NetworkEntry, QuoteType, RfqQuote } from '@bonds/domain'

/** The grid's sortable columns. */
export const RFQ_COLUMNS = [
  'bond',
  'side',
  'yield',
  'price',
  'quantum',
  'settlement',
  'expiry',
] as const
/** One sortable column. */
export type RfqColumn = (typeof RFQ_COLUMNS)[number]

/** A sort: a column and its direction. */
export interface RfqSort {
  column: RfqColumn
  direction: 'asc' | 'desc'
}

/** The grid's filters: a side, or both; text in the bond's name or ISIN. */
export interface RfqFilter {
  side: QuoteType | 'ALL'
  text: string
}

const KEY: Record<RfqColumn, (quote: RfqQuote) => string | number> = {
  bond: (quote) => quote.display_name,
  side: (quote) => quote.quote_type,
  yield: (quote) => quote.yield_stored ?? -1,
  price: (quote) => quote.unit_price_stored,
  quantum: (quote) => quote.quantum,
  settlement: (quote) => quote.settlement_date,
  expiry: (quote) => quote.expiry_date_stored,
}

/** Bond names in the desk's order: one collator for every sort (case and accents aside). */
const NAMES = new Intl.Collator('en-IN', { sensitivity: 'base', numeric: true })

/** The grid's rows and what they were made from, to update them when only a few quotes change. */
export interface RfqRows {
  rows: RfqQuote[]
  quotes: readonly RfqQuote[]
  filter: RfqFilter
  sort: RfqSort
  /** Where each shown quote's row is, by id. */
  index: Map<number, number>
  /** A row's sort key. */
  keyOf: (quote: RfqQuote) => string | number
}

const passes = (quote: RfqQuote, side: RfqFilter['side'], text: string) =>
  (side === 'ALL' || quote.quote_type === side) &&
  (!text ||
    quote.display_name.toLowerCase().includes(text) ||
    quote.isin.toLowerCase().includes(text))

/** Sorted by key in the direction asked, ties by the newest quote (the higher id) first. */
function comparer(sign: number) {
  return (a: { key: string | number; id: number }, b: { key: string | number; id: number }) => {
    if (a.key < b.key) return -sign
    if (a.key > b.key) return sign
    return b.id - a.id
  }
}

/**
 * The quotes that pass the filter, sorted (ties by the newest quote: a repriced row keeps its
 * place). Keys are read once per quote, not per comparison, and bond names ranked once with one
 * collator. Given the previous rows, a frame that only updated quotes in place (the socket's
 * patches, decision 310) costs a pass over the list and a move per quote whose key changed,
 * not a sort.
 */
export function sortRfqRows(
  quotes: readonly RfqQuote[],
  filter: RfqFilter,
  sort: RfqSort,
  previous?: RfqRows,
): RfqRows {
  const text = filter.text.trim().toLowerCase()
  if (
    previous &&
    previous.filter.side === filter.side &&
    previous.filter.text === filter.text &&
    previous.sort.column === sort.column &&
    previous.sort.direction === sort.direction
  ) {
    const updated = updateRows(previous, quotes, filter.side, text, sort)
    if (updated) return updated
  }
  const sign = sort.direction === 'asc' ? 1 : -1
  const kept = quotes.filter((quote) => passes(quote, filter.side, text))
  let keyOf: (quote: RfqQuote) => string | number = KEY[sort.column]
  if (sort.column === 'bond') {
    const names = [...new Set(kept.map((quote) => quote.display_name))].sort(NAMES.compare)
    const rank = new Map(names.map((name, index) => [name, index]))
    keyOf = (quote) => rank.get(quote.display_name) ?? -1
  }
  const keyed = kept.map((quote) => ({ quote, key: keyOf(quote), id: quote.id }))
  keyed.sort(comparer(sign))
  const rows = keyed.map((entry) => entry.quote)
  return { rows, quotes, filter, sort, index: indexOf(rows), keyOf }
}

const indexOf = (rows: readonly RfqQuote[]) => new Map(rows.map((row, at) => [row.id, at]))

/** The rows after quotes changed in place; undefined when only a full sort will do. */
function updateRows(
  previous: RfqRows,
  quotes: readonly RfqQuote[],
  side: RfqFilter['side'],
  text: string,
  sort: RfqSort,
): RfqRows | undefined {
  if (quotes === previous.quotes) return previous
  if (quotes.length !== previous.quotes.length) return undefined
  let rows = previous.rows.slice()
  const moved: RfqQuote[] = []
  for (let at = 0; at < quotes.length; at += 1) {
    const quote = quotes[at] as RfqQuote
    const old = previous.quotes[at] as RfqQuote
    if (quote === old) continue
    if (quote.id !== old.id) return undefined
    const shown = passes(old, side, text)
    if (shown !== passes(quote, side, text)) return undefined
    if (!shown) continue
    const key = previous.keyOf(quote)
    // A bond name the ranking has not seen needs a sort.
    if (key === -1 && sort.column === 'bond') return undefined
    const row = previous.index.get(quote.id)
    if (row === undefined) return undefined
    rows[row] = quote
    if (key !== previous.keyOf(old)) moved.push(quote)
  }
  if (moved.length === 0) return { ...previous, rows, quotes }
  if (moved.length > 32) return undefined
  // The quotes whose key changed leave their places (the rest stay sorted), then each goes where
  // it now sorts.
  const compare = comparer(sort.direction === 'asc' ? 1 : -1)
  const entry = (quote: RfqQuote) => ({ key: previous.keyOf(quote), id: quote.id })
  const leaving = new Set(moved)
  rows = rows.filter((row) => !leaving.has(row))
  for (const quote of moved) {
    const target = entry(quote)
    let low = 0
    let high = rows.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compare(entry(rows[middle] as RfqQuote), target) <= 0) low = middle + 1
      else high = middle
    }
    rows.splice(low, 0, quote)
  }
  return { ...previous, rows, quotes, index: indexOf(rows) }
}

/** The quotes that pass the filter, sorted (ties by the newest quote). */
export function rfqRows(quotes: readonly RfqQuote[], filter: RfqFilter, sort: RfqSort): RfqQuote[] {
  return sortRfqRows(quotes, filter, sort).rows
}

/** A changed cell's direction. */
export type CellMove = 'up' | 'down'

/** The moved cells of one row. */
export type CellMoves = Partial<Record<'yield' | 'price' | 'quantum', CellMove>>

const NO_MOVES: CellMoves = Object.freeze({})

/** The cells whose numbers moved from one version of a quote to the next. */
function compareCells(old: RfqQuote, quote: RfqQuote): CellMoves {
  const cells: CellMoves = {}
  const compare = (column: 'yield' | 'price' | 'quantum', a: number | null, b: number | null) => {
    if (a !== null && b !== null && a !== b) cells[column] = b > a ? 'up' : 'down'
  }
  compare('yield', old.yield_stored, quote.yield_stored)
  compare('price', old.unit_price_stored, quote.unit_price_stored)
  compare('quantum', old.quantum, quote.quantum)
  return Object.keys(cells).length > 0 ? cells : NO_MOVES
}

/** A row's moved cells, and which of two alternating flashes plays them (a change restarts it). */
export interface RowMoves {
  cells: CellMoves
  tick: 0 | 1
}

const STILL: RowMoves = Object.freeze({ cells: NO_MOVES, tick: 0 as const })

/**
 * What a grid remembers of the rows it showed: each quote's last version and the cells that moved
 * into it. A row asks only when it renders (the rows in view), so a quote that changed out of view
 * flashes when it scrolls in; its cells keep their move until the quote changes again, so a
 * re-render never restarts a flash, and each change flips `tick`, so the row's element (and the
 * keyboard focus on it) stays while the flash plays again (decision 311).
 */
export class CellMemory {
  private seen = new Map<number, { quote: RfqQuote; moves: RowMoves }>()

  /** The moved cells of a quote as shown now. */
  moves(quote: RfqQuote): RowMoves {
    const before = this.seen.get(quote.id)
    if (before && (before.quote === quote || before.quote.updated_at === quote.updated_at)) {
      return before.moves
    }
    const moves: RowMoves = before
      ? { cells: compareCells(before.quote, quote), tick: before.moves.tick === 0 ? 1 : 0 }
      : STILL
    this.seen.set(quote.id, { quote, moves })
    return moves
  }

  /** Forget quotes no longer listed (called with the list when it shrinks a lot). */
  keep(quotes: readonly RfqQuote[]): void {
    if (this.seen.size <= 2 * quotes.length + 100) return
    const ids = new Set(quotes.map((quote) => quote.id))
    for (const id of this.seen.keys()) if (!ids.has(id)) this.seen.delete(id)
  }
}

/** What the caller may do in a negotiation now. */
export interface NegotiationActions {
  /** Counter (the thread is open and the quote live). */
  counter: boolean
  /** Deal at the other side's last counter (the last word is theirs). */
  accept: boolean
  /** The caller's quote to close and the opposing one, for the close call. */
  close: { id: number; opposing: number }
}

/** What the caller may do in a thread, and the quotes a close names. */
export function negotiationActions(thread: Negotiation): NegotiationActions {
  const open = thread.state === 'OPEN'
  const last = thread.entries.at(-1)
  const owner = thread.side === 'OWNER'
  return {
    counter: open,
    accept: open && last !== undefined && last.by !== thread.side,
    close: owner
      ? { id: thread.eoi_id, opposing: thread.counter_eoi_id }
      : { id: thread.counter_eoi_id, opposing: thread.eoi_id },
  }
}

/** A broker firm a deal may name. */
export interface DealBroker {
  client_id: string
  name: string
}

/**
 * The brokers a deal in this thread may name (decision 383): the other firm when it is a broker
 * firm, then the broker firms among the caller's partners, each once.
 */
export function dealBrokers(thread: Negotiation, partners: readonly NetworkEntry[]): DealBroker[] {
  const brokers: DealBroker[] = thread.other_broker ? [thread.other_broker] : []
  for (const entry of partners) {
    if (!entry.is_partner || !entry.is_broker || entry.client_id === null) continue
    if (brokers.some((broker) => broker.client_id === entry.client_id)) continue
    brokers.push({ client_id: entry.client_id, name: entry.name })
  }
  return brokers
}

/** The side as the desk says it. */
export function sideLabel(side: QuoteType): string {
  return side === 'BID' ? 'Bid' : 'Offer'
}
