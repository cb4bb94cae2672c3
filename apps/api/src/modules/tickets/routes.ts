// The ticket endpoints of spec section 7 (chatter trade, trade, client custodians); the orders'
// are in routes-orders.ts. Each declares who may call it; the service checks whose ticket it is and
// whose turn. Writes honour an Idempotency-Key.
import {
  acceptConsiderationSchema,
  brokerageSchema,
  custodianSchema,
  custodianSearchQuerySchema,
  ticketActionBodySchema,
  ticketActionParamsSchema,
  ticketCreateSchema,
  ticketDetailSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketPriceSchema,
  ticketSchema,
  ticketUpdateSchema,
  tradeConfirmationSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/index.ts'
import { requireUser } from '../../http/access.ts'
import { sendPdf } from '../../http/send-pdf.ts'
import { registerIdempotency } from './idempotency.ts'
import type { TicketsService } from './index.ts'
import { answer, changed, DEALING, tags, TRADING } from './routes-common.ts'
/** Register the ticket routes over a service (writes honour an Idempotency-Key). */
export async function ticketRoutes(
  app: FastifyInstance,
  { service, db }: { service: TicketsService; db: Db },
): Promise<void> {
  registerIdempotency(app, db)
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/chatter/trade/', {
    config: { access: DEALING },
    schema: {
      tags,
      summary:
        'Create a ticket from a deal in a chat channel (channel_url, message_id); 200 with the firm’s ticket already made from that message',
      body: ticketCreateSchema(),
      response: { 200: ticketSchema, 201: ticketSchema },
    },
    handler: async (request, reply) => {
      const made = await service.createTicket(requireUser(request), request.body, {
        fromChat: true,
        ip: request.ip,
      })
      return reply.code(made.created ? 201 : 200).send(made.ticket)
    },
  })

  r.post('/api/chatter/trade/manual-ticket/', {
    config: { access: DEALING },
    schema: {
      tags,
      summary: 'Create a ticket by hand (no chat)',
      body: ticketCreateSchema(),
      response: { 201: ticketSchema },
    },
    handler: async (request, reply) => {
      const made = await service.createTicket(requireUser(request), request.body, {
        fromChat: false,
        ip: request.ip,
      })
      return reply.code(201).send(made.ticket)
    },
  })

  r.get('/api/chatter/trade/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'The firm’s tickets and orders, latest change first',
      querystring: ticketListQuerySchema,
      response: { 200: ticketPageSchema },
    },
    handler: async (request) => service.listTickets(requireUser(request), request.query),
  })

  r.get('/api/chatter/trade/:id/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'One ticket of the firm with its timeline',
      params: ticketIdParamsSchema,
      response: { 200: ticketDetailSchema },
    },
    handler: async (request) => service.getTicket(requireUser(request), request.params.id),
  })

  r.patch('/api/chatter/trade/:id/', {
    config: { access: DEALING },
    schema: {
      tags,
      summary:
        'Change a ticket’s terms (priced again); with send_to_clients send the draft to the counterparty',
      params: ticketIdParamsSchema,
      body: ticketUpdateSchema(),
      response: changed,
    },
    handler: async (request, reply) =>
      answer(
        reply,
        await service.updateTicket(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  })

  r.patch('/api/chatter/trade/actions/:id/:action/', {
    config: { access: { roles: ['clientdealer', 'backoffice'], complianceRestricted: true } },
    schema: {
      tags,
      summary:
        'Act on a ticket: send, confirm, reject, cancel (Dealer); report, settle (Back Office)',
      params: ticketActionParamsSchema,
      body: ticketActionBodySchema,
      response: changed,
    },
    handler: async (request, reply) => {
      const actor = { user: requireUser(request), ip: request.ip }
      const { id, action } = request.params
      if (action === 'report') {
        return answer(
          reply,
          await service.reportOrder(actor, {
            order_id: Number(/^\d{1,15}$/.test(id) ? id : 0),
            version: request.body.version,
          }),
        )
      }
      if (action === 'settle') {
        return answer(reply, await service.settleOrder(actor, id, request.body))
      }
      return answer(reply, await service.actOn(actor, id, action, request.body))
    },
  })

  r.patch('/api/chatter/trade/send-to-broker/:id/', {
    config: { access: DEALING },
    schema: {
      tags,
      summary: 'Send a draft to the broker on the ticket',
      params: ticketIdParamsSchema,
      body: ticketActionBodySchema,
      response: changed,
    },
    handler: async (request, reply) =>
      answer(
        reply,
        await service.sendToBroker(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  })

  r.patch('/api/chatter/trade/accept-consideration/:id/', {
    config: { access: DEALING },
    schema: {
      tags,
      summary:
        'Accept the consideration naming your custodian: the ticket becomes an order (reported at once by a firm on STP; 207 when that report was rejected)',
      params: ticketIdParamsSchema,
      body: acceptConsiderationSchema,
      response: changed,
    },
    handler: async (request, reply) =>
      answer(
        reply,
        await service.acceptConsideration(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  })

  r.patch('/api/chatter/trade/:id/price/', {
    config: { access: DEALING },
    schema: {
      tags,
      summary: 'Change a ticket’s price or yield; the consideration follows',
      params: ticketIdParamsSchema,
      body: ticketPriceSchema,
      response: changed,
    },
    handler: async (request, reply) =>
      answer(
        reply,
        await service.repriceTicket(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  })

  r.get('/api/chatter/trade/confirmed-trade/:id/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'The deal confirmation of an accepted trade',
      params: ticketIdParamsSchema,
      response: { 200: tradeConfirmationSchema },
    },
    handler: async (request) => service.confirmation(requireUser(request), request.params.id),
  })

  r.get('/api/chatter/trade/confirmed-trade/:id/pdf/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary:
        'The deal confirmation of an accepted trade as a PDF (the same amounts to the paisa)',
      params: ticketIdParamsSchema,
    },
    handler: async (request, reply) =>
      sendPdf(reply, await service.confirmationPdf(requireUser(request), request.params.id)),
  })

  r.patch('/api/trade/:id/brokerage/', {
    config: { access: DEALING },
    schema: {
      tags,
      summary: 'Set a ticket’s brokerage (rupees); the consideration follows',
      params: ticketIdParamsSchema,
      body: brokerageSchema,
      response: changed,
    },
    handler: async (request, reply) =>
      answer(
        reply,
        await service.setBrokerage(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  })

  r.get('/api/client/search-custodians/', {
    config: { access: TRADING },
    schema: {
      tags,
      summary: 'Custodians registered with SEBI whose name holds the words searched',
      querystring: custodianSearchQuerySchema,
      response: { 200: z.array(custodianSchema) },
    },
    handler: async (request) => service.custodians(request.query.search_param),
  })
}
