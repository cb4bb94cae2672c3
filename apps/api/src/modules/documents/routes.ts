// Downloads and records of one bond (spec section 7): the bond-details and quote PDFs, the
// information memorandum (upload by Ops Admin, download by anyone), trades and credit rationale.
import {
  creditRationaleListSchema,
  documentQuoteRequestSchema,
  finstrumentIdParamsSchema,
  imDownloadRequestSchema,
  imUploadResponseSchema,
  PERMISSIONS,
  tradePageSchema,
  tradesRequestSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import { sendPdf } from '../../http/send-pdf.ts'
import type { DocumentService } from './index.ts'
import { IM_MAX_BYTES } from './use-cases/upload-memorandum.ts'

const tags = ['documents']
const signedIn = { permissions: [PERMISSIONS.securityDataAccess] }

/** Register the document routes over a service. */
export async function documentRoutes(
  app: FastifyInstance,
  { service }: { service: DocumentService },
): Promise<void> {
  // Raw PDF bodies for the IM upload; this plugin is encapsulated, so no other route sees it.
  app.addContentTypeParser(
    'application/pdf',
    { parseAs: 'buffer', bodyLimit: IM_MAX_BYTES },
    (_request, body, done) => done(null, body),
  )
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/bond-details/:id/download/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'PDF of a bond: terms, price and yield at a settlement (given yield or price, else at the coupon rate), cash flows for a quantity',
      params: finstrumentIdParamsSchema,
      body: documentQuoteRequestSchema.nullish(),
      produces: ['application/pdf'],
    },
    handler: async (request, reply) =>
      sendPdf(reply, await service.bondDetailsPdf(request.params.id, request.body ?? {})),
  })

  r.post('/api/quote/:id/download/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'PDF of one quote: price, yield, accrued, dirty price, settlement, quantity and consideration',
      params: finstrumentIdParamsSchema,
      body: documentQuoteRequestSchema.nullish(),
      produces: ['application/pdf'],
    },
    handler: async (request, reply) =>
      sendPdf(reply, await service.quotePdf(request.params.id, request.body ?? {})),
  })

  r.post('/api/im/upload/:id/', {
    config: { access: { roles: ['clientopsadmin'], staffToo: true } },
    bodyLimit: IM_MAX_BYTES,
    schema: {
      tags,
      summary: `Store a bond's information memorandum (raw application/pdf body, at most ${IM_MAX_BYTES / 1024 / 1024} MiB, a whole PDF without active content); replaces the current one, kept as an earlier version; only the uploading firm (or the product's staff) may replace it`,
      params: finstrumentIdParamsSchema,
      consumes: ['application/pdf'],
      response: { 201: imUploadResponseSchema },
    },
    handler: async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError(415, 'Send the file as application/pdf', {
          file: 'Send the file as application/pdf',
        })
      }
      const user = requireUser(request)
      reply.code(201)
      return service.uploadMemorandum(request.params.id, request.body, user)
    },
  })

  r.post('/api/im/download/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "A bond's information memorandum (PDF); 404 when none is stored for the bond yet",
      body: imDownloadRequestSchema,
      produces: ['application/pdf'],
    },
    handler: async (request, reply) => sendPdf(reply, await service.memorandum(request.body.isin)),
  })

  r.post('/api/trades/:id/', {
    config: { access: signedIn },
    schema: {
      tags,
      summary:
        'Trades the platform knows for a bond: pagination (page, page_size ≤ 100), sort, date filters',
      params: finstrumentIdParamsSchema,
      body: tradesRequestSchema,
      response: { 200: tradePageSchema },
    },
    handler: async (request) => service.trades(request.params.id, request.body),
  })

  r.get('/api/credit-rationale/:id/', {
    config: { access: signedIn },
    schema: {
      tags,
      summary: "A bond's stored credit-rating rationales, newest first (empty when none)",
      params: finstrumentIdParamsSchema,
      response: { 200: creditRationaleListSchema },
    },
    handler: async (request) => service.creditRationales(request.params.id),
  })
}
