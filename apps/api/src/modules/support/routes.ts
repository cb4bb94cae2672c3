// Support endpoints of spec section 7 ("Support and other"): tickets under `ext/`, the upload
// `ext/public/upload/` and its files, client error reports, and the firm's tickets for its Ops
// Admin. Paths the spec writes without `api/` are mounted as written, at `/ext/…` (decision 227).
import {
  clientErrorReportSchema,
  clientErrorStoredSchema,
  SUPPORT_FILE_MAX_BYTES,
  SUPPORT_MESSAGES as SM,
  supportTicketListQuerySchema,
  supportTicketListSchema,
  supportTicketRequestSchema,
  supportTicketSchema,
  supportTicketStaffQuerySchema,
  supportUploadSchema,
} from '@bonds/domain'
import type { FastifyError, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { RateLimit } from '../../http/security.ts'
import type { SupportService } from './index.ts'

const OPS_ADMIN: AccessRule = { roles: ['clientopsadmin'] }
const STAFF: AccessRule = { staff: true }
const tags = ['support']
/** Uploads a minute per user (or address when signed out). */
const UPLOAD_LIMIT: RateLimit = { max: 10, timeWindow: '1 minute' }
/** Error reports a minute per user (or address): an error loop cannot flood the table. */
const ERROR_REPORT_LIMIT: RateLimit = { max: 20, timeWindow: '1 minute' }
/** A multipart body may carry the largest file plus its headers, and a little more (so a file just
 * over the limit gets the upload's own 400, not the parser's 413). */
const UPLOAD_BODY_LIMIT = SUPPORT_FILE_MAX_BYTES + 256 * 1024

/** Register the support routes over its service. */
export async function supportRoutes(
  app: FastifyInstance,
  { service, authLimit }: { service: SupportService; authLimit: RateLimit },
): Promise<void> {
  // Multipart bodies are read whole (this plugin is encapsulated: no other route sees the parser).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new HttpError(413, SM.fileTooLarge, { file: SM.fileTooLarge })
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && error.statusCode === 415) {
      throw new HttpError(400, SM.notMultipart, { file: SM.notMultipart })
    }
    throw error
  })
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/ext/tickets/', {
    config: { access: 'public', rateLimit: authLimit },
    schema: {
      tags,
      summary:
        'Create a support or access-request ticket (stored; forwarded when configured); an open access request for the same feature is answered instead of a second (decision 086)',
      body: supportTicketRequestSchema,
      response: { 200: supportTicketSchema },
    },
    handler: async (request) => service.createTicket(request.user, request.body),
  })

  r.post('/ext/public/upload/', {
    config: { access: 'public', rateLimit: UPLOAD_LIMIT },
    bodyLimit: UPLOAD_BODY_LIMIT,
    schema: {
      tags,
      summary: `Upload a file for a ticket: multipart/form-data, field "file"; PNG, JPEG, WebP, PDF or plain text of at most ${SUPPORT_FILE_MAX_BYTES / 1024 / 1024} MB`,
      consumes: ['multipart/form-data'],
      response: { 200: supportUploadSchema },
    },
    handler: async (request) => {
      const contentType = request.headers['content-type'] ?? ''
      if (!Buffer.isBuffer(request.body) || !contentType.startsWith('multipart/form-data')) {
        throw new HttpError(400, SM.notMultipart, { file: SM.notMultipart })
      }
      return service.uploadFile(request.user, { contentType, body: request.body })
    },
  })

  r.get('/ext/public/files/:name', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'An uploaded file, by the unguessable name its URL carries',
      params: z.object({ name: z.string().max(64) }),
    },
    handler: async (request, reply) => {
      const file = await service.readFile(request.params.name)
      const inline = file.mimeType.startsWith('image/')
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', inline ? 'inline' : 'attachment')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(file.bytes)
    },
  })

  r.get('/api/support/tickets/', {
    config: { access: OPS_ADMIN },
    schema: {
      tags,
      summary: 'The support tickets the caller’s firm filed, newest first (Ops Admin)',
      querystring: supportTicketListQuerySchema,
      response: { 200: supportTicketListSchema },
    },
    handler: async (request) => service.listTickets(requireUser(request), request.query),
  })

  r.get('/api/support/tickets/all/', {
    config: { access: STAFF },
    schema: {
      tags,
      summary:
        'Every firm’s support tickets (and those filed signed out), newest first; one firm’s with client_id (the product’s staff)',
      querystring: supportTicketStaffQuerySchema,
      response: { 200: supportTicketListSchema },
    },
    handler: async (request) => service.listAllTickets(requireUser(request), request.query),
  })

  r.post('/ext/public/client-errors/', {
    config: { access: 'public', rateLimit: ERROR_REPORT_LIMIT },
    bodyLimit: 32 * 1024,
    schema: {
      tags,
      summary:
        'Report an error an app caught; stored with the user context (user-id, user-name, client-name, url) when signed in',
      body: clientErrorReportSchema,
      response: { 200: clientErrorStoredSchema },
    },
    handler: async (request) =>
      service.reportClientError(request.user, request.body, request.headers['user-agent']),
  })
}
