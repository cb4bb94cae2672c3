// WhatsApp-linked channels (decision 279): a group or trading group tied to one WhatsApp number.
// Outbound, a member's message goes to that number through the WhatsApp Business platform's Cloud
// API (a port: an HTTP client here, a fake server in tests). Inbound, Meta's webhook is verified
// (`X-Hub-Signature-256`: HMAC-SHA256 of the raw body with the app secret; the GET handshake
// with the verify token) and each message from a linked number is posted in its channel (texts;
// media recorded, then fetched through the port by a job, decisions 334 and 362).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { WhatsappConfig } from '../../../config-chat.ts'
import type { ChatContext } from '../context.ts'
import {
  postInboundText,
  recordInboundMedia,
  WHATSAPP_MEDIA_KINDS,
  type WhatsappMediaKind,
} from './whatsapp-inbound.ts'
import {
  fetchWhatsappMedia,
  sendWhatsappFile,
  type MediaRedirectOptions,
  type WhatsappFile,
  type WhatsappMedia,
} from './whatsapp-media.ts'

/** The Cloud API as the chat uses it. */
export interface WhatsappApi {
  /** Send a text to a number (digits with country code). */
  sendText(to: string, body: string): Promise<void>
  /** Upload a file and send it to a number (decision 300). */
  sendFile(to: string, file: WhatsappFile): Promise<void>
  /**
   * Fetch media a user sent, up to `maxBytes` (WhatsappMediaTooLarge past it; decision 334), its
   * bytes checked against `sha256` (WhatsappMediaMismatch; decision 362).
   */
  fetchMedia(request: {
    mediaId: string
    maxBytes: number
    sha256?: string | undefined
  }): Promise<WhatsappMedia>
}

/** WhatsApp, when configured: the API and the webhook's secrets. */
export interface WhatsappOutside {
  api: WhatsappApi
  appSecret: string
  verifyToken: string
}

/** The Cloud API over HTTP. */
export function whatsappApi(
  config: Pick<WhatsappConfig, 'apiUrl' | 'phoneNumberId' | 'accessToken'>,
  fetchImpl: typeof fetch = fetch,
  redirects: MediaRedirectOptions = {},
): WhatsappApi {
  return {
    async sendText(to, body) {
      const response = await fetchImpl(
        `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'text',
            text: { preview_url: false, body: body.slice(0, 4096) },
          }),
          signal: AbortSignal.timeout(10_000),
        },
      )
      const text = await response.text()
      if (!response.ok)
        throw new Error(`WhatsApp answered ${response.status}: ${text.slice(0, 200)}`)
    },
    sendFile: (to, file) => sendWhatsappFile(config, to, file, fetchImpl),
    fetchMedia: (request) => fetchWhatsappMedia(config, request, fetchImpl, redirects),
  }
}

/** Whether a webhook call carries `sha256=<hex>` of the raw body keyed with the app secret. */
export function verifyWhatsappSignature(
  raw: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1]
  if (!hex) return false
  const expected = createHmac('sha256', appSecret).update(raw).digest()
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'))
}

/** An image, document, audio or video of an inbound message (the media is fetched by its id). */
const mediaObject = z
  .object({
    id: z.string().min(1).max(200),
    mime_type: z.string().max(200).optional(),
    sha256: z.string().max(200).optional(),
    caption: z.string().max(4096).optional(),
    filename: z.string().max(1000).optional(),
  })
  .optional()
const mediaFields = Object.fromEntries(WHATSAPP_MEDIA_KINDS.map((kind) => [kind, mediaObject])) as {
  [K in WhatsappMediaKind]: typeof mediaObject
}

const webhook = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({
                contacts: z
                  .array(
                    z.object({
                      wa_id: z.string(),
                      profile: z.object({ name: z.string() }).partial(),
                    }),
                  )
                  .max(100)
                  .optional(),
                messages: z
                  .array(
                    z.object({
                      from: z.string().max(20),
                      id: z.string().min(1).max(200),
                      timestamp: z.string().optional(),
                      type: z.string(),
                      text: z.object({ body: z.string().max(4096) }).optional(),
                      ...mediaFields,
                    }),
                  )
                  .max(100)
                  .optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
})

/** What an inbound call did. */
export interface WhatsappInbound {
  stored: number
  ignored: number
}

/**
 * Post the messages of an inbound webhook call in their linked channels, once each: texts, and
 * images, documents, audio and videos recorded for the fetch jobs (decisions 334, 362; the caller
 * wakes them).
 */
export async function receiveWhatsapp(
  context: ChatContext,
  body: unknown,
): Promise<WhatsappInbound> {
  const parsed = webhook.safeParse(body)
  const outcome = { stored: 0, ignored: 0 }
  if (!parsed.success) return outcome
  for (const change of parsed.data.entry.flatMap((e) => e.changes)) {
    if (change.field !== 'messages') continue
    const names = new Map((change.value.contacts ?? []).map((c) => [c.wa_id, c.profile.name ?? '']))
    for (const message of change.value.messages ?? []) {
      const inbound = { from: message.from, name: names.get(message.from) ?? '', id: message.id }
      const kind = WHATSAPP_MEDIA_KINDS.find((k) => k === message.type)
      const media = kind ? message[kind] : undefined
      const stored =
        message.type === 'text' && message.text
          ? await postInboundText(context, inbound, message.text.body)
          : kind && media
            ? await recordInboundMedia(context, inbound, {
                kind,
                mediaId: media.id,
                sha256: media.sha256,
                caption: media.caption,
                fileName: media.filename,
              })
            : false
      outcome[stored ? 'stored' : 'ignored'] += 1
    }
  }
  return outcome
}
