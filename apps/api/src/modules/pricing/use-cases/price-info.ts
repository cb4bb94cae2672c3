// The pricing callback of spec section 7 (docs/decisions/120): the price (and yield) from a yield
// or a price at T+n, whether the bond can be priced at all, and whether its price may be modified.
import { MARKET_MESSAGES, type PriceInfoRequest, type PriceInfoResponse } from '@bonds/domain'
import { PricingError, type BondTerms } from '@bonds/pricing'
import { HttpError } from '../../../http/errors.ts'
import { bondOf, type PricingContext } from '../context.ts'
import { ALLOW_PRICE_MODIFICATION, priceAt, priced, settlementFor, termsOf } from '../terms.ts'

/**
 * The pricing callback: the price (and yield) from a yield or a price at T+n, whether the bond
 * can be priced at all, and whether its price may be modified. A bond that cannot be priced
 * (its terms, or matured by the settlement) is an answer with the reason, not an error; a
 * price no yield reaches is the caller's input, a 422 as by the quote.
 */
export async function priceInfo(
  { db, today }: PricingContext,
  id: string,
  request: PriceInfoRequest,
): Promise<PriceInfoResponse> {
  const row = await bondOf(db, id)
  if (String(request.finstrument_id).toUpperCase() !== row.id) {
    throw new HttpError(400, MARKET_MESSAGES.otherFinstrument, {
      finstrument_id: MARKET_MESSAGES.otherFinstrument,
    })
  }
  const unpriced = (reason: string): PriceInfoResponse => ({
    price: null,
    accrued_interest: null,
    dirty_price: null,
    can_be_priced: false,
    allow_price_modification: false,
    reason,
  })
  let terms: BondTerms
  try {
    terms = termsOf(row)
  } catch (error) {
    if (error instanceof HttpError) return unpriced(error.message)
    throw error
  }
  const settlement = priced(() => settlementFor(terms.convention, request, today()))
  const fixed =
    request.fixed_field === 'yield'
      ? { bond_yield: request.bond_yield as number }
      : { clean_price: request.clean_price as number }
  try {
    return {
      ...priceAt(terms, settlement, fixed),
      can_be_priced: true,
      allow_price_modification: ALLOW_PRICE_MODIFICATION,
      reason: null,
    }
  } catch (error) {
    if (error instanceof PricingError && error.code === 'MATURED') {
      return unpriced(error.message)
    }
    return priced(() => {
      throw error
    })
  }
}
