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

/** A yield the market shows for a bond: the latest live quote's, else a recent trade's. */
export interface MarketYield {
  bondYield: number
  at: Date
  source: 'quote' | 'trade'
}

/** Who is looking: live quotes are shown only to those with trade access (spec section 6). */
export interface Viewer {
  quotes: boolean
}

/** A visitor, or a user without trade access: recorded trades only. */
export const PUBLIC_VIEWER: Viewer = { quotes: false }

/** The market's yields of these bonds (the market module answers; none without a market). */
export type MarketYields = (
  ids: readonly string[],
  now: Date,
  viewer: Viewer,
) => Promise<ReadonlyMap<string, MarketYield>>

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
  /** Yields for bonds no fund disclosure prices (every G-sec and SDL): live quotes and trades. */
  marketYields: MarketYields
}

/** Finds the information memorandum published for a bond by its id. */
export type MemorandumLookup = (finstrumentId: string) => Promise<MemorandumSummary | null>

/** A bond by id (ISIN, any case); 404 when unknown. */
export async function bondById(db: Db, id: string): Promise<FinstrumentRow> {
  const row = await findFinstrument(db, id.toUpperCase())
  if (!row) throw new HttpError(404, 'Bond not found')
  return row
}
