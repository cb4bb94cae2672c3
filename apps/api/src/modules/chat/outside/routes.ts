// Calls from outside services: Sendbird's webhooks (signed with the API token; decision 275) and
// WhatsApp's (the verify-token handshake; X-Hub-Signature-256 with the app secret; decision 279).
// Bodies are read raw, since a signature covers the bytes as sent; this plugin is encapsulated, so
// no other route sees its JSON parser. Unconfigured, they are 404.
import { timingSafeEqual } from 'node:crypto'
import { CHAT_MESSAGES as CM } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../../http/errors.ts'
import type { ChatContext } from '../context.ts'
import { mirrorSendbirdEvent, verifySendbirdSignature } from './sendbird-webhook.ts'
import { receiveWhatsapp, verifyWhatsappSignature } from './whatsapp.ts'
import type { WhatsappFetches } from './whatsapp-fetches.ts'

const tags = ['chat']
/** A webhook call's body at most (Sendbird's and Meta's events are a few KiB). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024
const RATE = { max: 600, timeWindow: '1 minute' }

/** Parse a raw JSON body (the bytes were signed); not JSON is a 400. */
export function parseRawJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    throw new HttpError(400, 'Body is not valid JSON', { body: 'Body is not valid JSON' })
  }
}

const rawBody = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0))

/** Register the outside services' webhooks. */
export async function outsideRoutes(
  app: FastifyInstance,
  { context, fetches }: { context: ChatContext; fetches: WhatsappFetches },
): Promise<void> {
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/ext/chat/sendbird/webhook/', {
    config: { access: 'public', rateLimit: RATE },
    bodyLimit: WEBHOOK_BODY_LIMIT,
    schema: {
      tags,
      summary:
        'Sendbird webhook (x-sendbird-signature: HMAC-SHA256 of the body with the API token); mirrors messages into the chat store',
      consumes: ['application/json'],
      response: { 200: z.object({ outcome: z.enum(['stored', 'duplicate', 'ignored']) }) },
    },
    handler: async (request) => {
      const sendbird = context.outside.sendbird
      if (!sendbird) throw new HttpError(404, CM.notConfigured)
      const raw = rawBody(request.body)
      const signature = request.headers['x-sendbird-signature']
      if (
        !verifySendbirdSignature(
          raw,
          typeof signature === 'string' ? signature : undefined,
          sendbird.apiToken,
        )
      ) {
        throw new HttpError(401, CM.badSignature)
      }
      return { outcome: await mirrorSendbirdEvent(context, parseRawJson(raw)) }
    },
  })

  r.get('/ext/chat/whatsapp/webhook/', {
    config: { access: 'public', rateLimit: RATE },
    schema: {
      tags,
      summary: 'WhatsApp webhook verification: answers hub.challenge when hub.verify_token matches',
      querystring: z
        .object({
          'hub.mode': z.string().max(100).optional(),
          'hub.verify_token': z.string().max(500).optional(),
          'hub.challenge': z.string().max(500).optional(),
        })
        .strict(),
      produces: ['text/plain'],
    },
    handler: async (request, reply) => {
      const whatsapp = context.outside.whatsapp
      if (!whatsapp) throw new HttpError(404, CM.notConfigured)
      const query = request.query
      const given = Buffer.from(query['hub.verify_token'] ?? '')
      const wanted = Buffer.from(whatsapp.verifyToken)
      const matches = given.length === wanted.length && timingSafeEqual(given, wanted)
      if (query['hub.mode'] !== 'subscribe' || !matches || !query['hub.challenge']) {
        throw new HttpError(400, CM.badSignature)
      }
      return reply.header('content-type', 'text/plain; charset=utf-8').send(query['hub.challenge'])
    },
  })

  r.post('/ext/chat/whatsapp/webhook/', {
    config: { access: 'public', rateLimit: RATE },
    bodyLimit: WEBHOOK_BODY_LIMIT,
    schema: {
      tags,
      summary:
        'WhatsApp webhook (X-Hub-Signature-256 with the app secret): texts from linked numbers posted in their channels, media recorded and fetched afterwards',
      consumes: ['application/json'],
      response: { 200: z.object({ stored: z.number().int(), ignored: z.number().int() }) },
    },
    handler: async (request) => {
      const whatsapp = context.outside.whatsapp
      if (!whatsapp) throw new HttpError(404, CM.notConfigured)
      const raw = rawBody(request.body)
      const signature = request.headers['x-hub-signature-256']
      const signed = typeof signature === 'string' ? signature : undefined
      if (!verifyWhatsappSignature(raw, signed, whatsapp.appSecret)) {
        throw new HttpError(401, CM.badSignature)
      }
      const outcome = await receiveWhatsapp(context, parseRawJson(raw))
      // Media was recorded: answered now, fetched by the jobs (decision 362).
      if (outcome.stored > 0) fetches.wake()
      return outcome
    },
  })
}
