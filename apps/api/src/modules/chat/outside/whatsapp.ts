// WhatsApp-linked channels (decision 279): a group or trading group tied to one WhatsApp number.
// Outbound, a member's message goes to that number through the WhatsApp Business platform's Cloud
// API (a port: an HTTP client here, a fake server in tests). Inbound, Meta's webhook is verified
// (`X-Hub-Signature-256`: HMAC-SHA256 of the raw body with the app secret; the GET handshake
// with the verify token) and each text message from a linked number is posted in its channel.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { WhatsappConfig } from '../../../config-chat.ts'
import type { ChatContext } from '../context.ts'
import { transaction } from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { messageInChannelByReqId } from '../messages-repo.ts'
import { postMessage } from '../posting.ts'
import { sendWhatsappFile, type WhatsappFile } from './whatsapp-media.ts'
import { channelByWhatsappNumber } from './whatsapp-repo.ts'

/** The Cloud API as the chat uses it. */
export interface WhatsappApi {
  /** Send a text to a number (digits with country code). */
  sendText(to: string, body: string): Promise<void>
  /** Upload a file and send it to a number (decision 300). */
  sendFile(to: string, file: WhatsappFile): Promise<void>
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

/** Post the text messages of an inbound webhook call in their linked channels, once each. */
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
      const stored =
        message.type === 'text' && message.text
          ? await postInbound(
              context,
              message.from,
              names.get(message.from) ?? '',
              message.id,
              message.text.body,
            )
          : false
      outcome[stored ? 'stored' : 'ignored'] += 1
    }
  }
  return outcome
}

async function postInbound(
  context: ChatContext,
  from: string,
  name: string,
  id: string,
  text: string,
): Promise<boolean> {
  const at = context.now()
  const reqId = `wa:${id}`
  const items = await transaction(context.db, async (tx) => {
    const channel = await channelByWhatsappNumber(tx, from.replace(/^\+/, ''), { lock: true })
    if (!channel || (await messageInChannelByReqId(tx, channel.url, reqId))) return null
    const posted = await postMessage(
      tx,
      channel,
      {
        senderId: null,
        messageType: 'user',
        message: text,
        customType: 'whatsapp',
        data: JSON.stringify({ type: 'whatsapp', from, name }),
        reqId,
      },
      at,
    )
    return appendEvents(tx, posted.entries, at)
  })
  if (!items) return false
  await context.events.deliver(items)
  return true
}
