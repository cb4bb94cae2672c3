// `POST ext/public/upload/`: a file for a support ticket (a report's screenshot, a document),
// sent as multipart/form-data in the field `file`. It is checked (type allow-list, size, content),
// stored under an unguessable name and answered with the URL the ticket will carry (decision 228).
import { randomUUID } from 'node:crypto'
import { SUPPORT_FILE_PATH, SUPPORT_MESSAGES as SM, type SupportUpload } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { SupportContext } from '../context.ts'
import { baseType, checkUpload, fileError } from '../files.ts'
import { insertUpload } from '../repo.ts'

/** The file field of a multipart body, or a 400 saying what is wrong. */
async function fileOf(contentType: string, body: Buffer): Promise<File> {
  let form: FormData
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    throw fileError(SM.notMultipart)
  }
  const file = form.get('file')
  if (file === null || typeof file === 'string') throw fileError(SM.fileMissing)
  return file
}

/** Store an uploaded file and answer its URL. */
export async function uploadFile(
  { db, files, now, publicUrl }: SupportContext,
  caller: AuthUser | null,
  upload: { contentType: string; body: Buffer },
): Promise<SupportUpload> {
  const file = await fileOf(upload.contentType, upload.body)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const { extension } = checkUpload(file.type, bytes)
  const name = `${randomUUID()}.${extension}`
  await files.put(`support/${name}`, bytes)
  await insertUpload(db, {
    name,
    mimeType: baseType(file.type),
    size: bytes.length,
    userId: caller?.id ?? null,
    createdAt: now(),
  })
  return { file_url: `${publicUrl}${SUPPORT_FILE_PATH}${name}` }
}
