// What every documents use case is given: the database, the file store, the clock of the PDFs'
// generation time, today in India (for T+n), the pricing use cases and where to report a damaged
// file; and the bond lookup they share.
import type { Db } from '../../db/index.ts'
import type { FileStore } from '../../files/store.ts'
import { HttpError } from '../../http/errors.ts'
import type { Clock } from '../../server-module.ts'
import { findFinstrument, type FinstrumentRow } from '../finstruments/index.ts'
import type { PricingService } from '../pricing/index.ts'

/** Where to report a stored file that is missing or damaged. */
export interface DocumentLog {
  error(details: object, message: string): void
}

/** A generated or stored file to send. */
export interface DownloadFile {
  bytes: Uint8Array
  fileName: string
}

/** What the documents use cases run with. */
export interface DocumentsContext {
  db: Db
  files: FileStore
  now: Clock
  today: () => string
  pricing: PricingService
  log: DocumentLog | undefined
}

/** A bond by id (ISIN, any case); 404 when unknown. */
export async function bond(db: Db, id: string): Promise<FinstrumentRow> {
  const row = await findFinstrument(db, id.toUpperCase())
  if (!row) throw new HttpError(404, 'Bond not found')
  return row
}

/** Keep an ISIN safe for a file name. */
export const fileSafe = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '_')
