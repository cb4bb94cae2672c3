// The RFQ endpoints of spec section 7 (EOI and market): negotiate, update and close quotes, the
// RFQ quotes and public runs lists, and accepting a cluster. Each declares who may call it; the
// service checks whose rows they are (decisions 261, 262).
import {
  clusterAcceptQuerySchema,
  clusterAcceptSchema,
  clusterSchema,
  eoiCloseAllResultSchema,
  eoiCloseAllSchema,
  eoiCloseSchema,
  eoiNegotiationSchema,
  eoiSchema,
  eoiUpdateSchema,
  marketIdParamsSchema,
  negotiationSchema,
  PERMISSIONS,
  publicRunPageSchema,
  publicRunQuerySchema,
  rfqQuotePageSchema,
  rfqQuoteQuerySchema,
  TRADING_ROLES,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import type { MarketService } from './index.ts'

const tags = ['market']

/** Who may quote, negotiate and deal: a Dealer of a client with trade access; never compliance. */
const QUOTING: AccessRule = {
  roles: ['clientdealer'],
  permissions: [PERMISSIONS.canTrade],
  complianceRestricted: true,
}

/** Who may read the market's lists (empty without trade access): the trading roles. */
const TRADING: AccessRule = { roles: TRADING_ROLES, complianceRestricted: true }

/** Register the RFQ routes over a service. */
export async function rfqRoutes(
  app: FastifyInstance,
  { service }: { service: MarketService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/eoi/add-negotiation/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary:
        'Counter a live quote: the counterparty opens or continues its thread; the owner counters in a thread it names',
      body: eoiNegotiationSchema,
      response: { 201: negotiationSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.negotiate(requireUser(request), request.body, request.ip)),
  })

  r.put('/api/eoi/update/:id/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary: 'Change one of the caller’s firm’s live quotes: quantum, price or yield, validity',
      params: marketIdParamsSchema,
      body: eoiUpdateSchema,
      response: { 200: eoiSchema },
    },
    handler: async (request) =>
      service.updateEoi(requireUser(request), request.params.id, request.body, request.ip),
  })

  r.put('/api/trade/d/eoi/:id/close/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary:
        'Close one’s quote against the other side’s in their negotiation: a deal at its last counter (confirm) or a decline',
      params: marketIdParamsSchema,
      body: eoiCloseSchema,
      response: { 200: negotiationSchema },
    },
    handler: async (request) =>
      service.closeEoi(requireUser(request), request.params.id, request.body, request.ip),
  })

  r.put('/api/trade/d/eoi/close/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary: 'Withdraw the caller’s firm’s live quotes: all, those named, or those on one bond',
      body: eoiCloseAllSchema,
      response: { 200: eoiCloseAllResultSchema },
    },
    handler: async (request) => service.closeAll(requireUser(request), request.body, request.ip),
  })

  // access: the trading roles; the list is empty without client.can_trade (spec section 6).
  r.get('/api/eoi/rfq-quote/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary:
        'The market’s live quotes, newest change first, with the caller’s negotiations on them',
      querystring: rfqQuoteQuerySchema,
      response: { 200: rfqQuotePageSchema },
    },
    handler: async (request) => service.rfqQuotes(requireUser(request), request.query),
  })

  // access: the trading roles; the list is empty without client.can_trade (spec section 6).
  r.get('/api/trade/d/market/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary:
        'The public runs: best bid and offer per bond in the market, with the caller’s open clusters',
      querystring: publicRunQuerySchema,
      response: { 200: publicRunPageSchema },
    },
    handler: async (request) => service.publicRuns(requireUser(request), request.query),
  })

  r.post('/api/cluster/:id/accept/', {
    config: { access: QUOTING },
    schema: {
      tags,
      summary:
        'Accept one’s side of a cluster at its price on an exchange; both sides accepted make a deal',
      params: marketIdParamsSchema,
      querystring: clusterAcceptQuerySchema,
      body: clusterAcceptSchema,
      response: { 200: clusterSchema },
    },
    handler: async (request) =>
      service.acceptCluster(
        requireUser(request),
        request.params.id,
        request.query.lsId,
        request.body,
        request.ip,
      ),
  })
}
