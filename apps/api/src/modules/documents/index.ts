// The documents module (spec section 7): the bond-details and quote PDFs (priced through the
// pricing module), the information memorandum in the file store, trades and credit rationale
// records of one bond. Other modules and the server use what this file exports, nothing else.
import { join } from 'node:path'
import { todayInIndia } from '@bonds/pricing'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import { localFileStore, type FileStore } from '../../files/store.ts'
import { bindUseCases, systemClock } from '../../server-module.ts'
import { pricingService } from '../pricing/index.ts'
import type { DocumentLog, DocumentsContext } from './context.ts'
import { documentRoutes } from './routes.ts'
import { bondDetailsPdf } from './use-cases/bond-details-pdf.ts'
import { creditRationales } from './use-cases/credit-rationales.ts'
import { memorandum, memorandumSummary } from './use-cases/memorandum.ts'
import { quotePdf } from './use-cases/quote-pdf.ts'
import { trades } from './use-cases/trades.ts'
import { uploadMemorandum } from './use-cases/upload-memorandum.ts'

export type { DocumentLog, DownloadFile } from './context.ts'
export { IM_MAX_BYTES } from './use-cases/upload-memorandum.ts'
/** The report writer other modules' PDFs use (a trade's reconstruction). */
export { drawable, renderReport } from './pdf.ts'
export type { ReportBlock, ReportMeta } from './pdf.ts'

/** What tests (or another deployment) may replace. */
export interface DocumentServiceOverrides {
  /** The file store (default: local disk under DATA_DIR/files). */
  files?: FileStore
  /** The clock of the PDFs' generation time. */
  now?: () => Date
  /** Today in India, for T+n settlement. */
  today?: () => string
}

/** The documents use cases over one database and file store. */
export function documentService(
  db: Db,
  dataDir: string,
  log?: DocumentLog,
  overrides: DocumentServiceOverrides = {},
) {
  const now = overrides.now ?? systemClock
  const today = overrides.today ?? (() => todayInIndia(now()))
  const context: DocumentsContext = {
    db,
    files: overrides.files ?? localFileStore(join(dataDir, 'files')),
    now,
    today,
    pricing: pricingService(db, today),
    log,
  }
  return bindUseCases(context, {
    bondDetailsPdf,
    quotePdf,
    uploadMemorandum,
    memorandum,
    memorandumSummary,
    trades,
    creditRationales,
  })
}

/** The documents service's type. */
export type DocumentService = ReturnType<typeof documentService>

/** The documents module: its use cases and its routes. */
export function documentsModule(deps: { db: Db; dataDir: string; log?: DocumentLog }) {
  const service = documentService(deps.db, deps.dataDir, deps.log)
  return {
    service,
    routes: (app: FastifyInstance) => documentRoutes(app, { service }),
  }
}
