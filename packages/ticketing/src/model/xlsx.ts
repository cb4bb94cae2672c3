// The transactions list as an XLSX workbook: the CSV's columns and rows, the amounts as numbers
// (so a spreadsheet sums them), over ui-kit's workbook writer.
import type { Ticket } from '@bonds/domain'
import { xlsxWorkbook } from '@bonds/ui-kit/xlsx'
import { CSV_COLUMNS, exportRows } from './csv.ts'

export { XLSX_TYPE } from '@bonds/ui-kit/xlsx'

/** Columns holding rupee amounts the server sends as decimal text: written as numbers. */
const AMOUNT_COLUMNS = new Set<string>(['Consideration (₹)', 'Total (₹)'])

/** The tickets as an XLSX workbook (the same columns and rows as the CSV). */
export function ticketsXlsx(tickets: readonly Ticket[]): Uint8Array {
  return xlsxWorkbook('Transactions', CSV_COLUMNS, exportRows(tickets), AMOUNT_COLUMNS)
}
