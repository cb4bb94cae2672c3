// The venue's endpoints (ours: the spec names none; decisions 266, 329): the exchange RFQs of the
// caller's firm, a new RFQ to one firm or several, and the steps of their life cycle. Reading is for the trading roles; every step
// is a Dealer's of a firm with trade access; compliance officers never.
import {
  PERMISSIONS,
  runIdParamsSchema,
  TRADING_ROLES,
  venueLevelSchema,
  venueRfqPageSchema,
  venueRfqCreatedSchema,
  venueRfqCreateSchema,
  venueRfqQuerySchema,
  venueRfqSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import type { VenueService } from './index.ts'

const tags = ['venue']

/** Who acts on the venue: a Dealer of a client with trade access. */
export const VENUE_ACTING: AccessRule = {
  roles: ['clientdealer'],
  permissions: [PERMISSIONS.canTrade],
  complianceRestricted: true,
}

/** Who reads the firm's RFQs: the trading roles. */
const TRADING: AccessRule = { roles: TRADING_ROLES, complianceRestricted: true }

// An action needs no body: none, or null, is an empty one.
const emptyBody = z.preprocess((value) => value ?? {}, z.strictObject({}))

/** Register the venue routes over a service. */
export async function venueRoutes(
  app: FastifyInstance,
  { service }: { service: VenueService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/venue/rfq/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'The exchange RFQs (NSE RFQ, BSE RFQ) the caller’s firm is a party to',
      querystring: venueRfqQuerySchema,
      response: { 200: venueRfqPageSchema },
    },
    handler: async (request) => service.listRfqs(requireUser(request), request.query),
  })

  r.post('/api/venue/rfq/', {
    config: { access: VENUE_ACTING },
    schema: {
      tags,
      summary:
        'Put an RFQ on NSE RFQ or BSE RFQ to one firm or several (one-to-many): one quote a firm, the initiator accepts one',
      body: venueRfqCreateSchema,
      response: { 201: venueRfqCreatedSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.initiateMany(requireUser(request), request.body, request.ip)),
  })

  r.get('/api/venue/rfq/:id/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'One exchange RFQ of the caller’s firm',
      params: runIdParamsSchema,
      response: { 200: venueRfqSchema },
    },
    handler: async (request) => service.getRfq(requireUser(request), request.params.id),
  })

  for (const kind of ['quote', 'negotiate'] as const) {
    r.post(`/api/venue/rfq/:id/${kind}/`, {
      config: { access: VENUE_ACTING },
      schema: {
        tags,
        summary:
          kind === 'quote'
            ? 'Quote an RFQ sent to the caller’s firm (a yield or a price, optionally a size)'
            : 'Counter the other side’s last level on an exchange RFQ',
        params: runIdParamsSchema,
        body: venueLevelSchema,
        response: { 200: venueRfqSchema },
      },
      handler: async (request) =>
        service.step(requireUser(request), request.params.id, kind, request.body, request.ip),
    })
  }

  for (const kind of ['accept', 'cancel'] as const) {
    r.post(`/api/venue/rfq/:id/${kind}/`, {
      config: { access: VENUE_ACTING },
      schema: {
        tags,
        summary:
          kind === 'accept'
            ? 'Accept the other side’s last level: the deal, which becomes a ticket for both firms'
            : 'Withdraw an exchange RFQ the caller’s firm sent, before its deal',
        params: runIdParamsSchema,
        body: emptyBody,
        response: { 200: venueRfqSchema },
      },
      handler: async (request) =>
        service.step(requireUser(request), request.params.id, kind, {}, request.ip),
    })
  }
}
