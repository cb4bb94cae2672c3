// The totals of a book of valued positions (issue 25's inventory): money summed in whole paise,
// per book, shares by issuer and rating, face and value by maturity bucket. One code for the
// server's `GET api/inventory/` and the page, which totals the rows it patched from a quote tick
// itself so its totals never mix an old valuation with a new one (decision 316).
import { MATURITY_BUCKETS, type InventoryPosition, type InventoryTotals } from '@bonds/domain'
import { roundTo } from './rounding.ts'

const paise = (rupees: number) => Math.round(rupees * 100)

/** Shares of market value by a key, largest first. */
function sharesBy(
  positions: readonly InventoryPosition[],
  keyOf: (p: InventoryPosition) => string,
) {
  const by = new Map<string, number>()
  let total = 0
  for (const p of positions) {
    const key = keyOf(p)
    const value = paise(p.market_value)
    by.set(key, (by.get(key) ?? 0) + value)
    total += value
  }
  return [...by.entries()]
    .map(([name, value]) => ({
      name,
      market_value: value / 100,
      share: total === 0 ? 0 : roundTo(value / total, 6),
    }))
    .sort((a, b) => b.market_value - a.market_value || a.name.localeCompare(b.name))
}

interface Sums {
  face: number
  value: number
  accrued: number
  pnl: number
}

const empty = (): Sums => ({ face: 0, value: 0, accrued: 0, pnl: 0 })

function add(sums: Sums, p: InventoryPosition) {
  sums.face += p.face_value
  sums.value += paise(p.market_value)
  sums.accrued += paise(p.accrued)
  sums.pnl += paise(p.unrealised_pnl)
}

/** The totals of a set of positions (money summed in paise, in one pass). */
export function bookTotals(positions: readonly InventoryPosition[]): InventoryTotals {
  const all = empty()
  let pv01 = 0
  const books = new Map<string, Sums>()
  const buckets = new Map<string, Sums>()
  for (const p of positions) {
    add(all, p)
    pv01 += p.pv01 ?? 0
    let book = books.get(p.book)
    if (!book) books.set(p.book, (book = empty()))
    add(book, p)
    if (p.maturity_bucket) {
      let bucket = buckets.get(p.maturity_bucket)
      if (!bucket) buckets.set(p.maturity_bucket, (bucket = empty()))
      add(bucket, p)
    }
  }
  return {
    face_value: all.face,
    market_value: all.value / 100,
    accrued: all.accrued / 100,
    unrealised_pnl: all.pnl / 100,
    pv01: roundTo(pv01, 2),
    by_book: [...books.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([book, sums]) => ({
        book,
        face_value: sums.face,
        market_value: sums.value / 100,
        unrealised_pnl: sums.pnl / 100,
      })),
    by_issuer: sharesBy(positions, (p) => p.issuer),
    by_rating: sharesBy(positions, (p) => p.rating ?? 'Unrated'),
    by_maturity: MATURITY_BUCKETS.map((bucket) => {
      const sums = buckets.get(bucket) ?? empty()
      return { bucket, face_value: sums.face, market_value: sums.value / 100 }
    }),
  }
}
