// A signed-in user reads the trades the platform knows for a bond: a page, sorted, between dates
// (whole days in India).
import type { TradePage, TradesRequest } from '@bonds/domain'
import { bond, type DocumentsContext } from '../context.ts'
import { listTrades } from '../repo.ts'

const ONE_DAY_MS = 24 * 60 * 60 * 1000

/** Midnight in India at the start of an ISO date. */
function istMidnight(iso: string): Date {
  return new Date(`${iso}T00:00:00+05:30`)
}

/** A page of the trades the platform knows for a bond. */
export async function trades(
  { db }: DocumentsContext,
  id: string,
  request: TradesRequest,
): Promise<TradePage> {
  const row = await bond(db, id)
  const { page, page_size } = request.pagination
  const { date_from, date_to } = request.filters
  const { rows, total } = await listTrades(db, {
    finstrumentId: row.id,
    ...(date_from ? { from: istMidnight(date_from) } : {}),
    ...(date_to ? { before: new Date(istMidnight(date_to).getTime() + ONE_DAY_MS) } : {}),
    sort: request.sort.field,
    direction: request.sort.direction,
    offset: (page - 1) * page_size,
    limit: page_size,
  })
  return {
    results: rows.map((t) => ({
      id: String(t.id),
      trade_date: t.tradedAt.toISOString(),
      clean_price: t.cleanPrice,
      bond_yield: t.bondYield,
      quantity: t.quantity,
      face_value: t.faceValue,
      venue: t.venue,
      source: t.source,
    })),
    count: total,
    page,
    page_size,
  }
}
