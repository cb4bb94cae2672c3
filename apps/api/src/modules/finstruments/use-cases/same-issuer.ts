// Other available bonds of the same issuer that have not matured, nearest the viewed bond's
// maturity first (decision 110), with cursor pagination.
import type { FinstrumentPage } from '@bonds/domain'
import { bondById, PUBLIC_VIEWER, type FinstrumentsContext, type Viewer } from '../context.ts'
import { decodeNearCursor, encodeNearCursor } from '../cursors.ts'
import { sameIssuer as sameIssuerRows } from '../repo.ts'
import { toSummary, withMarketYields } from '../views.ts'

/** Other live bonds of the same issuer, nearest the viewed bond's maturity first. */
export async function sameIssuer(
  context: FinstrumentsContext,
  id: string,
  cursor: string | null | undefined,
  limit: number,
  viewer: Viewer = PUBLIC_VIEWER,
): Promise<FinstrumentPage> {
  const { db, today } = context
  const after = decodeNearCursor(cursor)
  const bond = await bondById(db, id)
  const day = today()
  const rows = await sameIssuerRows(db, bond, day, after, limit + 1)
  const results = rows.slice(0, limit)
  const last = results.at(-1)
  return {
    results: await withMarketYields(
      context,
      results.map((row) => toSummary(row, day)),
      viewer,
    ),
    next_cursor: rows.length > limit && last ? encodeNearCursor(last) : null,
  }
}
