// The book as a file: CSV (text, Indian amounts as plain numbers so a spreadsheet sums them) and
// XLSX (one sheet written over a zip with fflate: the five parts a workbook needs).
import type { InventoryPosition } from '@bonds/domain'
import { strToU8, zipSync } from 'fflate'

/** The media type of an XLSX file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The export's columns and how each is read from a position. */
export const EXPORT_COLUMNS: readonly [string, (p: InventoryPosition) => string | number | null][] =
  [
    ['Book', (p) => p.book],
    ['ISIN', (p) => p.isin],
    ['Bond', (p) => p.display_name],
    ['Issuer', (p) => p.issuer],
    ['Rating', (p) => p.rating],
    ['Maturity', (p) => p.maturity_date],
    ['Face value (₹)', (p) => p.face_value],
    ['Cost (clean, per ₹100)', (p) => p.cost_clean_price],
    ['Market price (clean, per ₹100)', (p) => p.market_clean_price],
    ['Accrued (₹)', (p) => p.accrued],
    ['Market value (₹)', (p) => p.market_value],
    ['Value source', (p) => p.value_source_detail],
    ['Unrealised P&L (₹)', (p) => p.unrealised_pnl],
    ['Yield (%)', (p) => (p.yield === null ? null : Number((p.yield * 100).toFixed(4)))],
    ['Modified duration', (p) => p.modified_duration],
    ['PV01 (₹)', (p) => p.pv01],
  ]

/** The export's rows. */
export function exportRows(positions: readonly InventoryPosition[]) {
  return positions.map((p) => EXPORT_COLUMNS.map(([, read]) => read(p)))
}

const csvCell = (value: string | number | null) => {
  if (value === null) return ''
  const text = String(value)
  // A leading =, +, - or @ would be read as a formula by a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The book as CSV text. */
export function inventoryCsv(positions: readonly InventoryPosition[]): string {
  return [EXPORT_COLUMNS.map(([name]) => name), ...exportRows(positions)]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
}

// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g
const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

/** A1-style column letters of a 0-based index (0 → A, 26 → AA). */
function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  }
  return name
}

/** The book as an XLSX workbook (numbers as numbers). */
export function inventoryXlsx(positions: readonly InventoryPosition[]): Uint8Array {
  const rows = [EXPORT_COLUMNS.map(([name]) => name), ...exportRows(positions)]
  const lines = rows.map((row, r) => {
    const cells = row.map((value, c) => {
      const ref = `${columnName(c)}${r + 1}`
      if (value === null || value === '') return ''
      if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`
      return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`
    })
    return `<row r="${r + 1}">${cells.join('')}</row>`
  })
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
  const pkg = 'http://schemas.openxmlformats.org/package/2006'
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${xml}<Types xmlns="${pkg}/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `${xml}<Relationships xmlns="${pkg}/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Inventory" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${xml}<Relationships xmlns="${pkg}/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${xml}<worksheet xmlns="${main}"><sheetData>${lines.join('')}</sheetData></worksheet>`,
    ),
  })
}
