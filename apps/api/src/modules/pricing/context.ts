// What every pricing use case is given, and the bond lookup they share.
import type { Db } from '../../db/index.ts'
import { HttpError } from '../../http/errors.ts'
import { findFinstrument, type FinstrumentRow } from '../finstruments/index.ts'

/** What the pricing use cases run with: the database and today's date in India. */
export interface PricingContext {
  db: Db
  today: () => string
}

/** A bond by id (ISIN, any case); 404 when unknown. */
export async function bondOf(db: Db, id: string): Promise<FinstrumentRow> {
  const row = await findFinstrument(db, id.toUpperCase())
  if (!row) throw new HttpError(404, 'Bond not found')
  return row
}
