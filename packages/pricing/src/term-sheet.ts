// A bond's term sheet as people read it: the rows the security page's terms table shows and the
// PDFs print, written once so both say the same thing. Pure.
import { couponFrequencyLabel, securityTypeLabel, type FinstrumentTerms } from '@bonds/domain'
import { formatDate, formatIndianNumber, formatPrice } from './format.ts'
import { roundDecimal } from './rounding.ts'

/** A coupon rate as a percent: 2 to 4 decimals, as it was issued (6.54%, 8.285%). */
export function couponPercent(fraction: number): string {
  const text = roundDecimal(fraction * 100, 4)
  return `${text.replace(/(\.\d\d\d*?)0+$/, '$1')}%`
}

/** The coupon: a percent, "Floating", "Zero coupon" or "Not known". */
export function couponLabel(
  bond: Pick<FinstrumentTerms, 'is_floating_rate' | 'coupon_rate'>,
): string {
  if (bond.is_floating_rate) return 'Floating'
  if (bond.coupon_rate === null) return 'Not known'
  if (bond.coupon_rate === 0) return 'Zero coupon'
  return couponPercent(bond.coupon_rate)
}

/** A call or put schedule: "17-Jan-2030 at 100.0000; …", or "None". */
export function scheduleLabel(options: readonly { date: string; price: number }[]): string {
  if (options.length === 0) return 'None'
  return options.map((o) => `${formatDate(o.date)} at ${formatPrice(o.price)}`).join('; ')
}

/** One row of a term sheet. */
export interface TermRow {
  label: string
  value: string
  /** Show in the monospace face (identifiers). */
  mono?: boolean
}

/** The rows of a bond's term sheet, in the order issue 5 lists them. */
export function termRows(bond: FinstrumentTerms): TermRow[] {
  const maturity = bond.contract_parameters.maturity_date
  return [
    { label: 'Name', value: bond.display_name },
    { label: 'ISIN', value: bond.identifiers.isin, mono: true },
    { label: 'Issuer', value: bond.issuer },
    { label: 'Type', value: securityTypeLabel(bond.security_type) },
    { label: 'Coupon', value: couponLabel(bond) },
    { label: 'Frequency', value: couponFrequencyLabel(bond.coupon_rate, bond.frequency) },
    { label: 'Maturity', value: maturity ? formatDate(maturity) : 'Not known' },
    {
      label: 'Face value',
      value: `₹${formatIndianNumber(bond.face_value)} per unit${bond.face_value_assumed ? ' (assumed)' : ''}`,
    },
    { label: 'Rating', value: bond.rating ?? 'Not rated' },
    { label: 'Listed', value: bond.contract_parameters.is_listed ? 'Yes' : 'No' },
    { label: 'Call schedule', value: scheduleLabel(bond.calls) },
    { label: 'Put schedule', value: scheduleLabel(bond.puts) },
  ]
}
