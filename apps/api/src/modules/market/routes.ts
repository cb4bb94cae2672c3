// The market endpoints of spec section 7 (EOI and market, instruments): EOIs, depth, the market
// quote and clusters. Each declares who may call it; the service checks whose rows they are.
import {
  clusterListQuerySchema,
  clusterPageSchema,
  clusterPriceQuerySchema,
  clusterPriceSchema,
  clusterSchema,
  clusterUpdateSchema,
  depthQuerySchema,
  eoiAddSchema,
  eoiCreateSchema,
  eoiParseRequestSchema,
  eoiParseResponseSchema,
  eoiListQuerySchema,
  eoiPageSchema,
  eoiResponseResultSchema,
  eoiSchema,
  finstrumentIdParamsSchema,
  marketDepthSchema,
  marketIdParamsSchema,
  marketQuoteRequestSchema,
  marketQuoteResponseSchema,
  PERMISSIONS,
  TRADING_ROLES,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import type { MarketService } from './index.ts'

const tags = ['market']

/** Who may quote: a Dealer of a client with trade access; compliance officers never. */
const QUOTING: AccessRule = {
  roles: ['clientdealer'],
  permissions: [PERMISSIONS.canTrade],
  complianceRestricted: true,
}

/** Who may read the client's quotes and clusters: the trading roles. */
const TRADING: AccessRule = { roles: TRADING_ROLES, complianceRestricted: true }

/** Register the market routes over a service. */
export async function marketRoutes(
  app: FastifyInstance,
  { service }: { service: MarketService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/trade/eoi/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary: 'Post an EOI (a quote to buy or sell) for the caller’s client',
      body: eoiCreateSchema,
      response: { 201: eoiSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.createEoi(requireUser(request), request.body, request.ip)),
  })

  r.post('/api/eoi/add/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary:
        'Post an EOI, or with respond_eoi_id respond to one (the response and the cluster pairing them)',
      body: eoiAddSchema,
      response: { 201: z.union([eoiSchema, eoiResponseResultSchema]) },
    },
    handler: async (request, reply) => {
      const user = requireUser(request)
      const body = request.body
      if (body.kind === 'response') {
        const { kind: _response, ...payload } = body
        return reply.code(201).send(await service.respond(user, payload, request.ip))
      }
      const { kind: _create, ...payload } = body
      return reply.code(201).send(await service.createEoi(user, payload, request.ip))
    },
  })

  r.post('/api/eoi/parse/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary:
        'Read the quotes in a message or pasted run of desk chat (bond, side, size, yield or price, settlement, confidence); nothing is posted',
      body: eoiParseRequestSchema,
      response: { 200: eoiParseResponseSchema },
    },
    handler: async (request) => service.parseQuotes(request.body),
  })

  // access: the trading roles; the list is empty without client.can_trade (spec section 6).
  r.get('/api/trade/eoi/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'The caller’s client’s EOIs, newest first (live ones only with live=true)',
      querystring: eoiListQuerySchema,
      response: { 200: eoiPageSchema },
    },
    handler: async (request) => service.listEois(requireUser(request), request.query),
  })

  r.post('/api/eoi/expire/:id/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary: 'Withdraw one of the caller’s client’s live EOIs (its open clusters close)',
      params: marketIdParamsSchema,
      response: { 200: eoiSchema },
    },
    handler: async (request) => service.expire(requireUser(request), request.params.id, request.ip),
  })

  // access: signed in; the lists are empty without client.can_trade (spec section 6).
  r.get('/api/quote/depth/', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Market depth of one bond: live bids and asks by price level, best first',
      querystring: depthQuerySchema,
      response: { 200: marketDepthSchema },
    },
    handler: async (request) => service.depth(requireUser(request), request.query),
  })

  // access: public (find prefills its calculator); live quotes need client.can_trade, a trade
  // the security-data permission, and the disclosed yield nothing.
  r.post('/api/quote/market/:id/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'The best live quote of a side (default ASK), or with infer_from_market a level from the last trade or the disclosed yield',
      params: finstrumentIdParamsSchema,
      body: marketQuoteRequestSchema,
      response: { 200: marketQuoteResponseSchema },
    },
    handler: async (request) => service.marketQuote(request.user, request.params.id, request.body),
  })

  // access: the trading roles; the list is empty without client.can_trade (spec section 6).
  r.get('/api/trade/cluster/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'The clusters the caller’s client is a party to, latest change first',
      querystring: clusterListQuerySchema,
      response: { 200: clusterPageSchema },
    },
    handler: async (request) => service.listClusters(requireUser(request), request.query),
  })

  r.get('/api/trade/cluster/:id/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'One cluster the caller’s client is a party to',
      params: marketIdParamsSchema,
      response: { 200: clusterSchema },
    },
    handler: async (request) => service.getCluster(requireUser(request), request.params.id),
  })

  r.put('/api/trade/cluster/:id/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary:
        'Negotiate an open cluster (quantity, prices, spread, settlement, facilitator) or close it',
      params: marketIdParamsSchema,
      body: clusterUpdateSchema,
      response: { 200: clusterSchema },
    },
    handler: async (request) =>
      service.updateCluster(requireUser(request), request.params.id, request.body, request.ip),
  })

  r.get('/api/cluster/:id/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary:
        'A cluster priced at ?price= (default the caller’s side’s price): yield, accrued and consideration',
      params: marketIdParamsSchema,
      querystring: clusterPriceQuerySchema,
      response: { 200: clusterPriceSchema },
    },
    handler: async (request) =>
      service.priceCluster(requireUser(request), request.params.id, request.query.price),
  })
}
