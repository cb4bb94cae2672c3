// The transactions list as CSV (what /client/transactions exports): one row per ticket or order,
// amounts in rupees as the server gave them, every field quoted when it needs to be.
import { CLEARING_CORPORATION_NAMES, type Ticket } from '@bonds/domain'
import { STATE_LABELS } from './state.ts'

/** The export's columns. */
export const CSV_COLUMNS = [
  'Id',
  'Kind',
  'State',
  'Side',
  'Counterparty',
  'Bond',
  'ISIN',
  'Quantum (₹)',
  'Clean price',
  'Yield (%)',
  'Settlement date',
  'Trade time',
  'Consideration (₹)',
  'Total (₹)',
  'Clearing',
  'Report',
  'Updated at',
] as const

function cell(value: string | number | null): string {
  const text = value === null ? '' : String(value)
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** One exported cell: text, a number, or empty. */
export type ExportCell = string | number | null

/** The export's rows, one per ticket or order, in the columns' order (shared by CSV and XLSX). */
export function exportRows(tickets: readonly Ticket[]): ExportCell[][] {
  return tickets.map((t) => [
    t.id,
    t.kind,
    STATE_LABELS[t.state],
    t.buy_or_sell,
    t.counterparty.name,
    t.display_name,
    t.isin,
    t.quantum,
    t.unit_clean_price,
    t.bond_yield === null ? null : Number((t.bond_yield * 100).toFixed(4)),
    t.settlement_date,
    t.trade_time,
    t.consideration.consideration,
    t.consideration.total,
    CLEARING_CORPORATION_NAMES[t.exchange],
    t.report.status,
    t.updated_at,
  ])
}

/** The tickets as CSV text (CRLF lines, a header row first). */
export function ticketsCsv(tickets: readonly Ticket[]): string {
  return [CSV_COLUMNS as readonly ExportCell[], ...exportRows(tickets)]
    .map((row) => row.map(cell).join(','))
    .join('\r\n')
}
