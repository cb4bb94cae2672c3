// Positions and books for tests and stories: a Trading book of a G-sec and an SDL, and a Treasury
// book of a bank bond, valued as the server answers.
import type { InventoryPage, InventoryPosition } from '@bonds/domain'

/** A position (₹50 cr of 6.54% GS 2032 in Trading), with `overrides`. */
export function makePosition(overrides: Partial<InventoryPosition> = {}): InventoryPosition {
  return {
    isin: 'IN0020210244',
    finstrument_id: 'IN0020210244',
    display_name: '6.54% GS 2032',
    issuer: 'Government of India',
    rating: 'SOV',
    type: 'GSEC',
    maturity_date: '2032-01-17',
    maturity_bucket: '5-10Y',
    book: 'Trading',
    face_value: 500_000_000,
    quantity: 5_000_000,
    reserved_face_value: 0,
    free_face_value: 500_000_000,
    cost_clean_price: 98.1234,
    cost_edited: false,
    market_clean_price: 98.4567,
    accrued: 12_34_567.89,
    market_value: 49_35_18_067.89,
    value_source: 'LIVE_QUOTE',
    value_source_detail: 'Live quote at 6.8500% (27-Nov-2026)',
    unrealised_pnl: 16_66_500,
    yield: 0.0685,
    modified_duration: 4.21,
    pv01: 2_07_890.12,
    valued_at: '2026-11-27',
    ...overrides,
  }
}

/** Three positions in two books. */
export const POSITIONS: readonly InventoryPosition[] = [
  makePosition(),
  makePosition({
    isin: 'IN1920210359',
    finstrument_id: 'IN1920210359',
    display_name: '7.44% Karnataka SDL 2035',
    issuer: 'Government of Karnataka',
    type: 'SDL',
    maturity_date: '2035-02-09',
    maturity_bucket: '5-10Y',
    face_value: 150_000_000,
    free_face_value: 150_000_000,
    market_value: 15_40_00_000,
    unrealised_pnl: -2_10_000,
    value_source: 'MODEL',
    value_source_detail: 'Model price (@bonds/pricing) at the disclosed yield of 7.0500%',
  }),
  makePosition({
    isin: 'INE040A08807',
    finstrument_id: 'INE040A08807',
    display_name: '8.00% HDFC Bank 2032',
    issuer: 'HDFC Bank Limited',
    rating: 'AAA',
    type: 'CORPORATE',
    book: 'Treasury',
    face_value: 50_000_000,
    free_face_value: 30_000_000,
    reserved_face_value: 20_000_000,
    quantity: 50,
    market_value: 5_12_00_000,
    unrealised_pnl: 3_40_000,
    value_source: 'LAST_TRADE',
    value_source_detail: 'Last trade at 7.3500% (26-Nov-2026)',
  }),
]

/** A book answer over `positions`, with totals summed as the server sums them. */
export function makeBook(
  positions: readonly InventoryPosition[] = POSITIONS,
  overrides: Partial<InventoryPage> = {},
): InventoryPage {
  const sum = (read: (p: InventoryPosition) => number) =>
    positions.reduce((a, p) => a + Math.round(read(p) * 100), 0) / 100
  const books = [...new Set(positions.map((p) => p.book))].sort()
  const issuers = [...new Set(positions.map((p) => p.issuer))]
  const total = sum((p) => p.market_value)
  return {
    results: [...positions],
    count: positions.length,
    page: 1,
    page_size: 500,
    today: '2026-11-27',
    confirmed_through: '2026-11-27',
    totals: {
      face_value: positions.reduce((a, p) => a + p.face_value, 0),
      market_value: total,
      accrued: sum((p) => p.accrued),
      unrealised_pnl: sum((p) => p.unrealised_pnl),
      pv01: sum((p) => p.pv01 ?? 0),
      by_book: books.map((book) => {
        const list = positions.filter((p) => p.book === book)
        return {
          book,
          face_value: list.reduce((a, p) => a + p.face_value, 0),
          market_value: list.reduce((a, p) => a + p.market_value, 0),
          unrealised_pnl: list.reduce((a, p) => a + p.unrealised_pnl, 0),
        }
      }),
      by_issuer: issuers.map((name) => {
        const value = positions
          .filter((p) => p.issuer === name)
          .reduce((a, p) => a + p.market_value, 0)
        return { name, market_value: value, share: total ? value / total : 0 }
      }),
      by_rating: [],
      by_maturity: (['0-1Y', '1-3Y', '3-5Y', '5-10Y', '10Y+'] as const).map((bucket) => {
        const list = positions.filter((p) => p.maturity_bucket === bucket)
        return {
          bucket,
          face_value: list.reduce((a, p) => a + p.face_value, 0),
          market_value: list.reduce((a, p) => a + p.market_value, 0),
        }
      }),
    },
    ...overrides,
  }
}
