// A signed-in user reads a bond's stored credit-rating rationales, newest first.
import type { CreditRationaleList } from '@bonds/domain'
import { bond, type DocumentsContext } from '../context.ts'
import { listCreditRationales } from '../repo.ts'

/** The stored credit rationales of a bond, newest first. */
export async function creditRationales(
  { db }: DocumentsContext,
  id: string,
): Promise<CreditRationaleList> {
  const row = await bond(db, id)
  const rows = await listCreditRationales(db, row.id)
  return {
    results: rows.map((r) => ({
      id: String(r.id),
      agency: r.agency,
      rating: r.rating,
      rated_on: r.ratedOn,
      summary: r.summary,
      source_url: r.sourceUrl,
    })),
  }
}
