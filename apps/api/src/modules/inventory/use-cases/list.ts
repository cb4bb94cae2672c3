// GET api/inventory/: the firm's positions per bond and book, filtered and paged, with the totals
// of everything the filters keep (per book, by issuer, rating and maturity) and the day's state.
import {
  MATURITY_BUCKETS,
  type InventoryListQuery,
  type InventoryPage,
  type InventoryPosition,
  type InventoryTotals,
} from '@bonds/domain'
import { roundTo } from '@bonds/pricing'
import type { AuthUser } from '../../../http/access.ts'
import { bookOf } from '../book.ts'
import type { InventoryContext } from '../context.ts'
import { lastConfirmation } from '../repo.ts'

const paise = (rupees: number) => Math.round(rupees * 100)
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** Shares of market value by a key, largest first. */
function sharesBy(
  positions: readonly InventoryPosition[],
  keyOf: (p: InventoryPosition) => string,
) {
  const by = new Map<string, number>()
  for (const p of positions) by.set(keyOf(p), (by.get(keyOf(p)) ?? 0) + paise(p.market_value))
  const total = sum([...by.values()])
  return [...by.entries()]
    .map(([name, value]) => ({
      name,
      market_value: value / 100,
      share: total === 0 ? 0 : roundTo(value / total, 6),
    }))
    .sort((a, b) => b.market_value - a.market_value || a.name.localeCompare(b.name))
}

/** The totals of a set of positions (money summed in paise). */
export function totalsOf(positions: readonly InventoryPosition[]): InventoryTotals {
  const books = new Map<string, InventoryPosition[]>()
  for (const p of positions) {
    const list = books.get(p.book)
    if (list) list.push(p)
    else books.set(p.book, [p])
  }
  const money = (
    list: readonly InventoryPosition[],
    key: 'market_value' | 'accrued' | 'unrealised_pnl',
  ) => sum(list.map((p) => paise(p[key]))) / 100
  return {
    face_value: sum(positions.map((p) => p.face_value)),
    market_value: money(positions, 'market_value'),
    accrued: money(positions, 'accrued'),
    unrealised_pnl: money(positions, 'unrealised_pnl'),
    pv01: roundTo(sum(positions.map((p) => p.pv01 ?? 0)), 2),
    by_book: [...books.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([book, list]) => ({
        book,
        face_value: sum(list.map((p) => p.face_value)),
        market_value: money(list, 'market_value'),
        unrealised_pnl: money(list, 'unrealised_pnl'),
      })),
    by_issuer: sharesBy(positions, (p) => p.issuer),
    by_rating: sharesBy(positions, (p) => p.rating ?? 'Unrated'),
    by_maturity: MATURITY_BUCKETS.map((bucket) => {
      const list = positions.filter((p) => p.maturity_bucket === bucket)
      return {
        bucket,
        face_value: sum(list.map((p) => p.face_value)),
        market_value: money(list, 'market_value'),
      }
    }),
  }
}

/** A page of the caller's firm's book. */
export async function listInventory(
  ctx: InventoryContext,
  user: AuthUser,
  query: InventoryListQuery,
): Promise<InventoryPage> {
  const [{ positions, today }, confirmed] = await Promise.all([
    bookOf(ctx, user),
    lastConfirmation(ctx.db, user.clientId),
  ])
  const issuer = query.issuer?.toLowerCase()
  const rating = query.rating?.toLowerCase()
  const kept = positions
    .filter(
      (p) =>
        (!query.type || p.type === query.type) &&
        (!issuer || p.issuer.toLowerCase().includes(issuer)) &&
        (!rating || (p.rating ?? '').toLowerCase() === rating) &&
        (!query.maturity_bucket || p.maturity_bucket === query.maturity_bucket) &&
        (!query.book || p.book === query.book),
    )
    .sort(
      (a, b) =>
        a.book.localeCompare(b.book) ||
        a.display_name.localeCompare(b.display_name) ||
        a.isin.localeCompare(b.isin),
    )
  const start = (query.page - 1) * query.page_size
  return {
    results: kept.slice(start, start + query.page_size),
    count: kept.length,
    page: query.page,
    page_size: query.page_size,
    totals: totalsOf(kept),
    confirmed_through: confirmed?.date ?? null,
    today,
  }
}
