// GET api/trade/timings (spec section 7, client): the market's hours and the caller's trade
// access. Any signed-in user may ask; the answer depends on their permissions.
import { tradeTimingsQuerySchema, tradeTimingsSchema } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/access.ts'
import type { MarketHoursService } from './index.ts'

/** Register the market-hours route over its service. */
export async function marketHoursRoutes(
  app: FastifyInstance,
  { service }: { service: MarketHoursService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/trade/timings', {
    config: { access: 'user' },
    schema: {
      tags: ['market'],
      summary:
        'Market hours on the RBI/Mumbai calendar now (IST), the next open and close, and the trade-timing restriction text for a caller without trade access',
      querystring: tradeTimingsQuerySchema,
      response: { 200: tradeTimingsSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return service.timings(requireUser(request))
    },
  })
}
