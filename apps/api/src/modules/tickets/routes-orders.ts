// The order endpoints of spec section 7: the firm's tickets and orders together, one order, accept or
// reject, cancel, modify, report to the clearing corporation, settle. Each declares who may call it;
// the service checks whose order it is and whose turn.
import {
  orderAcceptRejectSchema,
  orderReportSchema,
  settleCancelParamsSchema,
  ticketActionBodySchema,
  ticketDetailSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketUpdateSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/access.ts'
import type { TicketsService } from './index.ts'
import {
  answer,
  BACK_OFFICE,
  changed,
  DEALING,
  ORDER_DESK,
  tags,
  TRADING,
} from './routes-common.ts'

/** Register the order routes over a service (after the ticket routes, whose Idempotency-Key hook they share). */
export async function orderRoutes(
  app: FastifyInstance,
  { service }: { service: TicketsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

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
