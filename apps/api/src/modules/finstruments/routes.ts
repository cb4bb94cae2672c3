// Finstrument endpoints of spec section 7 (instruments, client list, categories). All public:
// find works signed in or not; bonds with available false never appear in search or lists.
import {
  PERMISSIONS,
  categoriesRequestSchema,
  categoriesResponseSchema,
  finstrumentIdParamsSchema,
  finstrumentInfoSchema,
  finstrumentListRequestSchema,
  finstrumentPageSchema,
  finstrumentSchema,
  finstrumentSearchQuerySchema,
  sameIssuerRequestSchema,
} from '@bonds/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Viewer } from './context.ts'
import type { FinstrumentService } from './index.ts'

const tags = ['finstruments']

/** Live quotes' yields only for a signed-in caller with trade access (spec section 6). */
function viewerOf(request: FastifyRequest): Viewer {
  return { quotes: request.user?.permissions.includes(PERMISSIONS.canTrade) ?? false }
}

/** Register the finstrument routes over a service. */
export async function finstrumentRoutes(
  app: FastifyInstance,
  { service }: { service: FinstrumentService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/trade/finstrument/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Search bonds by name, ISIN or issuer (3+ characters)',
      querystring: finstrumentSearchQuerySchema,
      response: { 200: z.array(finstrumentSchema) },
    },
    handler: async (request) => service.search(request.query.searchKey, viewerOf(request)),
  })

  r.post('/api/client-finstrument-list/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'A page of the screener: bonds by category values and filters, sorted, cursor pagination',
      body: finstrumentListRequestSchema,
      response: { 200: finstrumentPageSchema },
    },
    handler: async (request) => service.list(request.body, viewerOf(request)),
  })

  r.post('/api/categories/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Values of each screener category with counts under the other selections',
      body: categoriesRequestSchema,
      response: { 200: categoriesResponseSchema },
    },
    handler: async (request) =>
      service.categories(
        request.body.category_list,
        request.body.category_values,
        request.body.filters,
      ),
  })

  r.get('/api/v2/finstrument/info/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "One bond's terms",
      params: finstrumentIdParamsSchema,
      response: { 200: finstrumentInfoSchema },
    },
    handler: async (request) => service.info(request.params.id, viewerOf(request)),
  })

  r.get('/api/finstrument/:id/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'One bond',
      params: finstrumentIdParamsSchema,
      response: { 200: finstrumentSchema },
    },
    handler: async (request) => service.summary(request.params.id, viewerOf(request)),
  })

  r.post('/api/bonds-by-same-issuer/:id/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Other bonds of the same issuer',
      params: finstrumentIdParamsSchema,
      body: sameIssuerRequestSchema,
      response: { 200: finstrumentPageSchema },
    },
    handler: async (request) => {
      const p = request.body.pagination_params
      return service.sameIssuer(request.params.id, p.cursor, p.limit, viewerOf(request))
    },
  })
}
