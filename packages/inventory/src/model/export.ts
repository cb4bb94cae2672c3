// The book as a file: CSV (text, Indian amounts as plain numbers so a spreadsheet sums them) and
// XLSX (ui-kit's one-sheet workbook).
import type { InventoryPosition } from '@bonds/domain'
import { xlsxWorkbook } from '@bonds/ui-kit/xlsx'

export { XLSX_TYPE } from '@bonds/ui-kit/xlsx'

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

/** The book as an XLSX workbook (numbers as numbers). */
export function inventoryXlsx(positions: readonly InventoryPosition[]): Uint8Array {
  return xlsxWorkbook(
    'Inventory',
    EXPORT_COLUMNS.map(([name]) => name),
    exportRows(positions),
  )
}
