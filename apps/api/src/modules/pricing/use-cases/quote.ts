// Price at a yield, or yield at a price, at a settlement date or T+n: find's calculator.
import type { QuoteRequest, QuoteResponse } from '@bonds/domain'
import { bondOf, type PricingContext } from '../context.ts'
import { ALLOW_PRICE_MODIFICATION, priceAt, priced, settlementFor, termsOf } from '../terms.ts'

/** The price at a yield, or the yield at a price, at a settlement date or T+n. */
export async function quote(
  { db, today }: PricingContext,
  id: string,
  request: QuoteRequest,
): Promise<QuoteResponse> {
  const row = await bondOf(db, id)
  const terms = termsOf(row)
  const settlement = priced(() => settlementFor(terms.convention, request, today()))
  const fixed =
    request.bond_yield !== undefined
      ? { bond_yield: request.bond_yield }
      : { clean_price: request.clean_price as number }
  return {
    ...priced(() => priceAt(terms, settlement, fixed)),
    fixed_field: 'bond_yield' in fixed ? 'yield' : 'price',
    can_be_priced: true,
    allow_price_modification: ALLOW_PRICE_MODIFICATION,
  }
}
