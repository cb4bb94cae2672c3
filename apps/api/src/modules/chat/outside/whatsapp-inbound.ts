// Inbound messages of a WhatsApp-linked channel (decisions 279, 334 and 362): a text is posted as
// a message without a sender. An image, document, audio or video is recorded as a fetch job and
// the webhook answers; the job (whatsapp-fetches.ts) fetches it through the WhatsApp port, holds
// it to the limits of a user's upload (type, size, content), stores it in the chat's file store
// and posts it as a file message (its caption, if any, as a text after it). Media it cannot fetch
// or that breaks the limits becomes an admin message saying so, never an error to Meta (which
// retries errors). Each is posted once: reqId `wa:<message id>` under the channel's lock.
import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { CHAT_FILE_MAX_BYTES, CHAT_MESSAGES as CM } from '@bonds/domain'
import { chatWhatsappFetches } from '../../../db/chat-schema.ts'
import { HttpError } from '../../../http/errors.ts'
import type { ChatContext } from '../context.ts'
import { transaction } from '../context.ts'
import { appendEvents } from '../events-repo.ts'
import { checkFile, safeFileName } from '../files.ts'
import { insertFile, messageInChannelByReqId } from '../messages-repo.ts'
import { postMessage, type NewMessage } from '../posting.ts'
import { channelByUrl } from '../repo.ts'
import type { ChannelRow } from '../views.ts'
import { WhatsappMediaGone, WhatsappMediaTooLarge } from './whatsapp-media.ts'
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
  find: (tx: ChatContext['db']) => Promise<ChannelRow | undefined>,
  messages: (NewMessage & { reqId: string })[],
  before?: (tx: ChatContext['db'], channelUrl: string) => Promise<void>,
): Promise<boolean> {
  const at = context.now()
  const items = await transaction(context.db, async (tx) => {
    const channel = await find(tx)
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

const linkedTo = (inbound: Inbound) => (tx: ChatContext['db']) =>
  channelByWhatsappNumber(tx, inbound.from.replace(/^\+/, ''), { lock: true })

/** A text from a number, posted in its channel. */
export function postInboundText(context: ChatContext, inbound: Inbound, text: string) {
  return postOnce(context, linkedTo(inbound), [
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
  /** Meta's SHA-256 of the bytes (base64). */
  sha256?: string | undefined
  caption?: string | undefined
  fileName?: string | undefined
}

/**
 * Record media from a linked number as a fetch job due now (the webhook answers once it is
 * recorded); false for an unknown number or a message recorded or posted before.
 */
export async function recordInboundMedia(
  context: ChatContext,
  inbound: Inbound,
  media: InboundMedia,
): Promise<boolean> {
  return transaction(context.db, async (tx) => {
    const channel = await linkedTo(inbound)(tx)
    if (!channel || (await messageInChannelByReqId(tx, channel.url, `wa:${inbound.id}`)))
      return false
    const made = await tx
      .insert(chatWhatsappFetches)
      .values({
        messageId: inbound.id,
        channelUrl: channel.url,
        from: inbound.from,
        name: inbound.name,
        kind: media.kind,
        mediaId: media.mediaId,
        sha256: media.sha256 ?? null,
        caption: media.caption ?? null,
        fileName: media.fileName ?? null,
        nextAt: context.now(),
      })
      .onConflictDoNothing()
      .returning({ id: chatWhatsappFetches.messageId })
    return made.length > 0
  })
}

/** A fetch job as stored. */
export type FetchJob = typeof chatWhatsappFetches.$inferSelect

/** What an attempt at a job came to: posted (a file or an admin message), or to try again. */
export type FetchOutcome = 'posted' | 'retry'

/**
 * One attempt at a job: fetch, check, store and post the media, deleting the job in the posting
 * transaction. A refusal for good (too large, not a type or content the chat takes, unknown to
 * Meta) posts the admin message at once; other failures are 'retry', and with `last` set the
 * admin message that it could not be fetched.
 */
export async function attemptFetch(
  context: ChatContext,
  job: FetchJob,
  last: boolean,
): Promise<FetchOutcome> {
  const inbound: Inbound = { from: job.from, name: job.name, id: job.messageId }
  const kind = job.kind as WhatsappMediaKind
  const reqId = `wa:${job.messageId}`
  const done = (tx: ChatContext['db']) =>
    tx.delete(chatWhatsappFetches).where(eq(chatWhatsappFetches.messageId, job.messageId))
  const find = (tx: ChatContext['db']) => channelByUrl(tx, job.channelUrl, { lock: true })
  const who = whoOf(job.from, job.name)
  const admin = async (message: string): Promise<FetchOutcome> => {
    const notice = { senderId: null, messageType: 'admin' as const, message, reqId }
    const posted = await postOnce(
      context,
      find,
      [{ ...notice, customType: 'whatsapp', data: dataOf(inbound) }],
      async (tx) => void (await done(tx)),
    )
    // Posted before (a racing attempt): the job is no longer needed either way.
    if (!posted) await done(context.db)
    return 'posted'
  }
  let fetched
  try {
    fetched = await context.outside.whatsapp!.api.fetchMedia({
      mediaId: job.mediaId,
      maxBytes: CHAT_FILE_MAX_BYTES,
      sha256: job.sha256 ?? undefined,
    })
  } catch (error) {
    if (error instanceof WhatsappMediaTooLarge)
      return admin(mediaRefused(who, kind, CM.fileTooLarge))
    if (error instanceof WhatsappMediaGone || last) return admin(mediaNotFetched(who, kind))
    return 'retry'
  }
  let extension: string
  try {
    extension = checkFile(fetched.mimeType, fetched.bytes).extension
  } catch (error) {
    if (error instanceof HttpError) return admin(mediaRefused(who, kind, error.message))
    throw error
  }
  const id = randomUUID()
  const fileKey = `chat/${job.channelUrl}/${id}.${extension}`
  const name = safeFileName(job.fileName ?? `whatsapp-${kind}.${extension}`, extension)
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
  const caption = job.caption?.trim()
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
    posted = await postOnce(context, find, messages, async (tx, url) => {
      await insertFile(tx, {
        id,
        channelUrl: url,
        uploaderId: null,
        fileKey,
        name,
        mimeType: fetched.mimeType,
        size: fetched.bytes.length,
        sha256: createHash('sha256').update(fetched.bytes).digest('hex'),
        createdAt: context.now(),
      })
      await done(tx)
    })
  } finally {
    // Posted by a racing attempt, or not at all: the bytes are no message's.
    if (!posted) await context.files.remove(fileKey)
  }
  if (!posted) await done(context.db)
  return 'posted'
}
