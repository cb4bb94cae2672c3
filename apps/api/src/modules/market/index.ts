// The market module (spec section 7, EOI and market): EOIs, market depth, the market quote and
// clusters. Its use cases run over one database, the bus they publish to and a clock; its routes
// call them. Other modules and the server use what this file exports, nothing else of the folder.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import { bindUseCases, systemClock, type Clock, type Publish } from '../../server-module.ts'
import type { MarketContext } from './context.ts'
import { marketEvents } from './events.ts'
import { marketRoutes } from './routes.ts'
import { createEoi } from './use-cases/create-eoi.ts'
import { depth } from './use-cases/depth.ts'
import { expire } from './use-cases/expire.ts'
import { getCluster } from './use-cases/get-cluster.ts'
import { listClusters } from './use-cases/list-clusters.ts'
import { listEois } from './use-cases/list-eois.ts'
import { marketQuote } from './use-cases/market-quote.ts'
import { parseQuotes } from './use-cases/parse-quotes.ts'
import { priceCluster } from './use-cases/price-cluster.ts'
import { respond } from './use-cases/respond.ts'
import { updateCluster } from './use-cases/update-cluster.ts'

export { liquidBonds, marketYields } from './book-repo.ts'
export type { MarketYield } from './book-repo.ts'
export { firstLiveEoiExpiry, hasLiveEois } from './repo.ts'

/** What the market service needs besides the database. */
export interface MarketServiceOptions {
  /** Publishes socket messages (the app's event bus). */
  publish: Publish
  now?: Clock
}

/** The market's use cases over one database, bound to a publisher and a clock. */
export function marketService(db: Db, options: MarketServiceOptions) {
  const context: MarketContext = {
    db,
    now: options.now ?? systemClock,
    events: marketEvents(options.publish),
  }
  return bindUseCases(context, {
    createEoi,
    respond,
    expire,
    listEois,
    depth,
    marketQuote,
    listClusters,
    getCluster,
    updateCluster,
    priceCluster,
    parseQuotes,
  })
}

/** The market service's type. */
export type MarketService = ReturnType<typeof marketService>

/** The market module: its use cases over the database, the bus and the clock, and its routes. */
export function marketModule(deps: { db: Db; bus: { publish: Publish }; clock: Clock }) {
  const service = marketService(deps.db, {
    publish: (event) => deps.bus.publish(event),
    now: deps.clock,
  })
  return {
    service,
    routes: (app: FastifyInstance) => marketRoutes(app, { service }),
  }
}
