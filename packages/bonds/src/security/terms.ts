// A bond's terms as the security page shows them, and the terms @bonds/pricing prices from. Pure.
import { couponFrequencyLabel, securityTypeLabel, type FinstrumentInfo } from '@bonds/domain'
import { roundDecimal, type BondTerms } from '@bonds/pricing'
import { formatDate, formatIndianNumber, formatPrice } from '@bonds/ui-kit'

/** The terms `@bonds/pricing` needs, or null when the bond cannot be priced. */
export function termsOf(bond: FinstrumentInfo): BondTerms | null {
  if (!bond.can_be_priced || !bond.convention || !bond.contract_parameters.maturity_date) {
    return null
  }
  if (bond.coupon_rate === null) return null
  return {
    convention: bond.convention,
    maturityDate: bond.contract_parameters.maturity_date,
    couponRate: bond.coupon_rate,
    ...(bond.frequency ? { frequency: bond.frequency as 1 | 2 | 4 | 12 } : {}),
    calls: bond.calls,
    puts: bond.puts,
  }
}

/** A coupon rate as a percent: 2 to 4 decimals, as it was issued (6.54%, 8.285%). */
export function couponPercent(fraction: number): string {
  const text = roundDecimal(fraction * 100, 4)
  return `${text.replace(/(\.\d\d\d*?)0+$/, '$1')}%`
}

/** The coupon: a percent, "Floating", "Zero coupon" or "Not known". */
export function couponLabel(bond: FinstrumentInfo): string {
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

/** One row of the terms table. */
export interface TermRow {
  label: string
  value: string
  /** Show in the monospace face (identifiers). */
  mono?: boolean
}

/** The rows of the terms table, in the order issue 5 lists them. */
export function termRows(bond: FinstrumentInfo): TermRow[] {
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
