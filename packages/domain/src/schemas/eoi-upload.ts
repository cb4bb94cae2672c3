// `POST api/eoi/upload/` (spec section 7, issue 21): quotes from a CSV or XLSX whose first row names
// the EOI create payload's fields (spec section 3), one quote a row (decision 287).
import { z } from './runtime.ts'
import { QUOTE_TYPES } from '../enums.ts'
import { inventoryUploadErrorSchema, inventoryUploadQuerySchema } from './inventory.ts'

/** The columns a quote file may have: the EOI create payload's names (decision 287). */
export const EOI_UPLOAD_COLUMNS = [
  'finstrument_id',
  'quote_type',
  'quantum',
  'yield_stored',
  'unit_price_stored',
  'settlement',
  'settlement_delta',
  'validity',
  'expiry_date_stored',
  'end_client_id',
  'broker_id',
] as const
/** A column of a quote file. */
export type EoiUploadColumn = (typeof EOI_UPLOAD_COLUMNS)[number]

/** The columns every quote file has (and `yield_stored` or `unit_price_stored`). */
export const EOI_UPLOAD_REQUIRED_COLUMNS = ['finstrument_id', 'quote_type', 'quantum'] as const

/** The first row of the template the RFQ quotes tab offers: the columns most files use. */
export const EOI_UPLOAD_TEMPLATE_COLUMNS = EOI_UPLOAD_COLUMNS.slice(0, 8)

/** The most quotes one file may hold. */
export const EOI_UPLOAD_MAX_ROWS = 500

/** The largest quote file, bytes. */
export const EOI_UPLOAD_MAX_BYTES = 1024 * 1024

/** The upload's own messages (chosen: the spec shows none; decision 287). */
export const EOI_UPLOAD_MESSAGES = {
  unknownColumn: (name: string) => `Unknown column: ${name}`,
  repeatedColumn: (name: string) => `Column ${name} appears twice`,
  missingColumn: (name: string) => `The first row must name the column ${name}`,
  priceOrYieldColumn: 'The first row must name the column yield_stored or unit_price_stored',
  noRows: 'The file has no quotes below its first row',
  tooManyRows: `A file holds at most ${EOI_UPLOAD_MAX_ROWS} quotes`,
  notCsvOrXlsx: 'Upload a CSV or an XLSX file',
  fileMissing: 'Choose a file to upload',
  fileTooLarge: `The file is larger than ${EOI_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  notMultipart: 'Send the file as multipart/form-data in the field "file"',
  fileHasErrors: 'The file has errors; no quote was posted',
  quoteType: `Should be ${QUOTE_TYPES.join(' or ')}`,
  wholeNumber: 'Should be a whole number',
} as const

/** `POST api/eoi/upload/` query: `preview=true` checks and posts nothing (as the inventory's). */
export const eoiUploadQuerySchema = inventoryUploadQuerySchema

/** One quote of a file, as read; price, yield and settlement the server's once the row is clean. */
export const eoiUploadRowSchema = z.object({
  /** 1-based data row (the first row not counted). */
  row: z.number().int(),
  /** As written: a finstrument id or an ISIN. */
  finstrument_id: z.string(),
  isin: z.string().nullable(),
  display_name: z.string().nullable(),
  quote_type: z.string(),
  quantum: z.number().nullable(),
  /** The fraction (0.0712 for 7.12 %). */
  yield_stored: z.number().nullable(),
  unit_price_stored: z.number().nullable(),
  fixed_field: z.enum(['yield', 'price']).nullable(),
  /** The settlement date (given, or the delta's). */
  settlement: z.string().nullable(),
  settlement_delta: z.number().nullable(),
  validity: z.number().nullable(),
  /** When the quote would expire (ISO), for a clean row. */
  expires_at: z.string().nullable(),
})
/** One quote of a file. */
export type EoiUploadRow = z.output<typeof eoiUploadRowSchema>
/** A row-level error: the row, the payload field, the message. */
export type EoiUploadError = z.output<typeof inventoryUploadErrorSchema>

/** The preview (200) and the refusal (400) of a quote file. */
export const eoiUploadPreviewSchema = z.object({
  rows: z.array(eoiUploadRowSchema),
  errors: z.array(inventoryUploadErrorSchema),
})
/** A quote file's preview. */
export type EoiUploadPreview = z.output<typeof eoiUploadPreviewSchema>

/** A posted file (201): the new quotes' ids, in the file's order. */
export const eoiUploadSavedSchema = z.object({ ids: z.array(z.number().int()) })
/** A posted file. */
export type EoiUploadSaved = z.output<typeof eoiUploadSavedSchema>
