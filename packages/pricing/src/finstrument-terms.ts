// The terms @bonds/pricing prices a bond from, read from the bond's record as the API sends it
// (`GET api/v2/finstrument/info/{id}`): the security page's calculator and the quote form price
// with the same terms. Pure. (The terms as people read them, the term sheet the page shows and the
// PDFs print, are `termRows`.)
import type { FinstrumentInfo } from '@bonds/domain'
import type { BondTerms } from './terms.ts'

/** The terms `@bonds/pricing` needs, or null when the bond cannot be priced. */
export function termsOfFinstrument(bond: FinstrumentInfo): BondTerms | null {
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
