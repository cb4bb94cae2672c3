// POST /api/chat/channels/{url}/files/?reqId&fileName&mimeType (raw bytes): a file message (spec
// section 7: file, fileName, mimeType). The type must be on the whitelist, the size within the
// limit; the bytes go to the file store (local disk under DATA_DIR by default), then the message
// is posted as any other, idempotent on reqId. In a WhatsApp-linked channel the file goes to the
// number first (decision 300).
import { createHash, randomUUID } from 'node:crypto'
import type { ChatFileQuery } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { chatter, memberChannel, type ChatContext } from '../context.ts'
import { checkFile, safeFileName } from '../files.ts'
import { messageFor } from '../message-view.ts'
import { deleteFile, insertFile, messageByReqId } from '../messages-repo.ts'
import { whatsappMediaPlan } from '../outside/whatsapp-media.ts'
import { checkSendLimit, sendAs, type Sent } from './send-message.ts'
import { CHAT_MESSAGES as CM } from '@bonds/domain'
import { HttpError } from '../../../http/errors.ts'
import type { Profile } from '../people.ts'

/**
 * A linked channel's file goes to its WhatsApp number first (upload, then the message), as its
 * texts do; a type WhatsApp does not take is refused, a failure is a 502, and nothing is stored.
 */
async function forwardFile(
  context: ChatContext,
  me: Profile,
  number: string,
  file: { bytes: Buffer; mimeType: string; name: string },
) {
  if (!whatsappMediaPlan(file.mimeType, file.bytes.length)) {
    throw new HttpError(400, CM.whatsappFileType, { file: CM.whatsappFileType })
  }
  try {
    await context.outside.whatsapp!.api.sendFile(number, {
      bytes: file.bytes,
      mimeType: file.mimeType,
      fileName: file.name,
      caption: `${me.nickname}: ${file.name}`,
    })
  } catch {
    throw new HttpError(502, CM.whatsappUnavailable)
  }
}

/** Send a file. */
export async function sendFile(
  context: ChatContext,
  caller: AuthUser,
  url: string,
  query: ChatFileQuery,
  bytes: Buffer,
): Promise<Sent> {
  const { db, files } = context
  const me = await chatter(context, caller)
  const earlier = await messageByReqId(db, me.userId, query.reqId)
  if (earlier) return { message: await messageFor(db, earlier, me), created: false }
  const { channel, me: member } = await memberChannel(db, me.userId, url)
  const { extension } = checkFile(query.mimeType, bytes)
  await checkSendLimit(context, me.userId)
  const name = safeFileName(query.fileName, extension)
  if (context.outside.whatsapp && channel.whatsappNumber && member.state === 'joined') {
    await forwardFile(context, me, channel.whatsappNumber, {
      bytes,
      mimeType: query.mimeType,
      name,
    })
  }
  const id = randomUUID()
  const fileKey = `chat/${url}/${id}.${extension}`
  await files.put(fileKey, bytes)
  // The bytes and record of a file no message ended up carrying.
  const forget = async () => {
    await deleteFile(db, id).catch(() => undefined)
    await files.remove(fileKey)
  }
  try {
    await insertFile(db, {
      id,
      channelUrl: url,
      uploaderId: me.userId,
      fileKey,
      name,
      mimeType: query.mimeType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdAt: context.now(),
    })
    const sent = await sendAs(context, me, url, {
      reqId: query.reqId,
      messageType: 'file',
      message: '',
      customType: '',
      data: '',
      fileId: id,
    })
    if (!sent.created) await forget()
    return sent
  } catch (error) {
    await forget()
    throw error
  }
}
