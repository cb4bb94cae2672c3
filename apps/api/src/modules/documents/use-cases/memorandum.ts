// Anyone downloads a bond's information memorandum by ISIN; a missing or damaged file is reported
// and answered as "none stored", never sent broken. The security page asks first whether one is
// published (`memorandumSummary`, through the finstrument info).
import { createHash } from 'node:crypto'
import { NO_INFORMATION_MEMORANDUM, type MemorandumSummary } from '@bonds/domain'
import { HttpError } from '../../../http/errors.ts'
import type { DocumentsContext, DownloadFile } from '../context.ts'
import { findByIsin, findMemorandum } from '../repo.ts'

/** A bond's information memorandum by ISIN; 404 when there is none (never a broken file). */
export async function memorandum(
  { db, files, log }: DocumentsContext,
  isin: string,
): Promise<DownloadFile> {
  const found = await findByIsin(db, isin.toUpperCase())
  if (!found) throw new HttpError(404, 'Bond not found')
  const stored = found.memorandum
  if (!stored) throw new HttpError(404, NO_INFORMATION_MEMORANDUM)
  const bytes = await files.get(stored.fileKey)
  const intact =
    bytes !== null && createHash('sha256').update(bytes).digest('hex') === stored.sha256
  if (!bytes || !intact) {
    log?.error(
      { isin, fileKey: stored.fileKey, missing: bytes === null },
      'information memorandum file missing or damaged',
    )
    throw new HttpError(404, NO_INFORMATION_MEMORANDUM)
  }
  return { bytes, fileName: stored.fileName }
}

/**
 * The memorandum published for a bond (by its id), without its bytes, or null: what the security
 * page reads to offer the download only when there is a file.
 */
export async function memorandumSummary(
  { db }: DocumentsContext,
  finstrumentId: string,
): Promise<MemorandumSummary | null> {
  const stored = await findMemorandum(db, finstrumentId)
  if (!stored) return null
  return {
    file_name: stored.fileName,
    size: stored.size,
    uploaded_at: stored.uploadedAt.toISOString(),
  }
}
