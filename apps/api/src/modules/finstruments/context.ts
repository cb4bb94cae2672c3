// What every finstruments use case is given, and the bond lookup they share.
import type { Db } from '../../db/index.ts'
import { HttpError } from '../../http/errors.ts'
import { findFinstrument, type FinstrumentRow } from './repo.ts'

/** What the finstruments use cases run with. */
export interface FinstrumentsContext {
  db: Db
}

/** A bond by id (ISIN, any case); 404 when unknown. */
export async function bondById(db: Db, id: string): Promise<FinstrumentRow> {
  const row = await findFinstrument(db, id.toUpperCase())
  if (!row) throw new HttpError(404, 'Bond not found')
  return row
}
