// How the PDFs write numbers, money and times: Indian digit grouping, rupees, IST.

const IST_OFFSET_MINUTES = 330
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const grouped = (decimals: number) =>
  new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
const RUPEES = grouped(2)

/** A number with Indian digit grouping (1,00,000.00). */
export function indianNumber(value: number, decimals = 2): string {
  return (decimals === 2 ? RUPEES : grouped(decimals)).format(value)
}

/**
 * Rupees with Indian grouping: `Rs. 1,00,000.00`. The PDF's built-in fonts cannot draw the rupee
 * sign, so the PDFs write the abbreviation Indian documents use.
 */
export function rupees(value: number): string {
  return `${value < 0 ? '-' : ''}Rs. ${indianNumber(Math.abs(value))}`
}

/** A yield stored as a fraction, shown as a percent with 4 decimals (spec section 9). */
export function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(4)}%`
}

/** A clean or dirty price per Rs. 100 with 4 decimals. */
export function price(value: number): string {
  return value.toFixed(4)
}

/** An ISO date (2032-01-17) as 17 Jan 2032. */
export function dateText(iso: string | null | undefined): string {
  if (!iso) return '-'
  const [y, m, d] = iso.slice(0, 10).split('-')
  const month = MONTHS[Number(m) - 1]
  return month ? `${d} ${month} ${y}` : iso
}

/** A moment in India's time: 04 May 2026, 14:32 IST. */
export function istTimestamp(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString()
  return `${dateText(ist.slice(0, 10))}, ${ist.slice(11, 16)} IST`
}

/** A number of units: "1 unit", "1,000 units". */
export function unitsText(units: number): string {
  return `${indianNumber(units, 0)} ${units === 1 ? 'unit' : 'units'}`
}
