// Search bonds by fragments of name, ISIN or issuer: available bonds only, exact ISIN first, then
// what can be traded (decision 110).
import type { FinstrumentSummary } from '@bonds/domain'
import { PUBLIC_VIEWER, type FinstrumentsContext, type Viewer } from '../context.ts'
import { searchFinstruments } from '../repo.ts'
import { toSummary, withMarketYields } from '../views.ts'

/** Results a search returns at most. */
export const SEARCH_LIMIT = 20

/** Search by fragments of name, ISIN or issuer. */
export async function search(
  context: FinstrumentsContext,
  query: string,
  viewer: Viewer = PUBLIC_VIEWER,
): Promise<FinstrumentSummary[]> {
  const { db, now, today, liquidBonds } = context
  const day = today()
  const liquid = await liquidBonds(now())
  const rows = await searchFinstruments(db, query, SEARCH_LIMIT, { today: day, liquid })
  return withMarketYields(
    context,
    rows.map((row) => toSummary(row, day)),
    viewer,
  )
}
