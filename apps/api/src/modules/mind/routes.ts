// mind's endpoints (issue 23; decision 246): ask, the caller's chats (list, read, rename, delete),
// sharing (publish, revoke) for Market Researchers only, and the public shared chat for anyone.
import {
  mindAskRequestSchema,
  mindAskResponseSchema,
  mindChatListSchema,
  mindChatSchema,
  mindChatSummarySchema,
  mindPreviewSchema,
  mindPublicChatSchema,
  mindRenameRequestSchema,
  mindShareRequestSchema,
  mindShareSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { PassThrough } from 'node:stream'
import { z } from 'zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import type { RateLimit } from '../../http/security.ts'
import type { MindService } from './index.ts'
import type { StreamEvent } from './use-cases/stream.ts'

/** Spec section 6: Market Researcher alone (the public shared chat aside). */
const RESEARCHER: AccessRule = { roles: ['dataviewer'] }
const tags = ['mind']
const idParams = z.object({ id: z.string().min(1).max(64) })
/** Questions a minute per researcher. */
const ASK_LIMIT: RateLimit = { max: 60, timeWindow: '1 minute' }
/** Preview loads a minute per address (anyone may call it). */
const PREVIEW_LIMIT: RateLimit = { max: 30, timeWindow: '1 minute' }

const streamStartSchema = z.object({
  stream_id: z
    .string()
    .describe('Open it at `GET api/mind/ask/stream/{stream_id}/` within a minute'),
})

/** One server-sent event: its name, and its data as one line of JSON. */
export function sseFrame({ event, data }: StreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/** Register mind's routes over its service. */
export async function mindRoutes(
  app: FastifyInstance,
  { service, warmOnReady = false }: { service: MindService; warmOnReady?: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  if (warmOnReady) {
    // The universe is read once the server is ready, without holding its start (decision 282).
    app.addHook('onReady', async () => {
      const started = performance.now()
      void service.warm().then(
        () => app.log.info({ ms: Math.round(performance.now() - started) }, 'mind: universe read'),
        (error: unknown) => app.log.warn({ err: error }, 'mind: the universe could not be read'),
      )
    })
  }

  r.post('/api/mind/ask/', {
    config: { access: RESEARCHER, rateLimit: ASK_LIMIT },
    schema: {
      tags,
      summary:
        'Ask the analyst (in a new chat, or continuing `chat_id`); the typed result is what the page shows first',
      body: mindAskRequestSchema,
      response: { 200: mindAskResponseSchema },
    },
    handler: async (request) => service.ask(requireUser(request), request.body),
  })

  r.post('/api/mind/ask/stream/', {
    config: { access: RESEARCHER, rateLimit: ASK_LIMIT },
    schema: {
      tags,
      summary:
        'Start a streamed answer (the page’s): checked like `POST api/mind/ask/`; returns a single-use id, valid for a minute',
      body: mindAskRequestSchema,
      response: { 200: streamStartSchema },
    },
    handler: async (request) => service.startAskStream(requireUser(request), request.body),
  })

  r.get('/api/mind/ask/stream/:id/', {
    // The unguessable, single-use id stands for the researcher who started it (an EventSource
    // cannot send the bearer token); decision 280.
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'A started answer as server-sent events: `progress`, `result` (the typed result first), `text` pieces, then `done` (the answer `POST api/mind/ask/` returns) or `error`',
      params: idParams,
      produces: ['text/event-stream'],
    },
    handler: async (request, reply) => {
      const ticket = service.takeAskStream(request.params.id)
      const stream = new PassThrough()
      void service
        .runAskStream(ticket, (event) => stream.write(sseFrame(event)))
        .finally(() => stream.end())
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream)
    },
  })

  r.get('/api/mind/chats/', {
    config: { access: RESEARCHER },
    schema: {
      tags,
      summary: "The caller's chats, most recently used first",
      response: { 200: mindChatListSchema },
    },
    handler: async (request) => service.listChats(requireUser(request)),
  })

  r.get('/api/mind/chats/:id/', {
    config: { access: RESEARCHER },
    schema: {
      tags,
      summary: 'One of the caller’s chats with its messages',
      params: idParams,
      response: { 200: mindChatSchema },
    },
    handler: async (request) => service.getChat(requireUser(request), request.params.id),
  })

  r.patch('/api/mind/chats/:id/', {
    config: { access: RESEARCHER },
    schema: {
      tags,
      summary: 'Rename one of the caller’s chats',
      params: idParams,
      body: mindRenameRequestSchema,
      response: { 200: mindChatSummarySchema },
    },
    handler: async (request) =>
      service.renameChat(requireUser(request), request.params.id, request.body.title),
  })

  r.delete('/api/mind/chats/:id/', {
    config: { access: RESEARCHER },
    schema: {
      tags,
      summary: 'Delete one of the caller’s chats (and its public link)',
      params: idParams,
    },
    handler: async (request, reply) => {
      await service.deleteChat(requireUser(request), request.params.id)
      return reply.code(204).send()
    },
  })

  r.post('/api/mind/chats/:id/share/', {
    config: { access: RESEARCHER },
    schema: {
      tags,
      summary:
        'Publish a chat read-only at /mind/public/{id} (a new unguessable id; optional expiry)',
      params: idParams,
      body: mindShareRequestSchema,
      response: { 200: mindShareSchema },
    },
    handler: async (request) =>
      service.shareChat(requireUser(request), request.params.id, request.body),
  })

  r.delete('/api/mind/chats/:id/share/', {
    config: { access: RESEARCHER },
    schema: { tags, summary: 'Revoke a chat’s public link', params: idParams },
    handler: async (request, reply) => {
      await service.revokeShare(requireUser(request), request.params.id)
      return reply.code(204).send()
    },
  })

  r.get('/api/mind/preview/', {
    config: { access: 'public', rateLimit: PREVIEW_LIMIT },
    schema: {
      tags,
      summary: "mind's preview: a few example questions answered live by the built-in planner",
      response: { 200: mindPreviewSchema },
    },
    handler: async () => service.preview(),
  })

  r.get('/api/mind/public/:id/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'A shared chat, read-only, for anyone (404 when unknown, revoked or expired)',
      params: idParams,
      response: { 200: mindPublicChatSchema },
    },
    handler: async (request) => service.publicChat(request.params.id),
  })
}
