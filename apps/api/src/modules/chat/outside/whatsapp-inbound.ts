// Inbound messages of a WhatsApp-linked channel (decisions 279 and 334): a text is posted as a
// message without a sender; an image, document, audio or video is fetched through the WhatsApp
// port, held to the limits of a user's upload (type, size, content) and stored in the chat's file
// store, then posted as a file message (its caption, if any, as a text after it). Media it cannot
// fetch or that breaks the limits becomes an admin message saying so, never an error to Meta
// (which retries errors). Each is posted once: reqId `wa:<message id>` under the channel's lock.
import { createHash, randomUUID } from 'node:crypto'
import { CHAT_FILE_MAX_BYTES, CHAT_MESSAGES as CM } from '@bonds/domain'
import { HttpError } from '../../../http/errors.ts'
import type { ChatContext } from '../context.ts'
import { transaction } from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { checkFile, safeFileName } from '../files.ts'
import { insertFile, messageInChannelByReqId } from '../messages-repo.ts'
import { postMessage, type NewMessage } from '../posting.ts'
import { WhatsappMediaTooLarge } from './whatsapp-media.ts'
import { channelByWhatsappNumber } from './whatsapp-repo.ts'

/** The media kinds of a WhatsApp message that are fetched and posted. */
export const WHATSAPP_MEDIA_KINDS = ['image', 'document', 'audio', 'video'] as const
/** One of them. */
export type WhatsappMediaKind = (typeof WHATSAPP_MEDIA_KINDS)[number]

const A_KIND: Record<WhatsappMediaKind, string> = {
  image: 'an image',
  document: 'a document',
  audio: 'an audio message',
  video: 'a video',
}

/** The admin message for media that could not be fetched from WhatsApp (decision 334). */
export function mediaNotFetched(who: string, kind: WhatsappMediaKind): string {
  return `${who} sent ${A_KIND[kind]} on WhatsApp that could not be fetched; ask them to send it again`
}

/** The admin message for media outside the chat's file limits (the upload's words after it). */
export function mediaRefused(who: string, kind: WhatsappMediaKind, reason: string): string {
  return `${who} sent ${A_KIND[kind]} on WhatsApp that cannot be shown here: ${reason}`
}

/** Who sent it, as the channel shows them: the profile name, else the number. */
function whoOf(from: string, name: string): string {
  return name || `+${from}`
}

/** A message from a number. */
export interface Inbound {
  from: string
  name: string
  /** Meta's message id. */
  id: string
}

/**
 * Post messages for an inbound message in the number's channel, once; false when no channel is
 * linked to the number or the message was posted before.
 */
async function postOnce(
  context: ChatContext,
  inbound: Inbound,
  messages: (NewMessage & { reqId: string })[],
  before?: (tx: ChatContext['db'], channelUrl: string) => Promise<void>,
): Promise<boolean> {
  const at = context.now()
  const items = await transaction(context.db, async (tx) => {
    const channel = await channelByWhatsappNumber(tx, inbound.from.replace(/^\+/, ''), {
      lock: true,
    })
    if (!channel || (await messageInChannelByReqId(tx, channel.url, messages[0]!.reqId)))
      return null
    await before?.(tx, channel.url)
    const entries = []
    for (const message of messages)
      entries.push(...(await postMessage(tx, channel, message, at)).entries)
    return appendEvents(tx, entries, at)
  })
  if (!items) return false
  await context.events.deliver(items)
  return true
}

const dataOf = (inbound: Inbound) =>
  JSON.stringify({ type: 'whatsapp', from: inbound.from, name: inbound.name })

/** A text from a number, posted in its channel. */
export function postInboundText(context: ChatContext, inbound: Inbound, text: string) {
  return postOnce(context, inbound, [
    {
      senderId: null,
      messageType: 'user',
      message: text,
      customType: 'whatsapp',
      data: dataOf(inbound),
      reqId: `wa:${inbound.id}`,
    },
  ])
}

/** Media as the webhook names it. */
export interface InboundMedia {
  kind: WhatsappMediaKind
  mediaId: string
  caption?: string | undefined
  fileName?: string | undefined
}

/** Fetch, check, store and post media from a number; an admin message when that fails. */
export async function postInboundMedia(
  context: ChatContext,
  inbound: Inbound,
  media: InboundMedia,
): Promise<boolean> {
  const reqId = `wa:${inbound.id}`
  // Nothing to fetch for an unknown number or a message Meta sends again.
  const channel = await channelByWhatsappNumber(context.db, inbound.from.replace(/^\+/, ''))
  if (!channel || (await messageInChannelByReqId(context.db, channel.url, reqId))) return false
  const who = whoOf(inbound.from, inbound.name)
  const admin = (message: string) =>
    postOnce(context, inbound, [
      {
        senderId: null,
        messageType: 'admin',
        message,
        customType: 'whatsapp',
        data: dataOf(inbound),
        reqId,
      },
    ])
  let fetched
  try {
    fetched = await context.outside.whatsapp!.api.fetchMedia(media.mediaId, CHAT_FILE_MAX_BYTES)
  } catch (error) {
    if (error instanceof WhatsappMediaTooLarge)
      return admin(mediaRefused(who, media.kind, CM.fileTooLarge))
    return admin(mediaNotFetched(who, media.kind))
  }
  let extension: string
  try {
    extension = checkFile(fetched.mimeType, fetched.bytes).extension
  } catch (error) {
    if (error instanceof HttpError) return admin(mediaRefused(who, media.kind, error.message))
    throw error
  }
  const id = randomUUID()
  const fileKey = `chat/${channel.url}/${id}.${extension}`
  const name = safeFileName(media.fileName ?? `whatsapp-${media.kind}.${extension}`, extension)
  await context.files.put(fileKey, fetched.bytes)
  const messages: (NewMessage & { reqId: string })[] = [
    {
      senderId: null,
      messageType: 'file',
      message: '',
      customType: 'whatsapp',
      data: dataOf(inbound),
      reqId,
      fileId: id,
    },
  ]
  const caption = media.caption?.trim()
  if (caption) {
    messages.push({
      senderId: null,
      messageType: 'user',
      message: caption.slice(0, 4096),
      customType: 'whatsapp',
      data: dataOf(inbound),
      reqId: `${reqId}:caption`,
    })
  }
  let posted = false
  try {
    posted = await postOnce(context, inbound, messages, (tx, url) =>
      insertFile(tx, {
        id,
        channelUrl: url,
        uploaderId: null,
        fileKey,
        name,
        mimeType: fetched.mimeType,
        size: fetched.bytes.length,
        sha256: createHash('sha256').update(fetched.bytes).digest('hex'),
        createdAt: context.now(),
      }),
    )
  } finally {
    // Posted by a retry that raced this one, or not at all: the bytes are no message's.
    if (!posted) await context.files.remove(fileKey)
  }
  return posted
}
