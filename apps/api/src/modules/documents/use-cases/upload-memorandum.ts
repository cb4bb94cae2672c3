// An Ops Admin stores a bond's information memorandum: a PDF of at most 10 MiB, kept in the file
// store with its hash, replacing the previous one (whose file is removed).
import { createHash, randomUUID } from 'node:crypto'
import type { ImUploadResponse } from '@bonds/domain'
import { HttpError } from '../../../http/errors.ts'
import { bond, fileSafe, type DocumentsContext } from '../context.ts'
import { findMemorandum, saveMemorandum } from '../repo.ts'

/** Largest information memorandum accepted (bytes). */
export const IM_MAX_BYTES = 10 * 1024 * 1024

/** The first bytes of every PDF file. */
const PDF_MAGIC = '%PDF-'

/** Store a bond's information memorandum (replacing the previous one). */
export async function uploadMemorandum(
  { db, files, now }: DocumentsContext,
  id: string,
  bytes: Buffer,
  uploadedBy: string,
): Promise<ImUploadResponse> {
  const row = await bond(db, id)
  if (bytes.length === 0) {
    throw new HttpError(400, 'The file is empty', { file: 'The file is empty' })
  }
  if (bytes.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) {
    throw new HttpError(400, 'The file is not a PDF', { file: 'The file is not a PDF' })
  }
  const previous = await findMemorandum(db, row.id)
  const fileKey = `im/${fileSafe(row.id)}/${randomUUID()}.pdf`
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const uploadedAt = now()
  const fileName = `${fileSafe(row.isin)}-information-memorandum.pdf`
  await files.put(fileKey, bytes)
  try {
    await saveMemorandum(db, {
      finstrumentId: row.id,
      fileKey,
      fileName,
      size: bytes.length,
      sha256,
      uploadedBy,
      uploadedAt,
    })
  } catch (error) {
    await files.remove(fileKey)
    throw error
  }
  if (previous && previous.fileKey !== fileKey) await files.remove(previous.fileKey)
  return {
    isin: row.isin,
    file_name: fileName,
    size: bytes.length,
    sha256,
    uploaded_at: uploadedAt.toISOString(),
  }
}
