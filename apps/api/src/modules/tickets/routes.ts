// The ticket and order endpoints of spec section 7 (chatter trade, orders, trade, client custodians).
// Each declares who may call it; the service checks whose ticket it is and whose turn. Writes
// honour an Idempotency-Key.
import {
  acceptConsiderationSchema,
  brokerageSchema,
  custodianSchema,
  custodianSearchQuerySchema,
  orderAcceptRejectSchema,
  orderReportSchema,
  PERMISSIONS,
  settleCancelParamsSchema,
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
  TRADING_ROLES,
  type Ticket,
} from '@bonds/domain'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/index.ts'
import { requireUser, type AccessRule } from '../../http/access.ts'
import { sendPdf } from '../../http/send-pdf.ts'
import { registerIdempotency } from './idempotency.ts'
import type { TicketsService } from './index.ts'

const tags = ['tickets']

/** Who deals: a Dealer of a client with trade access; compliance officers never. */
const DEALING: AccessRule = {
  roles: ['clientdealer'],
  permissions: [PERMISSIONS.canTrade],
  complianceRestricted: true,
}

/** Who settles and cancels orders: a Dealer (cancel) or Back Office; the service checks which. */
const ORDER_DESK: AccessRule = { roles: ['clientdealer', 'backoffice'], complianceRestricted: true }

/** Who reports: Back Office. */
const BACK_OFFICE: AccessRule = { roles: ['backoffice'], complianceRestricted: true }

/** Who reads the firm's tickets and orders: the trading roles. */
const TRADING: AccessRule = { roles: TRADING_ROLES, complianceRestricted: true }

/** A write saved whose follow-on (the clearing report) failed: 207 with the reason. */
const partialSchema = ticketSchema.extend({ message: z.string() })

/** Answer a change: 200 with the ticket, or 207 with the ticket and the warning. */
function answer(reply: FastifyReply, result: { ticket: Ticket; warning?: string | undefined }) {
  if (result.warning) return reply.code(207).send({ ...result.ticket, message: result.warning })
  return reply.code(200).send(result.ticket)
}

const changed = { 200: ticketSchema, 207: partialSchema }

/** Register the ticket and order routes over a service. */
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

  // Orders: the same records from acceptance on; the procurement variants are the same handlers
  // (the product has one kind of order: decision 221).
  for (const base of ['/api/orders', '/api/procurement-orders']) {
    r.get(`${base}/unified/`, {
      config: { access: TRADING },
      schema: {
        tags,
        summary: 'The firm’s tickets and orders together (for /client/transactions)',
        querystring: ticketListQuerySchema,
        response: { 200: ticketPageSchema },
      },
      handler: async (request) => service.listTickets(requireUser(request), request.query),
    })

    r.get(`${base}/:id/`, {
      config: { access: TRADING },
      schema: {
        tags,
        summary: 'One order (or ticket) of the firm with its timeline',
        params: ticketIdParamsSchema,
        response: { 200: ticketDetailSchema },
      },
      handler: async (request) => service.getTicket(requireUser(request), request.params.id),
    })

    r.put(`${base}/:id/accept-reject/`, {
      config: { access: DEALING },
      schema: {
        tags,
        summary:
          'The counterparty accepts (with custodian_id) or rejects the consideration (reported_order_status)',
        params: ticketIdParamsSchema,
        body: orderAcceptRejectSchema,
        response: changed,
      },
      handler: async (request, reply) =>
        answer(
          reply,
          await service.acceptOrReject(
            { user: requireUser(request), ip: request.ip },
            request.params.id,
            request.body,
          ),
        ),
    })

    r.post(`${base}/:id/cancel/`, {
      config: { access: ORDER_DESK },
      schema: {
        tags,
        summary: 'Cancel an order (or ticket) before it settles',
        params: ticketIdParamsSchema,
        body: ticketActionBodySchema,
        response: changed,
      },
      handler: async (request, reply) =>
        answer(
          reply,
          await service.actOn(
            { user: requireUser(request), ip: request.ip },
            request.params.id,
            'cancel',
            request.body,
          ),
        ),
    })

    r.patch(`${base}/:id/`, {
      config: { access: DEALING },
      schema: {
        tags,
        summary: 'Modify an order’s terms before it is accepted (priced again)',
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

    r.post(`${base}/`, {
      config: { access: BACK_OFFICE },
      schema: {
        tags,
        summary:
          'Report an accepted order to its clearing corporation (NSE Clearing or ICCL); 207 when it rejects the report',
        body: orderReportSchema,
        response: changed,
      },
      handler: async (request, reply) =>
        answer(
          reply,
          await service.reportOrder({ user: requireUser(request), ip: request.ip }, request.body),
        ),
    })
  }

  r.patch('/api/orders/settle-cancel/:id/:action/', {
    config: { access: ORDER_DESK },
    schema: {
      tags,
      summary: 'Settle (Back Office, from the settlement date) or cancel an order',
      params: settleCancelParamsSchema,
      body: ticketActionBodySchema,
      response: changed,
    },
    handler: async (request, reply) => {
      const actor = { user: requireUser(request), ip: request.ip }
      const { id, action } = request.params
      if (action === 'settle') {
        return answer(reply, await service.settleOrder(actor, id, request.body))
      }
      return answer(reply, await service.actOn(actor, id, 'cancel', request.body))
    },
  })
}
