// POST api/inventory/upload/ (issue 25, pinned): a CSV or XLSX of holdings. With preview nothing is
// saved and every row's errors come back (of the rows `from_row`–`to_row` when given, with the
// file's `total_rows`: the page checks a large file in parts to show its progress, decision 293); without it a file with any error is refused whole (400,
// the same errors) and a clean file is saved whole, in one transaction (201).
import { createHash } from 'node:crypto'
import {
  INVENTORY_MESSAGES as IM,
  INVENTORY_UPLOAD_MAX_ROWS,
  type InventoryUploadPreview,
  type InventoryUploadSaved,
} from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { readTable, type UploadedFile } from '../../../lib/upload-table.ts'
import type { InventoryContext } from '../context.ts'
import { bondsByIsin, insertUpload } from '../repo.ts'
import { checkHeader, checkRows } from '../rows.ts'

/** Check an upload; save it unless it is a preview. */
export async function upload(
  ctx: InventoryContext,
  user: AuthUser,
  file: UploadedFile,
  {
    preview = false,
    from_row: fromRow,
    to_row: toRow,
  }: { preview?: boolean; from_row?: number | undefined; to_row?: number | undefined } = {},
  ip?: string,
): Promise<
  { status: 200; body: InventoryUploadPreview } | { status: 201; body: InventoryUploadSaved }
> {
  const table = readTable(file, { maxRows: INVENTORY_UPLOAD_MAX_ROWS, messages: IM })
  checkHeader(table[0])
  const all = table.slice(1)
  if (all.length === 0) throw new HttpError(400, IM.noRows, { file: IM.noRows })
  // A preview may check a range of rows (a page showing its progress over a large file).
  const first = preview ? (fromRow ?? 1) : 1
  const data = preview ? all.slice(first - 1, toRow ?? all.length) : all
  const now = ctx.now()
  const today = todayInIndia(now)
  const bonds = await bondsByIsin(
    ctx.db,
    data.map((cells) => (cells[0] ?? '').trim().toUpperCase()),
  )
  const { rows, errors, drafts } = checkRows(data, bonds, today, first - 1)
  if (preview) return { status: 200, body: { rows, errors, total_rows: all.length } }
  // Refused whole: the same rows and errors as the preview, beside the error shape.
  if (errors.length > 0)
    throw new HttpError(400, IM.fileHasErrors, undefined, undefined, { rows, errors })
  const sha256 = createHash('sha256').update(file.bytes).digest('hex')
  await ctx.db.transaction(async (tx) => {
    const uploadId = await insertUpload(
      tx,
      {
        clientId: user.clientId,
        userId: user.id,
        fileName: file.name.slice(0, 200),
        sha256,
        rows: drafts.length,
        createdAt: now,
      },
      drafts.map((d) => ({
        clientId: user.clientId,
        userId: user.id,
        kind: 'UPLOAD',
        side: 'buy',
        ...d,
        createdAt: now,
      })),
    )
    await audit(tx, {
      actor: user.id,
      action: 'inventory_uploaded',
      ip: ip ?? null,
      detail: { upload_id: uploadId, rows: drafts.length, sha256 },
    })
  })
  return { status: 201, body: { rows } }
}
