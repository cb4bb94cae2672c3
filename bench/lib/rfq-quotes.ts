// RFQ quotes as the benches make them: list rows (`GET api/eoi/rfq-quote/`) and the quote a
// `quotes_eoi` message carries (decision 310), on 100 ISIN-shaped bonds.

/** 100 ISIN-shaped ids. */
export const BENCH_ISINS = Array.from(
  { length: 100 },
  (_, i) => `IN00202${String(10000 + i).slice(1)}`,
)

/** Quote i (0-based) on `isins`, `moved` shifting its price and yield, changed at `at`. */
export function benchQuote(i: number, moved: number, at: string, isins = BENCH_ISINS) {
  const isin = isins[i % isins.length]!
  return {
    id: i + 1,
    finstrument_id: isin,
    isin,
    display_name: `7.${String(i % 100).padStart(2, '0')}% GS 20${30 + (i % 20)}`,
    quote_type: i % 2 === 0 ? 'BID' : 'ASK',
    quantum: 10_000_000 * (1 + (i % 25)),
    unit_price_stored: 100 + (i % 500) / 100 + moved / 10_000,
    yield_stored: 0.07 + (i % 300) / 100_000 - moved / 1_000_000,
    fixed_field: 'yield',
    settlement_date: '2026-11-30',
    expiry_date_stored: '2026-11-30T11:30:00.000Z',
    state: 'DEFAULT',
    created_at: at,
    updated_at: at,
  }
}

/** The list's answer: `count` quotes, `version` moving 1 % of the prices. */
export function benchQuotePage(count: number, version: number, isins = BENCH_ISINS): string {
  const at = new Date().toISOString()
  const results = Array.from({ length: count }, (_, i) => ({
    ...benchQuote(i, (i + version) % 100 === 0 ? version : 0, at, isins),
    mine: i % 7 === 0,
    negotiations: [],
  }))
  return JSON.stringify({ results, count, page: 1, page_size: count })
}

/** A `quotes_eoi` message's data for quote i as the server sends it, or bare (before 310). */
export function benchQuoteMessage(
  i: number,
  moved: number,
  { state = 'DEFAULT', bare = false, isins = BENCH_ISINS } = {},
) {
  const quote = { ...benchQuote(i, moved, new Date().toISOString(), isins), state }
  const data = { eoi_id: quote.id, finstrument_id: quote.finstrument_id }
  if (bare) return state === 'DEFAULT' ? data : { ...data, state }
  return { ...data, quote_type: quote.quote_type, state, respond_eoi_id: null, quote }
}
