// Search bonds by fragments of name, ISIN or issuer: available bonds only, exact ISIN first.
import type { FinstrumentSummary } from '@bonds/domain'
import type { FinstrumentsContext } from '../context.ts'
import { searchFinstruments } from '../repo.ts'
import { toSummary } from '../views.ts'

/** Results a search returns at most. */
export const SEARCH_LIMIT = 20

/** Search by fragments of name, ISIN or issuer. */
export async function search(
  { db }: FinstrumentsContext,
  query: string,
): Promise<FinstrumentSummary[]> {
  return (await searchFinstruments(db, query, SEARCH_LIMIT)).map(toSummary)
}
