// The finstruments module (spec section 7, instruments): search, the screener and its category
// counts, one bond's summary and terms, the same issuer's bonds, and the universe import. Other
// modules and the server use what this file exports (the bond lookup among them), nothing else.
import { todayInIndia } from '@bonds/pricing'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import { bindUseCases, systemClock, type Clock } from '../../server-module.ts'
import type { FinstrumentsContext, LiquidBonds, MarketYields, MemorandumLookup } from './context.ts'
import { finstrumentRoutes } from './routes.ts'
import { categories } from './use-cases/categories.ts'
import { info } from './use-cases/info.ts'
import { list } from './use-cases/list.ts'
import { sameIssuer } from './use-cases/same-issuer.ts'
import { search } from './use-cases/search.ts'
import { summary } from './use-cases/summary.ts'

export type { MemorandumLookup } from './context.ts'
export { allFinstruments, findFinstrument, lookupBonds } from './repo.ts'
export { databaseResolver } from './quote-resolver.ts'
export type { BondLookupQuery } from './repo.ts'
export type { LiquidBonds, MarketYield, MarketYields } from './context.ts'
export type { FinstrumentRow } from './repo.ts'
export { importUniverse, universeFingerprint } from './use-cases/import-universe.ts'
export { toTerms } from './views.ts'

/** What the finstrument service needs besides the database. */
export interface FinstrumentServiceOptions {
  /** The time now; "today" is its date in India (default: the system clock). */
  clock?: Clock
  /** The platform's liquid bonds, most liquid first (default: none). */
  liquidBonds?: LiquidBonds
  /** The information memorandum published for a bond (the documents module; default: none). */
  memorandumOf?: MemorandumLookup
  /** The market's yields of bonds (the market module; default: none). */
  marketYields?: MarketYields
}

/** The finstrument use cases over one database. */
export function finstrumentService(db: Db, options: FinstrumentServiceOptions = {}) {
  const now = options.clock ?? systemClock
  const context: FinstrumentsContext = {
    db,
    now,
    today: () => todayInIndia(now()),
    liquidBonds: options.liquidBonds ?? (async () => []),
    memorandumOf: options.memorandumOf ?? (async () => null),
    marketYields: options.marketYields ?? (async () => new Map()),
  }
  return bindUseCases(context, { search, list, categories, summary, info, sameIssuer })
}

/** The finstrument service's type. */
export type FinstrumentService = ReturnType<typeof finstrumentService>

/** The finstruments module: its use cases and its routes. */
export function finstrumentsModule(deps: { db: Db } & FinstrumentServiceOptions) {
  const service = finstrumentService(deps.db, deps)
  return {
    service,
    routes: (app: FastifyInstance) => finstrumentRoutes(app, { service }),
  }
}
