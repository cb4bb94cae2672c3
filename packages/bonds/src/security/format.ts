// Formats the security page adds to ui-kit's: trade times in IST and unit counts. Pure.
import { formatDate, formatIndianNumber } from '@bonds/ui-kit'

const IST_OFFSET_MS = 330 * 60_000

/** A moment as trade records show it: date, 24-hour time with seconds, IST (22-Nov-2026 14:32:05 IST). */
export function formatTradeTime(iso: string): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) throw new RangeError(`not a time: ${iso}`)
  const ist = new Date(at.getTime() + IST_OFFSET_MS).toISOString()
  return `${formatDate(ist.slice(0, 10))} ${ist.slice(11, 19)} IST`
}

/** A count of units with Indian grouping; up to 2 decimals when fractional. */
export function formatUnits(units: number): string {
  return formatIndianNumber(units, Number.isInteger(units) ? 0 : 2)
}
