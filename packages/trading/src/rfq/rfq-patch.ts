// The RFQ quotes list patched from the socket (decision 310): a `quotes_eoi` message carries the
// quote as the list shows it (anonymous: no `mine`, no negotiations), so a frame's messages update,
// insert and remove rows in the cached answer instead of fetching 10,000 quotes again. Pure
// functions: the stream patcher in api.ts applies them to every cached list.
import type { EoiState, RfqQuote, RfqQuotePage, StreamedQuote } from '@bonds/domain'

/** One message's change: the quote, whether it is the caller's firm's (`true` only when said). */
export interface QuoteChange {
  quote: StreamedQuote
  mine: boolean
  /** A response to another quote: never a row of the list. */
  response: boolean
}

/** What a list asks, as far as the patch must know: only the firm's own, a bond search. */
export interface RfqListScope {
  myQuotes?: boolean
  search?: string
}

/** The patched answer (the same object when nothing changed) and whether to fetch it again. */
export interface RfqPatch {
  page: RfqQuotePage
  refetch: boolean
}

const LIVE: ReadonlySet<string> = new Set<EoiState>(['DEFAULT', 'RESPONDED'])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * The change a `quotes_eoi` message's data carries, or null when it carries no quote (a server
 * before decision 310): then only a fetch tells what changed.
 */
export function quoteChange(data: Record<string, unknown>): QuoteChange | null {
  const quote = data.quote
  if (
    !isObject(quote) ||
    typeof quote.id !== 'number' ||
    typeof quote.updated_at !== 'string' ||
    typeof quote.state !== 'string' ||
    typeof quote.unit_price_stored !== 'number' ||
    typeof quote.quantum !== 'number'
  ) {
    return null
  }
  return {
    quote: quote as unknown as StreamedQuote,
    mine: data.mine === true,
    response: data.respond_eoi_id !== null && data.respond_eoi_id !== undefined,
  }
}

/** Each answer's row positions by quote id, kept while rows are only updated in place. */
const POSITIONS = new WeakMap<readonly RfqQuote[], ReadonlyMap<number, number>>()

/** Where each quote's row is: built once per answer or insertion, not once per frame. */
function positions(results: readonly RfqQuote[]): ReadonlyMap<number, number> {
  let found = POSITIONS.get(results)
  if (!found) {
    const built = new Map<number, number>()
    results.forEach((row, index) => built.set(row.id, index))
    POSITIONS.set(results, built)
    found = built
  }
  return found
}

/** The last change of each quote in a frame (by `updated_at`; of equal ones the later), mine merged. */
function lastChanges(changes: readonly QuoteChange[]): Map<number, QuoteChange> {
  const last = new Map<number, QuoteChange>()
  for (const change of changes) {
    const before = last.get(change.quote.id)
    if (!before) {
      last.set(change.quote.id, change)
      continue
    }
    const newer = change.quote.updated_at >= before.quote.updated_at ? change : before
    last.set(change.quote.id, { ...newer, mine: before.mine || change.mine })
  }
  return last
}

const matchesSearch = (quote: { display_name: string; isin: string }, search: string) => {
  const text = search.trim().toLowerCase()
  return (
    !text ||
    quote.display_name.toLowerCase().includes(text) ||
    quote.isin.toLowerCase().includes(text)
  )
}

/** A row from a streamed quote, keeping what only the list's answer knows (mine, negotiations). */
function rowOf(
  quote: StreamedQuote,
  base: Pick<RfqQuote, 'isin' | 'display_name' | 'mine' | 'negotiations'>,
): RfqQuote {
  return {
    id: quote.id,
    finstrument_id: quote.finstrument_id,
    isin: quote.isin ?? base.isin,
    display_name: quote.display_name ?? base.display_name,
    quote_type: quote.quote_type,
    quantum: quote.quantum,
    unit_price_stored: quote.unit_price_stored,
    yield_stored: quote.yield_stored,
    fixed_field: quote.fixed_field,
    settlement_date: quote.settlement_date,
    expiry_date_stored: quote.expiry_date_stored,
    state: quote.state,
    mine: base.mine,
    negotiations: base.negotiations,
    created_at: quote.created_at,
    updated_at: quote.updated_at,
  }
}

/**
 * Apply a frame's quote changes to one cached RFQ quotes answer. A live quote's row is updated in
 * place (an older change than the row is ignored); an expired quote leaves; a closed one leaves
 * unless the caller's firm negotiated on it (it may have dealt, and a deal stays: fetch again); a
 * new live quote joins at the top when it belongs to the list (the firm's own for `myQuotes`, the
 * bond matching `search`), named from the message or a row of the same bond, else the list is
 * fetched again. Answers the same page when nothing changed.
 */
export function patchRfqPage(
  page: RfqQuotePage,
  changes: readonly QuoteChange[],
  scope: RfqListScope = {},
): RfqPatch {
  if (changes.length === 0) return { page, refetch: false }
  const last = lastChanges(changes)
  const position = positions(page.results)
  let results: RfqQuote[] | null = null
  const write = () => (results ??= [...page.results])
  const removed = new Set<number>()
  const added: RfqQuote[] = []
  let refetch = false
  let bonds: Map<string, RfqQuote> | null = null
  const bondRow = (finstrumentId: string) => {
    bonds ??= new Map(page.results.map((row) => [row.finstrument_id, row]))
    return bonds.get(finstrumentId)
  }

  for (const { quote, mine, response } of last.values()) {
    if (response) continue
    const at = position.get(quote.id)
    const row = at === undefined ? undefined : page.results[at]
    const live = LIVE.has(quote.state)
    if (row && at !== undefined) {
      if (quote.updated_at < row.updated_at) {
        if (mine && !row.mine) write()[at] = { ...row, mine: true }
        continue
      }
      if (!live && (quote.state === 'EXPIRED' || row.negotiations.length === 0)) {
        removed.add(quote.id)
        continue
      }
      if (!live) refetch = true
      write()[at] = rowOf(quote, { ...row, mine: row.mine || mine })
      continue
    }
    if (!live || (scope.myQuotes && !mine)) continue
    const named =
      quote.isin !== undefined && quote.display_name !== undefined
        ? { isin: quote.isin, display_name: quote.display_name }
        : bondRow(quote.finstrument_id)
    if (!named) {
      refetch = true
      continue
    }
    if (scope.search && !matchesSearch(named, scope.search)) continue
    added.push(
      rowOf(quote, {
        isin: named.isin,
        display_name: named.display_name,
        mine,
        negotiations: [],
      }),
    )
  }

  if (results === null && removed.size === 0 && added.length === 0) return { page, refetch }
  let next: RfqQuote[] = results ?? page.results
  if (removed.size > 0) next = next.filter((row) => !removed.has(row.id))
  if (added.length > 0) {
    added.sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0))
    next = [...added, ...next]
  }
  // Rows updated in place keep their places: the next frame reuses the index.
  if (removed.size === 0 && added.length === 0) POSITIONS.set(next, position)
  return {
    page: { ...page, results: next, count: page.count + added.length - removed.size },
    refetch,
  }
}
