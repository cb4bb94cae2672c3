// The inventory module (issue 25; spec section 7, inventory): the desk's book of bonds. Its use
// cases run over one database and a clock, and call the market's (offers, quotes) and the
// network's (counterparties) use cases; its routes call them. Other modules and the server use
// what this file exports, nothing else of the folder.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import { bindUseCases, systemClock, type Clock } from '../../server-module.ts'
import type { InventoryContext, InventoryMarket } from './context.ts'
import { inventoryRoutes } from './routes.ts'
import { confirmPrevious } from './use-cases/confirm-previous.ts'
import { editValuationCost } from './use-cases/edit-cost.ts'
import { externalTrade } from './use-cases/external-trade.ts'
import { listInventory } from './use-cases/list.ts'
import { offerPositions } from './use-cases/offer.ts'
import { searchClearingParticipants } from './use-cases/participants.ts'
import { upload } from './use-cases/upload.ts'

export type { InventoryMarket, InventoryPrivateRuns } from './context.ts'
export { INVENTORY_ACCESS } from './routes.ts'

/** What the inventory service needs besides the database. */
export interface InventoryServiceOptions {
  market: InventoryMarket
  searchParticipants: InventoryContext['searchParticipants']
  transact: InventoryContext['transact']
  marketIn: InventoryContext['marketIn']
  privateRuns: InventoryContext['privateRuns']
  now?: Clock
}

/** The inventory's use cases over one database. */
export function inventoryService(db: Db, options: InventoryServiceOptions) {
  const context: InventoryContext = {
    db,
    now: options.now ?? systemClock,
    market: options.market,
    searchParticipants: options.searchParticipants,
    transact: options.transact,
    marketIn: options.marketIn,
    privateRuns: options.privateRuns,
    valuedBooks: new Map(),
  }
  return bindUseCases(context, {
    upload,
    listInventory,
    externalTrade,
    confirmPrevious,
    editValuationCost,
    offerPositions,
    searchClearingParticipants,
  })
}

/** The inventory service's type. */
export type InventoryService = ReturnType<typeof inventoryService>

/** The inventory module: its use cases and its routes. */
export function inventoryModule(
  deps: { db: Db; clock: Clock } & Omit<InventoryServiceOptions, 'now'>,
) {
  const service = inventoryService(deps.db, { ...deps, now: deps.clock })
  return {
    service,
    routes: (app: FastifyInstance) => inventoryRoutes(app, { service }),
  }
}
