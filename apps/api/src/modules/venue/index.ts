// The venue module (issue 21; decision 266): exchange RFQs on NSE RFQ and BSE RFQ through the
// exchange port (the venue simulator by default), their life cycle (initiate, quote, negotiate,
// accept, deal) and the deal handed to ticketing. Other modules use what this file exports.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import {
  isOutbox,
  joinTransaction,
  moduleTransact,
  transactWithEvents,
  type EventOutbox,
  type Joined,
  type Transact,
} from '../../events/transact.ts'
import { bindUseCases, type Clock, type Publish } from '../../server-module.ts'
import type { DealToTicket, VenueContext, VenueDealDone } from './context.ts'
import { venueEvents } from './events.ts'
import type { ExchangePort } from './port.ts'
import { venueRoutes } from './routes.ts'
import { initiate, initiateMany } from './use-cases/initiate.ts'
import { getRfq, listRfqs, rfqsFor } from './use-cases/read.ts'
import { step } from './use-cases/step.ts'

export {
  EXCHANGE_SESSION,
  simulatedVenue,
  venueRefusal,
  venueSession,
  VENUE_HOURS,
  type VenueSessionHours,
} from './simulator.ts'
export type { ExchangePort, VenueAnswer, VenueTerms } from './port.ts'
export type { DealToTicket, VenueDeal, VenueDealDone } from './context.ts'
export type { RfqRequest } from './use-cases/initiate.ts'

/** What the venue module is built from. */
export interface VenueModuleDeps {
  db: Db
  clock: Clock
  bus: { publish: Publish } | (EventOutbox & { publish: Publish })
  port: ExchangePort
  toTicket: DealToTicket
  onChange?: (joined: Joined, rfq: { id: number }) => Promise<void>
  /** A deal, in its transaction (the market quote it was sent from shrinks: decision 400). */
  onDeal?: (joined: Joined, deal: VenueDealDone) => Promise<void>
}

/** The venue's use cases over one context. */
export function venueService(context: VenueContext) {
  return bindUseCases(context, { initiate, initiateMany, step, listRfqs, getRfq, rfqsFor })
}

/** The venue service's type. */
export type VenueService = ReturnType<typeof venueService>

/** The venue module: its use cases, the same inside another module's transaction, its routes. */
export function venueModule(deps: VenueModuleDeps) {
  const over = (db: Db, transact: Transact) =>
    venueService({
      db,
      now: deps.clock,
      port: deps.port,
      transact: moduleTransact(transact, venueEvents),
      toTicket: deps.toTicket,
      onChange: async (joined, rfq) => deps.onChange?.(joined, rfq),
      onDeal: async (joined, deal) => deps.onDeal?.(joined, deal),
    })
  const outbox = isOutbox(deps.bus) ? deps.bus : undefined
  const service = over(
    deps.db,
    transactWithEvents(deps.db, (event) => deps.bus.publish(event), outbox),
  )
  return {
    service,
    /** The use cases inside an open transaction (a private-run line sent to RFQ). */
    within: (joined: Joined) => over(joined.tx, joinTransaction(joined)),
    routes: (app: FastifyInstance) => venueRoutes(app, { service }),
  }
}
