// Linking a channel to WhatsApp (decision 279): operators of a group or trading group.
import { chatChannelParamsSchema, chatChannelSchema, chatWhatsappLinkSchema } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/access.ts'
import type { ChatService } from './index.ts'
import { CHAT } from './rules.ts'

const tags = ['chat']

/** Register the WhatsApp link routes. */
export async function chatWhatsappRoutes(app: FastifyInstance, service: ChatService) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.put('/api/chat/channels/:url/whatsapp/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary:
        'Link a group or trading group to a WhatsApp number (operators; WhatsApp configured)',
      params: chatChannelParamsSchema,
      body: chatWhatsappLinkSchema,
      response: { 200: chatChannelSchema },
    },
    handler: async (request) =>
      service.linkWhatsapp(requireUser(request), request.params.url, request.body),
  })
  r.delete('/api/chat/channels/:url/whatsapp/', {
    config: { access: CHAT },
    schema: {
      tags,
      summary: 'Unlink a channel from WhatsApp (operators)',
      params: chatChannelParamsSchema,
      response: { 200: chatChannelSchema },
    },
    handler: async (request) =>
      service.linkWhatsapp(requireUser(request), request.params.url, null),
  })
}
