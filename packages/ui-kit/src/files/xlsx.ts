// An XLSX workbook of one sheet, written by hand over a zip (fflate): the five parts of the Office
// Open XML spreadsheet format a workbook needs. Its own entry (`@bonds/ui-kit/xlsx`), so only the
// screens that export load fflate.
import { strToU8, zipSync } from 'fflate'

/** A cell: text, a number, or empty. */
export type XlsxCell = string | number | null

/** The media type of an XLSX file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g

function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** A1-style column letters of a 0-based index (0 → A, 26 → AA). */
export function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  }
  return name
}

function cellXml(value: XlsxCell, ref: string, numeric: boolean): string {
  if (value === null || value === '') return ''
  const number = typeof value === 'number' ? value : numeric ? Number(value) : NaN
  if (Number.isFinite(number)) return `<c r="${ref}"><v>${number}</v></c>`
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`
}

/**
 * A workbook of one sheet named `sheet`: the header, then the rows. Numbers are written as
 * numbers, and so is the text of `numericColumns` when it reads as one (amounts sent as decimal
 * text), so a spreadsheet sums them; all other text is inline text, never markup or a formula.
 */
export function xlsxWorkbook(
  sheet: string,
  header: readonly string[],
  rows: readonly (readonly XlsxCell[])[],
  numericColumns: ReadonlySet<string> = new Set(),
): Uint8Array {
  const numeric = header.map((column) => numericColumns.has(column))
  const lines = [header as readonly XlsxCell[], ...rows].map((row, r) => {
    const cells = row.map((value, c) =>
      cellXml(value, `${columnName(c)}${r + 1}`, r > 0 && Boolean(numeric[c])),
    )
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
      `${xml}<Relationships xmlns="${pkg}/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      `${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets>` +
        `<sheet name="${escapeXml(sheet.slice(0, 31))}" sheetId="1" r:id="rId1"/>` +
        '</sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${xml}<Relationships xmlns="${pkg}/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        '</Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${xml}<worksheet xmlns="${main}"><sheetData>${lines.join('')}</sheetData></worksheet>`,
    ),
  })
}
