// POST api/eoi/upload/ (issue 21, decision 287): a CSV or XLSX of quotes, one EOI create payload a
// row. Every row is checked as `POST api/trade/eoi/` checks one quote (its schema, then the bond,
// references, settlement, expiry and price); with preview nothing is posted and every row's errors
// come back; otherwise a file with any error is refused whole (400, the same errors) and a clean
// file is posted whole, every quote in one transaction (201, the ids).
import {
  EOI_UPLOAD_MAX_ROWS,
  EOI_UPLOAD_MESSAGES as UM,
  eoiCreateSchema,
  type EoiUploadError,
  type EoiUploadPreview,
  type EoiUploadRow,
  type EoiUploadSaved,
} from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { readTable, type UploadedFile } from '../../../lib/upload-table.ts'
import type { MarketContext } from '../context.ts'
import { BULK_QUOTE_MESSAGES } from '../events.ts'
import { readColumns, rowPayload } from '../upload-rows.ts'
import {
  announceReplaced,
  prepareEoi,
  writeEoi,
  type PreparedEoi,
  type WrittenEoi,
} from './create-eoi.ts'

const num = (value: unknown) => (typeof value === 'number' ? value : null)

/** The row as the preview shows it: as read, then as the server would post it. */
function rowView(row: number, payload: Record<string, unknown>, prepared?: PreparedEoi) {
  const view: EoiUploadRow = {
    row,
    finstrument_id: String(payload.finstrument_id ?? ''),
    isin: prepared?.row.isin ?? null,
    display_name: prepared?.row.displayName ?? null,
    quote_type: String(payload.quote_type ?? ''),
    quantum: num(payload.quantum),
    yield_stored: prepared ? prepared.price.bondYield : num(payload.yield_stored),
    unit_price_stored: prepared ? prepared.price.unitPrice : num(payload.unit_price_stored),
    fixed_field: prepared?.payload.fixed_field ?? null,
    settlement: prepared?.settlement ?? (payload.settlement as string | undefined) ?? null,
    settlement_delta: num(payload.settlement_delta),
    validity: num(payload.validity),
    expires_at: prepared?.expiresAt.toISOString() ?? null,
  }
  return view
}

/** Check a quote file; post every quote in it unless it is a preview or has an error. */
export async function uploadEois(
  { db, now, transact, bond }: MarketContext,
  user: AuthUser,
  file: UploadedFile,
  { preview = false }: { preview?: boolean } = {},
  ip?: string,
): Promise<{ status: 200; body: EoiUploadPreview } | { status: 201; body: EoiUploadSaved }> {
  const table = readTable(file, { maxRows: EOI_UPLOAD_MAX_ROWS, messages: UM })
  const columns = readColumns(table[0])
  const data = table.slice(1)
  if (data.length === 0) throw new HttpError(400, UM.noRows, { file: UM.noRows })
  const at = now()
  const rows: EoiUploadRow[] = []
  const errors: EoiUploadError[] = []
  const prepared: PreparedEoi[] = []
  for (const [index, cells] of data.entries()) {
    const row = index + 1
    const read = rowPayload(cells, columns, row)
    let ready: PreparedEoi | undefined
    if (read.errors.length > 0) errors.push(...read.errors)
    else {
      const parsed = eoiCreateSchema.safeParse(read.payload)
      if (!parsed.success) {
        const seen = new Set<string>()
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'non_field_errors')
          if (!seen.has(field)) errors.push({ row, field, message: issue.message })
          seen.add(field)
        }
      } else {
        try {
          ready = await prepareEoi(db, user, parsed.data, at, bond)
          prepared.push(ready)
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode >= 500) throw error
          const fields = Object.entries(error.fields ?? { non_field_errors: error.message })
          for (const [field, message] of fields) errors.push({ row, field, message })
        }
      }
    }
    rows.push(rowView(row, read.payload, ready))
  }
  if (preview) return { status: 200, body: { rows, errors } }
  // Refused whole: the same rows and errors as the preview, beside the error shape.
  if (errors.length > 0) {
    throw new HttpError(400, UM.fileHasErrors, undefined, undefined, { rows, errors })
  }
  const written = await transact(
    async (tx) => {
      const eois = []
      const replacements: Pick<WrittenEoi, 'replaced' | 'ended'>[] = []
      for (const quote of prepared) {
        const { eoi, replaced, ended } = await writeEoi(tx, user, quote, at, ip)
        eois.push({ ...eoi, isin: quote.row.isin, displayName: quote.row.displayName })
        if (replaced) replacements.push({ replaced, ended })
      }
      await audit(tx, {
        actor: user.id,
        action: 'eois_uploaded',
        ip: ip ?? null,
        detail: { file_name: file.name.slice(0, 200), eoi_ids: eois.map((e) => e.id) },
      })
      return { eois, replacements }
    },
    async ({ eois, replacements }, events) => {
      // Many quotes at once: one refresh of the market's lists, not a message each (decision 390);
      // a replaced quote's clusters and negotiations are still told of (decision 407).
      const bulk = eois.length > BULK_QUOTE_MESSAGES
      const told = bulk ? { ...events, eoi: async () => undefined } : events
      for (const replacement of replacements) await announceReplaced(told, replacement)
      if (bulk) {
        events.touched(eois.map((eoi) => eoi.finstrumentId))
        await events.publicRunsRefresh()
      } else for (const eoi of eois) await events.eoi(eoi, true)
    },
  )
  return { status: 201, body: { ids: written.eois.map((eoi) => eoi.id) } }
}
