// The RFQ quotes grid's rows as pure functions: filter by side and text, sort by a column, find
// the cells that changed since the last answer (to flash them), and what the caller can do in a
// negotiation (decision 263).
import type { Negotiation, QuoteType, RfqQuote } from '@bonds/domain'

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
  bond: (quote) => quote.display_name.toLowerCase(),
  side: (quote) => quote.quote_type,
  yield: (quote) => quote.yield_stored ?? -1,
  price: (quote) => quote.unit_price_stored,
  quantum: (quote) => quote.quantum,
  settlement: (quote) => quote.settlement_date,
  expiry: (quote) => quote.expiry_date_stored,
}

/** The quotes that pass the filter, sorted (ties by newest change). */
export function rfqRows(quotes: readonly RfqQuote[], filter: RfqFilter, sort: RfqSort): RfqQuote[] {
  const text = filter.text.trim().toLowerCase()
  const sign = sort.direction === 'asc' ? 1 : -1
  const key = KEY[sort.column]
  return quotes
    .filter((quote) => filter.side === 'ALL' || quote.quote_type === filter.side)
    .filter(
      (quote) =>
        !text ||
        quote.display_name.toLowerCase().includes(text) ||
        quote.isin.toLowerCase().includes(text),
    )
    .sort((a, b) => {
      const ka = key(a)
      const kb = key(b)
      if (ka < kb) return -sign
      if (ka > kb) return sign
      return b.updated_at.localeCompare(a.updated_at)
    })
}

/** A changed cell's direction. */
export type CellMove = 'up' | 'down'

/** The cells whose numbers moved since the previous answer, by quote id and column. */
export function movedCells(
  previous: readonly RfqQuote[] | undefined,
  current: readonly RfqQuote[],
): Map<number, Partial<Record<'yield' | 'price' | 'quantum', CellMove>>> {
  const moved = new Map<number, Partial<Record<'yield' | 'price' | 'quantum', CellMove>>>()
  if (!previous) return moved
  const before = new Map(previous.map((quote) => [quote.id, quote]))
  for (const quote of current) {
    const old = before.get(quote.id)
    if (!old) continue
    const cells: Partial<Record<'yield' | 'price' | 'quantum', CellMove>> = {}
    const compare = (column: 'yield' | 'price' | 'quantum', a: number | null, b: number | null) => {
      if (a !== null && b !== null && a !== b) cells[column] = b > a ? 'up' : 'down'
    }
    compare('yield', old.yield_stored, quote.yield_stored)
    compare('price', old.unit_price_stored, quote.unit_price_stored)
    compare('quantum', old.quantum, quote.quantum)
    if (Object.keys(cells).length > 0) moved.set(quote.id, cells)
  }
  return moved
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

/** The side as the desk says it. */
export function sideLabel(side: QuoteType): string {
  return side === 'BID' ? 'Bid' : 'Offer'
}
