// The pricing module (spec section 7, instruments): the quote, the pricing callback and cash flows
// of a stored bond, and the pricing terms other modules price with. Other modules and the server
// use what this file exports, nothing else of the folder.
import { todayInIndia } from '@bonds/pricing'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import { bindUseCases } from '../../server-module.ts'
import type { PricingContext } from './context.ts'
import { pricingRoutes } from './routes.ts'
import { cashflows } from './use-cases/cashflows.ts'
import { priceInfo } from './use-cases/price-info.ts'
import { quote } from './use-cases/quote.ts'

export {
  conventionOf,
  DEFAULT_SETTLEMENT_DELTA,
  priceAt,
  priced,
  settlementFor,
  termsOf,
} from './terms.ts'
export type { PricedAt } from './terms.ts'

/** The pricing use cases over one database; `today` is today's date in India. */
export function pricingService(db: Db, today: () => string = () => todayInIndia()) {
  const context: PricingContext = { db, today }
  return bindUseCases(context, { quote, priceInfo, cashflows })
}

/** The pricing service's type. */
export type PricingService = ReturnType<typeof pricingService>

/** The pricing module: its use cases and its routes. */
export function pricingModule(deps: { db: Db }) {
  const service = pricingService(deps.db)
  return {
    service,
    routes: (app: FastifyInstance) => pricingRoutes(app, { service }),
  }
}
