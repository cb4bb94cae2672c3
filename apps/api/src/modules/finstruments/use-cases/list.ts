// A page of the screener: bonds by selected category values and filters, in ISIN order or by the
// sort asked for, with cursor pagination.
import type { FinstrumentListRequest, FinstrumentPage, ScreenFilter } from '@bonds/domain'
import { PUBLIC_VIEWER, type FinstrumentsContext, type Viewer } from '../context.ts'
import { decodeSortedCursor, encodeSortedCursor, page } from '../cursors.ts'
import { listFinstruments, listSorted, type Screen } from '../screen-repo.ts'
import { marketYieldsOfLiquid, toSummary, withMarketYields } from '../views.ts'

/** What a screen page asks for (the list request without its instrument type). */
export type ListRequest = Pick<
  FinstrumentListRequest,
  'pagination_params' | 'category_values' | 'sort'
> & { filters?: readonly ScreenFilter[] }

/** A page of the screen, in ISIN order or by the sort asked for. */
export async function list(
  context: FinstrumentsContext,
  request: ListRequest,
  viewer: Viewer = PUBLIC_VIEWER,
): Promise<FinstrumentPage> {
  const { db, today } = context
  const day = today()
  const screen: Screen = {
    selection: request.category_values,
    filters: request.filters ?? [],
    today: day,
  }
  const { cursor, limit } = request.pagination_params
  const sort = request.sort
  if (!sort) {
    const plain = await page(
      (after, n) => listFinstruments(db, screen, after, n),
      cursor,
      limit,
      day,
    )
    return { ...plain, results: await withMarketYields(context, plain.results, viewer) }
  }
  // Sorted by yield, bonds the market prices sort by the yield they show (see withMarketYields).
  const market = sort.field === 'yield' ? await marketYieldsOfLiquid(context, viewer) : undefined
  const rows = await listSorted(
    db,
    screen,
    sort,
    decodeSortedCursor(cursor, sort),
    limit + 1,
    market,
  )
  const results = rows.slice(0, limit)
  const last = results.at(-1)
  return {
    results: await withMarketYields(
      context,
      results.map((row) => toSummary(row, day)),
      viewer,
    ),
    next_cursor:
      rows.length > limit && last ? encodeSortedCursor(sort, last.sortKey, last.id) : null,
  }
}
