// What every finstruments use case is given, and the bond lookup they share.
import type { MemorandumSummary } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import { HttpError } from '../../http/errors.ts'
import { findFinstrument, type FinstrumentRow } from './repo.ts'

/**
 * ISINs the platform sees trading, most liquid first (live quotes and recent trades); the market
 * module answers it, and a module without a market (tests, tools) answers none.
 */
export type LiquidBonds = (now: Date) => Promise<readonly string[]>

/** What the finstruments use cases run with. */
export interface FinstrumentsContext {
  db: Db
  /** The information memorandum published for a bond, or null (the documents module answers). */
  memorandumOf: MemorandumLookup
  /** The time now (the server's injected clock). */
  now: () => Date
  /** Today's date in India (YYYY-MM-DD): what "matured" and every time to maturity count from. */
  today: () => string
  /** The platform's liquid bonds, which search ranks first among the bonds that can be traded. */
  liquidBonds: LiquidBonds
}

/** Finds the information memorandum published for a bond by its id. */
export type MemorandumLookup = (finstrumentId: string) => Promise<MemorandumSummary | null>

/** A bond by id (ISIN, any case); 404 when unknown. */
export async function bondById(db: Db, id: string): Promise<FinstrumentRow> {
  const row = await findFinstrument(db, id.toUpperCase())
  if (!row) throw new HttpError(404, 'Bond not found')
  return row
}
