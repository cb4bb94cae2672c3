// A quote file's first row and cells (decision 287): the first row names EOI create payload fields
// (spec section 3), a row's cells become that payload, and the payload's own schema then judges
// it, so a row is refused with exactly the messages `POST api/trade/eoi/` answers.
import {
  EOI_UPLOAD_COLUMNS,
  EOI_UPLOAD_MESSAGES as UM,
  EOI_UPLOAD_REQUIRED_COLUMNS,
  QUOTE_TYPES,
  requiredMessage,
  VALIDATION_MESSAGES as M,
  type EoiUploadColumn,
  type EoiUploadError,
} from '@bonds/domain'
import { roundTo } from '@bonds/pricing'
import { HttpError } from '../../http/errors.ts'

const fileError = (message: string) => new HttpError(400, message, { file: message })

const isColumn = (name: string): name is EoiUploadColumn =>
  (EOI_UPLOAD_COLUMNS as readonly string[]).includes(name)

/**
 * The columns of a quote file's first row, by position (null for a blank cell, whose column is
 * ignored). Names are trimmed and case is ignored; an unknown or repeated name, or a missing
 * required one, is a 400 on `file`.
 */
export function readColumns(header: readonly string[] | undefined): (EoiUploadColumn | null)[] {
  const columns = (header ?? []).map((cell) => {
    const name = cell.trim().toLowerCase()
    if (name === '') return null
    if (!isColumn(name)) throw fileError(UM.unknownColumn(cell.trim()))
    return name
  })
  const named = columns.filter((c): c is EoiUploadColumn => c !== null)
  const repeated = named.find((name, i) => named.indexOf(name) !== i)
  if (repeated) throw fileError(UM.repeatedColumn(repeated))
  for (const name of EOI_UPLOAD_REQUIRED_COLUMNS) {
    if (!named.includes(name)) throw fileError(UM.missingColumn(name))
  }
  if (!named.includes('yield_stored') && !named.includes('unit_price_stored')) {
    throw fileError(UM.priceOrYieldColumn)
  }
  return columns
}

/** A number cell (thousands commas allowed); NaN when it is not one. */
function numberOf(text: string): number {
  const t = text.replaceAll(',', '')
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN
}

/** A row's cells as the EOI create payload, with the faults found reading the cells. */
export interface RowPayload {
  payload: Record<string, unknown>
  errors: EoiUploadError[]
}

/**
 * The payload of one data row (`row` is 1-based). A yield is the payload's fraction (0.0712), or
 * percent when written with a % sign ("7.12%"); the fixed field is the one given; a settlement
 * delta may read "T+1". Blank cells are left out, so the payload's defaults apply.
 */
export function rowPayload(
  cells: readonly string[],
  columns: readonly (EoiUploadColumn | null)[],
  row: number,
): RowPayload {
  const errors: EoiUploadError[] = []
  const fail = (field: string, message: string) => errors.push({ row, field, message })
  const payload: Record<string, unknown> = {}
  const text = new Map<EoiUploadColumn, string>()
  columns.forEach((column, i) => {
    const value = (cells[i] ?? '').trim()
    if (column && value !== '') text.set(column, value)
  })
  const number = (column: EoiUploadColumn, read = numberOf) => {
    const value = text.get(column)
    if (value === undefined) return
    const n = read(value)
    if (Number.isNaN(n)) fail(column, M.shouldBeNumber)
    else payload[column] = n
  }
  const whole = (column: EoiUploadColumn, read = numberOf) => {
    number(column, read)
    const n = payload[column]
    if (typeof n === 'number' && !Number.isInteger(n)) {
      delete payload[column]
      fail(column, UM.wholeNumber)
    }
  }

  for (const column of EOI_UPLOAD_REQUIRED_COLUMNS) {
    if (!text.has(column)) fail(column, requiredMessage(column))
  }
  const bond = text.get('finstrument_id')
  if (bond !== undefined) payload.finstrument_id = bond
  const side = text.get('quote_type')?.toUpperCase()
  if (side !== undefined) {
    if ((QUOTE_TYPES as readonly string[]).includes(side)) payload.quote_type = side
    else fail('quote_type', UM.quoteType)
  }
  number('quantum')
  number('yield_stored', (value) =>
    value.endsWith('%') ? roundTo(numberOf(value.slice(0, -1).trim()) / 100, 6) : numberOf(value),
  )
  number('unit_price_stored')
  const hasYield = text.has('yield_stored')
  const hasPrice = text.has('unit_price_stored')
  if (hasYield && hasPrice) fail('unit_price_stored', M.bothPriceYield)
  else if (!hasYield && !hasPrice) fail('yield_stored', M.priceOrYieldNeeded)
  payload.fixed_field = hasPrice ? 'price' : 'yield'

  const date = text.get('settlement')
  if (date !== undefined) payload.settlement = date
  whole('settlement_delta', (value) => numberOf(value.replace(/^T\s*\+\s*/i, '')))
  whole('validity')
  for (const column of ['expiry_date_stored', 'end_client_id', 'broker_id'] as const) {
    const value = text.get(column)
    if (value !== undefined) payload[column] = value
  }
  return { payload, errors }
}
