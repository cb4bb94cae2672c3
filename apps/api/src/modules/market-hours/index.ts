// The market-hours module: when the market is open, on the RBI/Mumbai calendar the pricing package
// holds, by the server's injected clock. It has no tables and publishes nothing, so it has no
// repo.ts or events.ts. Other modules and the server use what this file exports.
import type { FastifyInstance } from 'fastify'
import type { MarketHoursContext } from './context.ts'
import { marketHoursRoutes } from './routes.ts'
import { timings } from './use-cases/timings.ts'

export type { MarketHoursContext } from './context.ts'
export { hoursMessage, istInstant, marketHours, type MarketHours } from './hours.ts'

/** The market-hours use cases bound to a clock. */
export function marketHoursService(context: MarketHoursContext) {
  return { timings: (caller: Parameters<typeof timings>[1]) => timings(context, caller) }
}

/** The market-hours service's type. */
export type MarketHoursService = ReturnType<typeof marketHoursService>

/** The market-hours module: its use case over a clock, and its route. */
export function marketHoursModule(deps: { clock: () => Date }) {
  const service = marketHoursService({ now: deps.clock })
  return {
    service,
    routes: (app: FastifyInstance) => marketHoursRoutes(app, { service }),
  }
}
