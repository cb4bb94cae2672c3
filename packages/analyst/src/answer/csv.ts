// A table as CSV (RFC 4180 quoting; a cell starting with = + - @ is prefixed with ' so a
// spreadsheet never runs it as a formula).
import type { MindTable } from '@bonds/domain'

function cell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The table's CSV text, header first. */
export function toCsv(table: MindTable): string {
  return [table.columns, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}
