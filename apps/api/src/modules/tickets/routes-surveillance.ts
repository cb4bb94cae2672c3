// `/surveillance`'s trades (issue 22, decision 226): the Compliance Officer reads the firm's
// tickets and orders and reconstructs any one of them, as data or as a PDF. Only GETs: nothing
// here changes data or marks a message read.
import {
  surveillanceTradeParamsSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  tradeReconstructionSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import { sendPdf } from '../../http/send-pdf.ts'
import type { TicketsService } from './index.ts'

const tags = ['surveillance']

/** Who surveils: the firm's Compliance Officer, and nobody else. */
const COMPLIANCE: AccessRule = { roles: ['complianceofficer'] }

/** Register the surveillance routes over the tickets service. */
export async function surveillanceRoutes(
  app: FastifyInstance,
  { service }: { service: TicketsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/surveillance/trades/', {
    config: { access: COMPLIANCE },
    schema: {
      tags,
      summary: 'The firm’s tickets and orders (its drafts too), latest change first; no actions',
      querystring: ticketListQuerySchema,
      response: { 200: ticketPageSchema },
    },
    handler: async (request) => service.surveillanceTrades(requireUser(request), request.query),
  })

  r.get('/api/surveillance/trades/:id/', {
    config: { access: COMPLIANCE },
    schema: {
      tags,
      summary:
        'One trade reconstructed: chat around it, the quote, RFQs, negotiations, ticket, order, report and settlement on one timeline (audited)',
      params: surveillanceTradeParamsSchema,
      response: { 200: tradeReconstructionSchema },
    },
    handler: async (request) =>
      service.tradeReconstruction(
        { user: requireUser(request), ip: request.ip },
        request.params.id,
      ),
  })

  r.get('/api/surveillance/trades/:id/pdf/', {
    config: { access: COMPLIANCE },
    schema: {
      tags,
      summary: 'One trade’s reconstruction as a PDF (audited)',
      params: surveillanceTradeParamsSchema,
      produces: ['application/pdf'],
    },
    handler: async (request, reply) =>
      sendPdf(
        reply,
        await service.tradeReconstructionPdf(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
        ),
      ),
  })
}
