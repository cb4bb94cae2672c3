// The market module (spec section 7, EOI and market): EOIs, market depth, the market quote and
// clusters. Its use cases run over one database, the bus they publish to and a clock; its routes
// call them. Other modules and the server use what this file exports, nothing else of the folder.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import { bindUseCases, systemClock, type Clock, type Publish } from '../../server-module.ts'
import type { MarketContext, MarketDealToTicket } from './context.ts'
import type { EventBus } from '../../events/bus.ts'
import { isOutbox, transactWithEvents, type EventOutbox } from '../../events/transact.ts'
import { findFinstrument } from '../finstruments/index.ts'
import { bondCache } from './bond-cache.ts'
import { streamingMarketEvents, type QuoteFirm } from './events.ts'
import { eoiById } from './repo.ts'
import type { MarketVenue } from './send-to-rfq.ts'
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
import { rfqRoutes } from './rfq-routes.ts'
import { acceptCluster } from './use-cases/accept-cluster.ts'
import { closeAll } from './use-cases/close-all.ts'
import { closeEoi } from './use-cases/close-eoi.ts'
import { expireDue } from './use-cases/expire-due.ts'
import { negotiate } from './use-cases/negotiate.ts'
import { publicRuns } from './use-cases/public-runs.ts'
import { rfqQuotes } from './use-cases/rfq-quotes.ts'
import { updateEoi } from './use-cases/update-eoi.ts'
import { uploadEois } from './use-cases/upload-eois.ts'
import { uploadRoutes } from './upload-routes.ts'
import { venueDealt } from './use-cases/venue-dealt.ts'

export { liquidBonds, marketYields } from './book-repo.ts'
export type { MarketYield } from './book-repo.ts'
export { firstLiveEoiExpiry, hasLiveEois } from './repo.ts'
export type { MarketDeal, MarketDealToTicket } from './context.ts'
export type { MarketVenue } from './send-to-rfq.ts'
export type { VenueDealt, VenueDealtResult } from './use-cases/venue-dealt.ts'

/** What the market service needs besides the database. */
export interface MarketServiceOptions {
  /** Publishes socket messages (the app's event bus). */
  publish: Publish
  /** The event outbox, when the bus has one: events are stored in the write's transaction. */
  outbox?: EventOutbox | undefined
  now?: Clock
  /** Where a deal is turned into a ticket, in the close's transaction (decision 328). */
  toTicket?: MarketDealToTicket | undefined
  /** The RFQ venue a quote sent to RFQ goes to, in the quote's transaction (decision 386). */
  venue?: MarketVenue | undefined
}

/** The firm of a quote, read in the write's own transaction (or the database). */
const quoteFirm =
  (db: Db): QuoteFirm =>
  async (eoiId) =>
    (await eoiById(db, eoiId))?.clientId ?? null

/** The market's use cases over one database, bound to a publisher and a clock. */
export function marketService(db: Db, options: MarketServiceOptions) {
  const transact = transactWithEvents(db, options.publish, options.outbox)
  const { outbox } = options
  const context: MarketContext = {
    db,
    now: options.now ?? systemClock,
    bond: bondCache((id) => findFinstrument(db, id)),
    writeOne: async (write, announce) => {
      const result = await write(db, outbox !== undefined)
      if (outbox) outbox.wake()
      else {
        const events = streamingMarketEvents(options.publish, quoteFirm(db))
        await announce(result, events)
        await events.flush()
      }
      return result
    },
    toTicket: options.toTicket,
    venue: options.venue,
    transact: (work, announce) =>
      transact(async (tx, emit) => {
        const result = await work(tx, { tx, emit })
        const events = streamingMarketEvents(async (e) => emit(e), quoteFirm(tx))
        await announce(result, events, tx)
        await events.flush()
        return result
      }),
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
    negotiate,
    updateEoi,
    closeEoi,
    closeAll,
    expireDue,
    rfqQuotes,
    publicRuns,
    acceptCluster,
    uploadEois,
    venueDealt,
  })
}

/** The market service's type. */
export type MarketService = ReturnType<typeof marketService>

/** How often the expiry sweep looks for quotes past their expiry (decision 261). */
export const EXPIRY_SWEEP_MS = 1_000

/**
 * The market module: its use cases over the database, the bus and the clock, its routes, and the
 * expiry sweep (`start` runs it, at once and then every `EXPIRY_SWEEP_MS`; `stop` ends it).
 */
export function marketModule(deps: {
  db: Db
  bus: EventBus
  clock: Clock
  toTicket?: MarketDealToTicket
  venue?: MarketVenue
  onSweepError?: (error: unknown) => void
}) {
  const service = marketService(deps.db, {
    publish: (event) => deps.bus.publish(event),
    outbox: isOutbox(deps.bus) ? deps.bus : undefined,
    now: deps.clock,
    toTicket: deps.toTicket,
    venue: deps.venue,
  })
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const sweep = async () => {
    try {
      return await service.expireDue()
    } catch (error) {
      deps.onSweepError?.(error)
      return 0
    }
  }
  return {
    service,
    routes: async (app: FastifyInstance) => {
      await marketRoutes(app, { service })
      await rfqRoutes(app, { service })
      // Its own plugin: the multipart parser and the 413 stay with the upload.
      await app.register(uploadRoutes, { service })
    },
    /** Expire what is due now, then every `intervalMs` (one sweep at a time). */
    start(intervalMs = EXPIRY_SWEEP_MS) {
      running = sweep()
      timer = setInterval(() => {
        running = running.then(sweep)
      }, intervalMs)
      timer.unref()
    },
    /** Stop sweeping; resolves when a sweep under way has finished. */
    async stop() {
      clearInterval(timer)
      await running
    },
    sweep,
  }
}
