// The chat's outside services as its use cases get them (decision 275). Each is optional: without
// it the product's own service does the work (local chat sessions, no WhatsApp link, no previews).
import type { ChatConfig } from '../../../config-chat.ts'
import { linkPreviewer, type LinkPreviewer } from './link-preview.ts'
import { whatsappApi, type WhatsappOutside } from './whatsapp.ts'
import { sendbirdPlatform, type SendbirdPlatform } from './sendbird-platform.ts'

/** Sendbird, when configured: the application the browsers connect to and its Platform API. */
export interface SendbirdOutside {
  appId: string
  /** Signs the webhooks. */
  apiToken: string
  platform: SendbirdPlatform
}

/** What the chat reaches outside the product. */
export interface ChatOutside {
  sendbird?: SendbirdOutside
  /** Fetches link previews (on by default, with SSRF protection; null turns it off). */
  previews?: LinkPreviewer | null
  /** WhatsApp Business, when configured: linked channels. */
  whatsapp?: WhatsappOutside
}

/** The outside services the configuration names, with any given ones in their place (tests). */
export function chatOutsideFrom(
  config: ChatConfig,
  overrides: Partial<ChatOutside> = {},
): ChatOutside {
  const outside: ChatOutside = { previews: linkPreviewer() }
  if (config.sendbird) {
    outside.sendbird = {
      appId: config.sendbird.appId,
      apiToken: config.sendbird.apiToken,
      platform: sendbirdPlatform(config.sendbird),
    }
  }
  if (config.whatsapp) {
    outside.whatsapp = {
      api: whatsappApi(config.whatsapp),
      appSecret: config.whatsapp.appSecret,
      verifyToken: config.whatsapp.verifyToken,
    }
  }
  return { ...outside, ...overrides }
}
