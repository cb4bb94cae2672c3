// Pricing endpoints of spec section 7 (instruments): price calculation and cash flows.
import {
  cashflowRequestSchema,
  cashflowResponseSchema,
  finstrumentIdParamsSchema,
  priceInfoRequestSchema,
  priceInfoResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { PricingService } from './index.ts'

const tags = ['pricing']

/** Register the pricing routes over a service. */
export async function pricingRoutes(
  app: FastifyInstance,
  { service }: { service: PricingService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  // access: public (find's calculator works signed out)
  r.post('/api/quote/:id/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Price at a yield, or yield at a price, at a settlement date or T+n (not both)',
      params: finstrumentIdParamsSchema,
      body: quoteRequestSchema,
      response: { 200: quoteResponseSchema },
    },
    handler: async (request) => service.quote(request.params.id, request.body),
  })

  // The pricing callback of spec section 7 (docs/decisions/120): public, as the quote.
  r.post('/api/v1/finstrument/master/quote/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Pricing callback: price (and yield) from a yield or price at T+n, can_be_priced, allow_price_modification',
      params: finstrumentIdParamsSchema,
      body: priceInfoRequestSchema,
      response: { 200: priceInfoResponseSchema },
    },
    handler: async (request) => service.priceInfo(request.params.id, request.body),
  })

  r.post('/api/cashflow/:id/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Dated interest and principal in rupees for a quantity (units) from a reference date',
      params: finstrumentIdParamsSchema,
      body: cashflowRequestSchema,
      response: { 200: cashflowResponseSchema },
    },
    handler: async (request) =>
      service.cashflows(request.params.id, request.body.quantity, request.body.ref_date),
  })
}
