// The chat calls of spec section 7 (chat session, chatter, download) and the chat service's own:
// the caller's chat profile and files. Channel and message paths are in routes-channels.ts. Each
// declares who may call it; the use cases check channel by channel.
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_MESSAGES as CM,
  chatFileParamsSchema,
  chatInviteUsersResultSchema,
  chatInviteUsersSchema,
  chatMeSchema,
  chatSessionRequestSchema,
  chatSessionTokenSchema,
  chatUserPageSchema,
  chatUserSearchQuerySchema,
  downloadChatsSchema,
} from '@bonds/domain'
import type { FastifyError, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import { contentDisposition } from './files.ts'
import type { ChatService } from './index.ts'
import { chatChannelRoutes } from './routes-channels.ts'
import { chatWhatsappRoutes } from './routes-whatsapp.ts'
import { CHAT, CHAT_READ } from './rules.ts'

const tags = ['chat']
const noContent = { 204: z.null().describe('Done; no body') }

const userNotSet = (): never => {
  throw new HttpError(400, CM.userNotSet, { userId: CM.userNotSet })
}

/** Register the chat routes over its service. */
export async function chatRoutes(
  app: FastifyInstance,
  { service }: { service: ChatService },
): Promise<void> {
  // Raw file bodies for uploads (this plugin is encapsulated: no other route sees the parser).
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: CHAT_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  )
  // A file over the limit is refused with the chat's own message (the parent handler answers).
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new HttpError(413, CM.fileTooLarge, { file: CM.fileTooLarge })
    }
    throw error
  })
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/issue-sb-session-token', {
    config: { access: CHAT_READ },
    schema: {
      tags,
      summary: 'A session token of the local chat service for the caller {userId}; lives a day',
      body: chatSessionRequestSchema.nullish(),
      response: { 200: chatSessionTokenSchema },
    },
    handler: async (request) =>
      service.issueSessionToken(requireUser(request), request.body ?? userNotSet()),
  })

  r.delete('/api/remove-sb-session', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'End the chat sessions this sign-in opened; their sockets close',
      body: chatSessionRequestSchema.nullish(),
      response: noContent,
    },
    handler: async (request, reply) => {
      await service.removeSession(requireUser(request), request.body ?? userNotSet())
      return reply.code(204).send(null)
    },
  })

  r.get('/api/chatter/user/search', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'People to chat with: connections first; suggested = recent conversations',
      querystring: chatUserSearchQuerySchema,
      response: { 200: chatUserPageSchema },
    },
    handler: async (request) => service.searchUsers(requireUser(request), request.query),
  })

  r.post('/api/chatter/invite-users', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Ask people onto chat: those not yet onboarded get an e-mail',
      body: chatInviteUsersSchema,
      response: { 200: chatInviteUsersResultSchema },
    },
    handler: async (request) => service.inviteUsers(requireUser(request), request.body),
  })

  r.post('/api/download-chats', {
    config: { access: CHAT_READ },
    schema: {
      tags,
      summary:
        'One channel’s messages between startTime and endTime as CSV (members; the firm’s compliance officer)',
      body: downloadChatsSchema,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const file = await service.downloadChats(requireUser(request), request.body, request.ip)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .header('x-chat-message-count', String(file.count))
        .send(file.text)
    },
  })

  r.get('/api/chat/users/me/', {
    config: { access: CHAT_READ },
    schema: { tags, summary: 'The caller as chat knows them', response: { 200: chatMeSchema } },
    handler: async (request) => service.me(requireUser(request)),
  })

  r.get('/api/chat/files/:id/', {
    config: { access: CHAT_READ },
    schema: {
      tags,
      summary: 'A file sent in chat (images and videos inline, the rest as attachments)',
      params: chatFileParamsSchema,
    },
    handler: async (request, reply) => {
      const file = await service.getFile(requireUser(request), request.params.id)
      return reply
        .header('content-type', file.mimeType)
        .header(
          'content-disposition',
          contentDisposition(file.inline ? 'inline' : 'attachment', file.name),
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=3600')
        .send(file.bytes)
    },
  })

  await chatChannelRoutes(app, service)
  await chatWhatsappRoutes(app, service)
}
