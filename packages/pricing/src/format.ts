// Numbers, money, dates and times as Indian bond desks read them: the one set of formatters the
// screens (through @bonds/ui-kit) and the server's PDFs share, so a printed page says what the
// screen said. Pure; no React.
import { roundDecimal } from './rounding.ts'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Group an integer string the Indian way: 12,34,56,789. */
function groupIndian(int: string): string {
  if (int.length <= 3) return int
  const last3 = int.slice(-3)
  const rest = int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')
  return `${rest},${last3}`
}

/** A number with Indian digit grouping and a fixed number of decimals (default 0). */
export function formatIndianNumber(value: number, decimals = 0): string {
  const rounded = roundDecimal(value, decimals)
  const negative = rounded.startsWith('-')
  const [int = '0', frac] = (negative ? rounded.slice(1) : rounded).split('.')
  return `${negative ? '-' : ''}${groupIndian(int)}${frac !== undefined ? `.${frac}` : ''}`
}

/** A count of units with Indian grouping; up to 2 decimals when fractional: 12,34,567 or 2.50. */
export function formatUnits(units: number): string {
  return formatIndianNumber(units, Number.isInteger(units) ? 0 : 2)
}

/** Rupees with Indian grouping: ₹12,34,567.50 (2 decimals by default). */
export function formatRupees(value: number, decimals = 2): string {
  const text = formatIndianNumber(value, decimals)
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`
}

/** Size units desks speak in. */
export type QuantumUnit = 'cr' | 'lakh'

/** 1 lakh and 1 crore in rupees. */
export const LAKH = 100_000
/** 1 crore = 100 lakh. */
export const CRORE = 10_000_000

/**
 * A quantum (rupees of face value) in crore or lakh with the unit shown: ₹5.25 cr, ₹50 lakh.
 * Without a unit, crore from 1 crore up, lakh from 1 lakh up, and plain rupees below (₹50,000);
 * up to 4 decimals, trailing zeros dropped.
 */
export function formatQuantum(rupees: number, unit?: QuantumUnit): string {
  if (!unit && Math.abs(rupees) < LAKH) {
    return formatRupees(rupees, 2).replace(/\.00$/, '')
  }
  const chosen = unit ?? (Math.abs(rupees) >= CRORE ? 'cr' : 'lakh')
  const amount = rupees / (chosen === 'cr' ? CRORE : LAKH)
  const text = formatIndianNumber(amount, 4).replace(/\.?0+$/, '')
  return `₹${text} ${chosen}`
}

/** A stored yield fraction as percent with 4 decimals: 0.071234 → 7.1234%. */
export function formatYield(fraction: number): string {
  return `${roundDecimal(fraction * 100, 4)}%`
}

/** A price per ₹100 face with 4 decimals: 101.2345. */
export function formatPrice(price: number): string {
  return roundDecimal(price, 4)
}

/** An ISO date (or Date) as desks read it: 22-Nov-2026. */
export function formatDate(value: string | Date): string {
  const iso = typeof value === 'string' ? value : value.toISOString()
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!match) throw new RangeError(`not an ISO date: ${iso}`)
  const [, year, month, day] = match
  const name = MONTHS[Number(month) - 1]
  if (!name) throw new RangeError(`not an ISO date: ${iso}`)
  return `${day}-${name}-${year}`
}

const IST_OFFSET_MS = 330 * 60_000

/** The ISO form of an instant moved to India's clock (UTC+05:30, no daylight saving). */
function istIso(value: string | Date, what: string): string {
  const at = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(at.getTime())) throw new RangeError(`not ${what}: ${String(value)}`)
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString()
}

/**
 * A moment in India's time, 24-hour with seconds: 22-Nov-2026 14:32:05 IST (trade records, the
 * PDFs' generation time).
 */
export function formatIstTime(value: string | Date): string {
  const ist = istIso(value, 'a time')
  return `${formatDate(ist.slice(0, 10))} ${ist.slice(11, 19)} IST`
}

/** An instant as desks read it, in India's time, 24-hour: 22-Nov-2026, 14:05 IST. */
export function formatDateTime(value: string | Date): string {
  const ist = istIso(value, 'an instant')
  return `${formatDate(ist.slice(0, 10))}, ${ist.slice(11, 16)} IST`
}
