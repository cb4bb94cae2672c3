// The quote form's other number, computed in the browser exactly as the server will price the
// quote (decision 288): the settlement a choice resolves to on the bond's calendar, then of a
// yield the clean price (`priceFromYield`, 4 decimals) or of a clean price the yield
// (`yieldFromPrice`, 6 decimals), the same @bonds/pricing calls and rounding as the server's
// `priceAt`. Pure: the API's tests import it to compare the two.
import {
  PricingError,
  priceFromYield,
  roundTo,
  settlementOnCalendar,
  yieldFromPrice,
  type BondTerms,
} from '@bonds/pricing'

/** The settlement date of a choice: T+n business days from `today` on the bond's calendar, or the date. */
export function quoteSettlement(
  terms: Pick<BondTerms, 'convention'>,
  choice: { settlement: '0' | '1' | '2' | 'date'; date: string },
  today: string,
): string | null {
  if (choice.settlement === 'date')
    return /^\d{4}-\d{2}-\d{2}$/.test(choice.date) ? choice.date : null
  return settlementOnCalendar(terms.convention, today, Number(choice.settlement))
}

/** What the form shows beside the fixed number: the other one, or null when there is none. */
export interface OtherNumber {
  /** The clean price per ₹100 (of a fixed yield) or the yield fraction (of a fixed price). */
  value: number
  field: 'unit_price_stored' | 'yield_stored'
}

/**
 * The other number of a quote at `settlement`: a yield fraction's clean price, or a clean price's
 * yield; null when the bond cannot be priced there or no yield gives the price.
 */
export function otherNumber(
  terms: BondTerms,
  settlement: string,
  fixed: { field: 'yield'; bondYield: number } | { field: 'price'; cleanPrice: number },
): OtherNumber | null {
  try {
    return fixed.field === 'yield'
      ? {
          field: 'unit_price_stored',
          value: roundTo(priceFromYield(terms, settlement, fixed.bondYield).cleanPrice, 4),
        }
      : {
          field: 'yield_stored',
          value: roundTo(yieldFromPrice(terms, settlement, fixed.cleanPrice), 6),
        }
  } catch (error) {
    if (error instanceof PricingError) return null
    throw error
  }
}
