// How answers write bonds, numbers and dates: markdown links to /security/{id}, en-IN dates.
import type { AnalystBond, AnswerBond } from './types.ts'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "2032-01-17" → "17-Jan-2032" (the desk's date). */
export function deskDate(iso: string | null): string {
  if (!iso) return 'unknown'
  const [y, m, d] = iso.split('-')
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`
}

/** Markdown characters escaped, so a bond's name is text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`)
}

/** A bond as a markdown link to its security page. */
export function link(bond: AnalystBond): string {
  return `[${escapeMarkdown(bond.displayName)}](/security/${encodeURIComponent(bond.id)}) (${bond.isin})`
}

/** The bonds an answer names. */
export function answerBonds(bonds: readonly AnalystBond[]): AnswerBond[] {
  return bonds.map((b) => ({ id: b.id, isin: b.isin, name: b.displayName }))
}

/** A coupon in percent ("6.54%"), or "unknown". */
export function couponText(bond: AnalystBond): string {
  return bond.couponRate === null ? 'unknown' : `${Number((bond.couponRate * 100).toFixed(4))}%`
}

/** A number rounded to `digits` decimals (half away from zero). */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor
}

/** Rows of a bond list: name, ISIN, coupon, maturity, rating. */
export function bondRows(bonds: readonly AnalystBond[]): (string | number | null)[][] {
  return bonds.map((b) => [
    b.displayName,
    b.isin,
    b.couponRate === null ? null : round(b.couponRate * 100, 4),
    b.maturityDate,
    b.rating,
  ])
}

/** Columns of bondRows. */
export const BOND_COLUMNS = ['Bond', 'ISIN', 'Coupon (%)', 'Maturity', 'Rating']

/** At most this many bonds are listed in an answer's text and table. */
export const LIST_LIMIT = 50

/** A markdown list of bonds (at most LIST_LIMIT, saying how many more). */
export function bondList(bonds: readonly AnalystBond[]): string {
  const shown = bonds
    .slice(0, LIST_LIMIT)
    .map((b) => `- ${link(b)}, ${couponText(b)}, matures ${deskDate(b.maturityDate)}`)
  if (bonds.length > LIST_LIMIT) shown.push(`- … and ${bonds.length - LIST_LIMIT} more`)
  return shown.join('\n')
}
