// GET /api/chat/files/{id}/: a file's bytes for someone who may read a message carrying it (a
// member of its channel, or of a direct channel a broadcast copied it to; a compliance officer of
// a firm taking part). The route serves it with the stored, whitelisted type and safe headers.
import { CHAT_MESSAGES as CM, isChatMedia } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { isCompliance, reader, type ChatContext } from '../context.ts'
import { channelsOfMember, channelsWithFile, fileById } from '../messages-repo.ts'
import { clientTakesPartIn } from '../repo.ts'

/** A file to send back. */
export interface ChatDownload {
  name: string
  mimeType: string
  inline: boolean
  bytes: Buffer
}

const isFileId = (id: string) => /^[0-9a-f-]{36}$/.test(id)

/** Read a file. */
export async function getFile(
  context: ChatContext,
  caller: AuthUser,
  id: string,
): Promise<ChatDownload> {
  const { db, files } = context
  await reader(context, caller)
  const notFound = new HttpError(404, CM.fileNotFound)
  const file = isFileId(id) ? await fileById(db, id) : undefined
  if (!file) throw notFound
  const channels = await channelsWithFile(db, id)
  let allowed = false
  if (isCompliance(caller)) {
    for (const url of channels) allowed ||= await clientTakesPartIn(db, caller.clientId, url)
  } else {
    allowed = (await channelsOfMember(db, caller.id, channels)).length > 0
  }
  if (!allowed) throw notFound
  const bytes = await files.get(file.fileKey)
  if (!bytes) throw notFound
  return { name: file.name, mimeType: file.mimeType, inline: isChatMedia(file.mimeType), bytes }
}
