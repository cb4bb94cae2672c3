// The chat service's channel and message paths (decision 160): where spec section 7 names only the
// provider's calls (create group channel, collections, send, markAsRead, markAsDelivered, leave),
// these are the local service's. Members act; compliance officers read (CHAT_READ).
import {
  chatBanSchema,
  chatChannelCreateSchema,
  chatChannelListQuerySchema,
  chatChannelPageSchema,
  chatChannelParamsSchema,
  chatChannelSchema,
  chatChannelUpdateSchema,
  chatChannelUserParamsSchema,
  chatFileQuerySchema,
  chatMarkSchema,
  chatMessageListQuerySchema,
  chatMessageListSchema,
  chatMessageSchema,
  chatSendSchema,
  chatUserIdsSchema,
  CHAT_FILE_MAX_BYTES,
  CHAT_MESSAGES as CM,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { ChatService } from './index.ts'
import { CHAT, CHAT_READ } from './rules.ts'

const tags = ['chat']
const noContent = { 204: z.null().describe('Done; no body') }
const channel = { 200: chatChannelSchema }
const params = chatChannelParamsSchema

/** Register the channel and message routes. */
export async function chatChannelRoutes(app: FastifyInstance, service: ChatService) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/chat/channels/', {
    config: { access: CHAT_READ },
    schema: {
      tags,
      summary: 'The caller’s channels, most recent first; `next` reads the following page',
      querystring: chatChannelListQuerySchema,
      response: { 200: chatChannelPageSchema },
    },
    handler: async (request) => service.listChannels(requireUser(request), request.query),
  })

  r.post('/api/chat/channels/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Create a channel (201), or find the distinct one that exists (200)',
      body: chatChannelCreateSchema,
      response: { 200: chatChannelSchema, 201: chatChannelSchema },
    },
    handler: async (request, reply) => {
      const made = await service.createChannel(requireUser(request), request.body)
      return reply.code(made.created ? 201 : 200).send(made.channel)
    },
  })

  r.get('/api/chat/channels/:url/', {
    config: { access: CHAT_READ },
    schema: { tags, summary: 'One channel', params, response: channel },
    handler: async (request) => service.getChannel(requireUser(request), request.params.url),
  })

  r.patch('/api/chat/channels/:url/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Rename a channel (operators)',
      params,
      body: chatChannelUpdateSchema,
      response: channel,
    },
    handler: async (request) =>
      service.updateChannel(requireUser(request), request.params.url, request.body),
  })

  r.post('/api/chat/channels/:url/invite/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Invite people (operators); a broadcast list’s creator adds recipients',
      params,
      body: chatUserIdsSchema,
      response: channel,
    },
    handler: async (request) =>
      service.invite(requireUser(request), request.params.url, request.body),
  })

  r.post('/api/chat/channels/:url/accept/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Accept an invitation',
      params,
      body: chatMarkSchema,
      response: channel,
    },
    handler: async (request) => service.accept(requireUser(request), request.params.url),
  })

  r.post('/api/chat/channels/:url/decline/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Decline an invitation',
      params,
      body: chatMarkSchema,
      response: noContent,
    },
    handler: async (request, reply) => {
      await service.decline(requireUser(request), request.params.url)
      return reply.code(204).send(null)
    },
  })

  r.post('/api/chat/channels/:url/leave/', {
    config: { access: CHAT },
    schema: { tags, summary: 'Leave a channel', params, body: chatMarkSchema, response: noContent },
    handler: async (request, reply) => {
      await service.leave(requireUser(request), request.params.url)
      return reply.code(204).send(null)
    },
  })

  r.post('/api/chat/channels/:url/ban/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Ban a member (operators)',
      params,
      body: chatBanSchema,
      response: noContent,
    },
    handler: async (request, reply) => {
      await service.ban(requireUser(request), request.params.url, request.body, request.ip)
      return reply.code(204).send(null)
    },
  })

  r.post('/api/chat/channels/:url/unban/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Lift a ban (operators)',
      params,
      body: chatBanSchema,
      response: noContent,
    },
    handler: async (request, reply) => {
      await service.unban(requireUser(request), request.params.url, request.body, request.ip)
      return reply.code(204).send(null)
    },
  })

  r.post('/api/chat/channels/:url/operators/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Make joined members operators (operators)',
      params,
      body: chatUserIdsSchema,
      response: channel,
    },
    handler: async (request) =>
      service.addOperators(requireUser(request), request.params.url, request.body),
  })

  r.delete('/api/chat/channels/:url/operators/:userId/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Take the operator role from a member (operators; one stays)',
      params: chatChannelUserParamsSchema,
      response: channel,
    },
    handler: async (request) =>
      service.removeOperator(requireUser(request), request.params.url, request.params.userId),
  })

  r.get('/api/chat/channels/:url/messages/', {
    config: { access: CHAT_READ },
    schema: {
      tags,
      summary: 'Messages around a point (ts or message_id): prev_limit before, next_limit after',
      params,
      querystring: chatMessageListQuerySchema,
      response: { 200: chatMessageListSchema },
    },
    handler: async (request) =>
      service.listMessages(requireUser(request), request.params.url, request.query),
  })

  r.post('/api/chat/channels/:url/messages/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Send a message or a buzz: 201, or 200 with the message already sent for this reqId',
      params,
      body: chatSendSchema,
      response: { 200: chatMessageSchema, 201: chatMessageSchema },
    },
    handler: async (request, reply) => {
      const sent = await service.sendMessage(requireUser(request), request.params.url, request.body)
      return reply.code(sent.created ? 201 : 200).send(sent.message)
    },
  })

  r.post('/api/chat/channels/:url/files/', {
    config: { access: CHAT },
    bodyLimit: CHAT_FILE_MAX_BYTES,
    schema: {
      tags,
      summary: `Send a file: raw application/octet-stream body (at most ${CHAT_FILE_MAX_BYTES / 1024 / 1024} MB), its name and type in the query`,
      params,
      querystring: chatFileQuerySchema,
      consumes: ['application/octet-stream'],
      response: { 200: chatMessageSchema, 201: chatMessageSchema },
    },
    handler: async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError(415, CM.sendAsOctetStream, { file: CM.sendAsOctetStream })
      }
      const sent = await service.sendFile(
        requireUser(request),
        request.params.url,
        request.query,
        request.body,
      )
      return reply.code(sent.created ? 201 : 200).send(sent.message)
    },
  })

  r.post('/api/chat/channels/:url/read/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Mark the channel read (markAsRead)',
      params,
      body: chatMarkSchema,
      response: noContent,
    },
    handler: async (request, reply) => {
      await service.markRead(requireUser(request), request.params.url)
      return reply.code(204).send(null)
    },
  })

  r.post('/api/chat/channels/:url/delivered/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Mark the channel delivered (markAsDelivered)',
      params,
      body: chatMarkSchema,
      response: noContent,
    },
    handler: async (request, reply) => {
      await service.markDelivered(requireUser(request), request.params.url)
      return reply.code(204).send(null)
    },
  })
}
