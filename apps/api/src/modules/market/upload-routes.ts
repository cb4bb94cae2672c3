// `POST api/eoi/upload/` (spec section 7, decision 287): a CSV or XLSX of quotes in the multipart
// field `file`. Registered in a plugin of its own, so the multipart parser and the 413 for a body
// over the limit apply to this route alone.
import {
  EOI_UPLOAD_MAX_BYTES,
  EOI_UPLOAD_MAX_ROWS,
  EOI_UPLOAD_MESSAGES as UM,
  eoiUploadPreviewSchema,
  eoiUploadQuerySchema,
  eoiUploadSavedSchema,
  PERMISSIONS,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import {
  acceptUploads,
  fileOf,
  uploadBodyLimit,
  type UploadLimits,
} from '../../lib/upload-table.ts'
import type { MarketService } from './index.ts'

/** Who may upload quotes: who may quote, a Dealer of a client with trade access; never compliance. */
const QUOTING: AccessRule = {
  roles: ['clientdealer'],
  permissions: [PERMISSIONS.canTrade],
  complianceRestricted: true,
}

const UPLOAD: UploadLimits = {
  maxRows: EOI_UPLOAD_MAX_ROWS,
  maxBytes: EOI_UPLOAD_MAX_BYTES,
  messages: UM,
}

/** Register the quote upload over a service. */
export async function uploadRoutes(
  app: FastifyInstance,
  { service }: { service: MarketService },
): Promise<void> {
  acceptUploads(app, UPLOAD)
  app.withTypeProvider<ZodTypeProvider>().post('/api/eoi/upload/', {
    config: { access: QUOTING },
    bodyLimit: uploadBodyLimit(EOI_UPLOAD_MAX_BYTES),
    schema: {
      tags: ['market'],
      summary:
        'Upload quotes: multipart field "file", a CSV or XLSX whose first row names EOI create payload fields (finstrument_id, quote_type, quantum, yield_stored or unit_price_stored, settlement or settlement_delta, validity, …), one quote a row; preview=true checks and posts nothing (200 {rows, errors}); otherwise any error refuses the whole file (400, the same errors) and a clean file is posted whole (201 {ids})',
      consumes: ['multipart/form-data'],
      querystring: eoiUploadQuerySchema,
      response: { 200: eoiUploadPreviewSchema, 201: eoiUploadSavedSchema },
    },
    handler: async (request, reply) => {
      const file = await fileOf(request.headers['content-type'] ?? '', request.body, UPLOAD)
      const result = await service.uploadEois(requireUser(request), file, request.query, request.ip)
      return reply.code(result.status).send(result.body)
    },
  })
}
