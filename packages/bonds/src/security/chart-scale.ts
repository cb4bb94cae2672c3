// Scales of the cash-flow chart, pure: round axis steps and compact rupee labels.
import { CRORE, formatIndianNumber, formatQuantum, LAKH } from '@bonds/ui-kit'

/**
 * Axis ticks from 0 to at least `max` in a round step (1, 2, 2.5 or 5 times a power of ten), about
 * `count` of them.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1]
  const rough = max / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10) * power
  const ticks: number[] = []
  for (let i = 0; i * step < max + step * 1e-9 || ticks.length < 2; i += 1) {
    ticks.push(i * step)
    if (i * step >= max) break
  }
  if ((ticks.at(-1) ?? 0) < max) ticks.push(ticks.length * step)
  return ticks
}

/** A rupee amount for an axis: ₹2.5 cr, ₹50 lakh, ₹5,000. */
export function compactRupees(value: number): string {
  if (value === 0) return '₹0'
  if (Math.abs(value) >= CRORE) return formatQuantum(value, 'cr')
  if (Math.abs(value) >= LAKH) return formatQuantum(value, 'lakh')
  return `₹${formatIndianNumber(value, Number.isInteger(value) ? 0 : 2)}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** An ISO date as a short axis label: Jan-2032. */
export function monthYear(iso: string): string {
  const month = MONTHS[Number(iso.slice(5, 7)) - 1] ?? iso.slice(5, 7)
  return `${month}-${iso.slice(0, 4)}`
}

/** Which of `n` bars get a label so labels are at least `minGap` px apart on a `band`-px step. */
export function labelEvery(n: number, band: number, minGap = 64): number {
  if (n <= 1 || band <= 0) return 1
  return Math.max(1, Math.ceil(minGap / band))
}
