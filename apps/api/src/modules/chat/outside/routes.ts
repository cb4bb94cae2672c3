// Calls from outside services (decision 275): Sendbird's webhooks (signed with the API token),
// later WhatsApp's. Their bodies are read raw, since a signature covers the bytes as sent; this
// plugin is encapsulated, so no other route sees its JSON parser. Unconfigured, they are 404.
import { CHAT_MESSAGES as CM } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../../http/errors.ts'
import type { ChatContext } from '../context.ts'
import { mirrorSendbirdEvent, verifySendbirdSignature } from './sendbird-webhook.ts'

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
  { context }: { context: ChatContext },
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
}
