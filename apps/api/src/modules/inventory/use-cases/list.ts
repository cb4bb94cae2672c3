// GET api/inventory/: the firm's positions per bond and book, filtered and paged, with the totals
// of everything the filters keep (per book, by issuer, rating and maturity) and the day's state.
// `finstrument_id` keeps only the positions of the bonds named: a page patches those rows after a
// quote moved them instead of reading the whole book again (decision 316).
import type { InventoryListQuery, InventoryPage } from '@bonds/domain'
import { bookTotals } from '@bonds/pricing'
import type { AuthUser } from '../../../http/access.ts'
import { bookOf } from '../book.ts'
import type { InventoryContext } from '../context.ts'
import { lastConfirmation } from '../repo.ts'

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
  const bonds = query.finstrument_id ? new Set(query.finstrument_id) : null
  const kept = positions
    .filter(
      (p) =>
        (!query.type || p.type === query.type) &&
        (!issuer || p.issuer.toLowerCase().includes(issuer)) &&
        (!rating || (p.rating ?? '').toLowerCase() === rating) &&
        (!query.maturity_bucket || p.maturity_bucket === query.maturity_bucket) &&
        (!query.book || p.book === query.book) &&
        (!bonds || bonds.has(p.finstrument_id)),
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
    totals: bookTotals(kept),
    confirmed_through: confirmed?.date ?? null,
    today,
  }
}
