// An Ops Admin stores a bond's information memorandum: a whole PDF without active content, of at
// most 10 MiB, kept in the file store with its hash. It replaces the current one, which stays among
// the bond's versions (its file kept). A memorandum belongs to the firm that uploaded it: another
// firm's Ops Admin cannot replace it; the product's staff can (issue 19).
import { createHash, randomUUID } from 'node:crypto'
import type { ImUploadResponse } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { bond, fileSafe, type DocumentsContext } from '../context.ts'
import { pdfProblem } from '../pdf-check.ts'
import { findMemorandum, saveMemorandum } from '../repo.ts'

/** Largest information memorandum accepted (bytes). */
export const IM_MAX_BYTES = 10 * 1024 * 1024

/** The refusal of a replacement by another firm. */
export const NOT_YOUR_MEMORANDUM =
  'Another firm uploaded this memorandum: only that firm or the product’s staff can replace it'

/** Store a bond's information memorandum (replacing the previous one). */
export async function uploadMemorandum(
  { db, files, now }: DocumentsContext,
  id: string,
  bytes: Buffer,
  uploader: AuthUser,
): Promise<ImUploadResponse> {
  const row = await bond(db, id)
  if (bytes.length === 0) {
    throw new HttpError(400, 'The file is empty', { file: 'The file is empty' })
  }
  const problem = pdfProblem(bytes)
  if (problem) throw new HttpError(400, problem, { file: problem })
  const previous = await findMemorandum(db, row.id)
  // An unowned one (stored before owners were kept) may be claimed by the next upload.
  if (previous?.clientId && previous.clientId !== uploader.clientId && !uploader.isStaff) {
    throw new HttpError(403, NOT_YOUR_MEMORANDUM)
  }
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
      uploadedBy: uploader.id,
      uploadedAt,
      // The staff replace on the owner's behalf: the owner stays.
      clientId: uploader.isStaff && previous?.clientId ? previous.clientId : uploader.clientId,
    })
  } catch (error) {
    await files.remove(fileKey)
    throw error
  }
  return {
    isin: row.isin,
    file_name: fileName,
    size: bytes.length,
    sha256,
    uploaded_at: uploadedAt.toISOString(),
  }
}
