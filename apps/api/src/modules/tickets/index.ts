// The tickets module (issue 22; spec section 7 chatter trade, orders, trade): trade tickets from
// chat, the orders they become, their report to the clearing corporation and their settlement.
// Its use cases run over one database, the bus, a clock and a clearing port; its routes call them.
// Other modules and the server use what this file exports, nothing else of the folder.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import type { EventBus } from '../../events/bus.ts'
import {
  isOutbox,
  joinTransaction,
  moduleTransact,
  transactWithEvents,
  type EventOutbox,
  type Joined,
  type Transact,
} from '../../events/transact.ts'
import { bindUseCases, systemClock, type Clock, type Publish } from '../../server-module.ts'
import type { ClearingPort } from './clearing.ts'
import type { TicketsContext } from './context.ts'
import { ticketEvents } from './events.ts'
import { orderRoutes } from './routes-orders.ts'
import { ticketRoutes } from './routes.ts'
import { surveillanceRoutes } from './routes-surveillance.ts'
import {
  acceptConsideration,
  acceptOrReject,
  actOn,
  repriceTicket,
  sendToBroker,
  setBrokerage,
  updateTicket,
} from './use-cases/change.ts'
import { flagOverdue, reportOrder, settleDue, settleOrder } from './use-cases/clearing.ts'
import { confirmationPdf } from './use-cases/confirmation-pdf.ts'
import { createTicket } from './use-cases/create.ts'
import { confirmation, custodians, getTicket, listTickets } from './use-cases/read.ts'
import {
  surveillanceTrades,
  tradeReconstruction,
  tradeReconstructionPdf,
} from './use-cases/surveillance.ts'

export { simulatedClearing, validIsin } from './clearing.ts'
export type { ClearingCorp, ClearingPort, ClearingReport, ClearingResult } from './clearing.ts'
export { sealedCredentials } from './repo.ts'
export { settledOrdersOf, settledOrdersVersion } from './settled.ts'
export type { SettledOrder } from './settled.ts'

/** What the tickets service needs besides the database. */
export interface TicketsServiceOptions {
  publish: Publish
  /** The event outbox, when the bus has one: events are stored in the write's transaction. */
  outbox?: EventOutbox | undefined
  clearing: ClearingPort
  now?: Clock
}

/** The tickets' use cases over one database, bound to a publisher, a clearing port and a clock. */
export function ticketsService(db: Db, options: TicketsServiceOptions) {
  return ticketsOver(db, transactWithEvents(db, options.publish, options.outbox), options)
}

/** The tickets' use cases inside a transaction already open: their writes join its commit. */
export function ticketsWithin(joined: Joined, options: Omit<TicketsServiceOptions, 'publish'>) {
  return ticketsOver(joined.tx, joinTransaction(joined), options)
}

function ticketsOver(
  db: Db,
  transact: Transact,
  options: Pick<TicketsServiceOptions, 'clearing' | 'now'>,
) {
  const context: TicketsContext = {
    db,
    now: options.now ?? systemClock,
    transact: moduleTransact(transact, ticketEvents),
    clearing: options.clearing,
  }
  return bindUseCases(context, {
    createTicket,
    listTickets,
    getTicket,
    confirmation,
    confirmationPdf,
    custodians,
    updateTicket,
    repriceTicket,
    setBrokerage,
    actOn,
    sendToBroker,
    acceptConsideration,
    acceptOrReject,
    reportOrder,
    settleOrder,
    settleDue,
    flagOverdue,
    surveillanceTrades,
    tradeReconstruction,
    tradeReconstructionPdf,
  })
}

/** The tickets service's type. */
export type TicketsService = ReturnType<typeof ticketsService>

/** How often reported trades are settled and late reports flagged. */
export const TICKET_SWEEP_MS = 30_000

/**
 * The tickets module: its use cases, its routes, and the sweep that settles reported trades on
 * their settlement date and flags deals not reported in time (`start` runs it; `stop` ends it).
 */
export function ticketsModule(deps: {
  db: Db
  bus: EventBus
  clock: Clock
  clearing: ClearingPort
  onSweepError?: (error: unknown) => void
}) {
  const service = ticketsService(deps.db, {
    publish: (event) => deps.bus.publish(event),
    outbox: isOutbox(deps.bus) ? deps.bus : undefined,
    clearing: deps.clearing,
    now: deps.clock,
  })
  let timer: NodeJS.Timeout | undefined
  const sweep = async () => {
    try {
      await service.settleDue()
      await service.flagOverdue()
    } catch (error) {
      deps.onSweepError?.(error)
    }
  }
  return {
    service,
    /** The use cases inside another module's open transaction (a venue deal's ticket). */
    within: (joined: Joined) => ticketsWithin(joined, { clearing: deps.clearing, now: deps.clock }),
    routes: async (app: FastifyInstance) => {
      await ticketRoutes(app, { service, db: deps.db })
      await orderRoutes(app, { service })
      await surveillanceRoutes(app, { service })
    },
    start(intervalMs = TICKET_SWEEP_MS) {
      timer = setInterval(() => void sweep(), intervalMs)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
    },
    sweep,
  }
}
