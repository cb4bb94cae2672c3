// The finstruments module (spec section 7, instruments): search, the screener and its category
// counts, one bond's summary and terms, the same issuer's bonds, and the universe import. Other
// modules and the server use what this file exports (the bond lookup among them), nothing else.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import { bindUseCases } from '../../server-module.ts'
import type { FinstrumentsContext, MemorandumLookup } from './context.ts'
import { finstrumentRoutes } from './routes.ts'
import { categories } from './use-cases/categories.ts'
import { info } from './use-cases/info.ts'
import { list } from './use-cases/list.ts'
import { sameIssuer } from './use-cases/same-issuer.ts'
import { search } from './use-cases/search.ts'
import { summary } from './use-cases/summary.ts'

export type { MemorandumLookup } from './context.ts'
export { findFinstrument, lookupBonds } from './repo.ts'
export type { BondLookupQuery } from './repo.ts'
export type { FinstrumentRow } from './repo.ts'
export { importUniverse, universeFingerprint } from './use-cases/import-universe.ts'
export { toTerms } from './views.ts'

/** The finstrument use cases over one database; memoranda are looked up through `memorandumOf`. */
export function finstrumentService(db: Db, memorandumOf: MemorandumLookup) {
  const context: FinstrumentsContext = { db, memorandumOf }
  return bindUseCases(context, { search, list, categories, summary, info, sameIssuer })
}

/** The finstrument service's type. */
export type FinstrumentService = ReturnType<typeof finstrumentService>

/** The finstruments module: its use cases and its routes. */
export function finstrumentsModule(deps: { db: Db; memorandumOf: MemorandumLookup }) {
  const service = finstrumentService(deps.db, deps.memorandumOf)
  return {
    service,
    routes: (app: FastifyInstance) => finstrumentRoutes(app, { service }),
  }
}
