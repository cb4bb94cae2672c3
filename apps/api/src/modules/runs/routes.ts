// The private runs' endpoints: `GET api/eoi/private-run/` (spec section 7) and ours for one-tap
// confirm, correct, dismiss and "send to RFQ" (decision 265). Reading is open to signed-in users
// and empty without trade access (spec section 6); changing a line is its owner's, a Dealer of a
// firm with trade access; compliance officers never.
import {
  PERMISSIONS,
  privateRunCorrectSchema,
  privateRunLineSchema,
  privateRunPageSchema,
  privateRunQuerySchema,
  runIdParamsSchema,
  sendToRfqSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import type { RunsService } from './index.ts'

const tags = ['private runs']

/** Who changes a run: a Dealer of a client with trade access (the only users with a run). */
const RUN_OWNER: AccessRule = {
  roles: ['clientdealer'],
  permissions: [PERMISSIONS.canTrade],
  complianceRestricted: true,
}

// An action needs no body: none, or null, is an empty one.
const emptyBody = z.preprocess((value) => value ?? {}, z.strictObject({}))

/** Register the private-run routes over a service. */
export async function runRoutes(
  app: FastifyInstance,
  { service }: { service: RunsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  // access: signed in; empty without client.can_trade (spec section 6).
  r.get('/api/eoi/private-run/', {
    config: { access: 'user' },
    schema: {
      tags,
      summary:
        'The caller’s private run: quotes read from the chats they received, newest first, with those waiting for confirmation',
      querystring: privateRunQuerySchema,
      response: { 200: privateRunPageSchema },
    },
    handler: async (request) => service.listRun(requireUser(request), request.query),
  })

  r.post('/api/eoi/private-run/:id/confirm/', {
    config: { access: RUN_OWNER },
    schema: {
      tags,
      summary: 'Confirm a quote the parser was unsure of, as read: it joins the run',
      params: runIdParamsSchema,
      body: emptyBody,
      response: { 200: privateRunLineSchema },
    },
    handler: async (request) => service.confirmLine(requireUser(request), request.params.id),
  })

  r.post('/api/eoi/private-run/:id/correct/', {
    config: { access: RUN_OWNER },
    schema: {
      tags,
      summary:
        'Correct what the parser read (bond, side, level, size, settlement): it joins the run',
      params: runIdParamsSchema,
      body: privateRunCorrectSchema,
      response: { 200: privateRunLineSchema },
    },
    handler: async (request) =>
      service.correctLine(requireUser(request), request.params.id, request.body),
  })

  r.post('/api/eoi/private-run/:id/dismiss/', {
    config: { access: RUN_OWNER },
    schema: {
      tags,
      summary: 'Dismiss a quote: it leaves the run',
      params: runIdParamsSchema,
      body: emptyBody,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await service.dismissLine(requireUser(request), request.params.id)
      return reply.code(204).send(null)
    },
  })

  r.post('/api/eoi/private-run/:id/send-to-rfq/', {
    config: { access: RUN_OWNER },
    schema: {
      tags,
      summary:
        'Place a quote of the run on NSE RFQ or BSE RFQ: an exchange RFQ to the firm that sent it, taking the other side',
      params: runIdParamsSchema,
      body: sendToRfqSchema,
      response: { 201: privateRunLineSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.sendToRfq(
            requireUser(request),
            request.params.id,
            request.body,
            request.ip,
          ),
        ),
  })
}
