// Every stored price comes from the bond's terms at the quote's settlement through @bonds/pricing:
// of a price and a yield, the fixed one is kept and the other computed here, never taken from the
// browser (docs/decisions/120-market-quotes.md).
import { MARKET_MESSAGES as MM, VALIDATION_MESSAGES as M } from '@bonds/domain'
import { PricingError, roundTo, yieldFromPrice, type BondTerms } from '@bonds/pricing'
import { HttpError } from '../../http/errors.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'
import { priceAt, termsOf } from '../pricing/index.ts'
import { bad } from './context.ts'

/** The pricing terms of a bond, or null when it cannot be priced (floating, terms unknown). */
export function termsOrNull(row: FinstrumentRow): BondTerms | null {
  try {
    return termsOf(row)
  } catch (error) {
    if (error instanceof HttpError) return null
    throw error
  }
}

/** A quote's price and yield from its fixed field: the fixed number kept, the other computed. */
export interface QuotedPrice {
  unitPrice: number
  bondYield: number | null
}

/**
 * The price and yield of a quote at a settlement. `fixed` names the field the user fixed; a
 * bond that cannot be priced takes a price only. A PricingError is the field's 400.
 */
export function quotePrice(
  terms: BondTerms | null,
  settlement: string,
  input: {
    fixed: 'yield' | 'price'
    price: number | null | undefined
    yield: number | null | undefined
    overridden?: boolean
  },
  fields: { price: string; yield: string },
): QuotedPrice {
  if (!terms) {
    if (input.fixed === 'yield' || input.price == null)
      throw bad(fields.price, MM.unpricedNeedsPrice)
    if (input.price <= 0) throw bad(fields.price, M.cannotBeZero)
    return { unitPrice: input.price, bondYield: null }
  }
  if (input.overridden) {
    if (input.price == null || input.yield == null) throw bad(fields.price, MM.overrideNeedsBoth)
    return { unitPrice: input.price, bondYield: input.yield }
  }
  const fixedField = input.fixed === 'yield' ? fields.yield : fields.price
  const fixedValue = input.fixed === 'yield' ? input.yield : input.price
  if (fixedValue == null) {
    throw bad(fixedField, input.fixed === 'yield' ? M.yieldRequired : M.priceRequired)
  }
  try {
    const result = priceAt(
      terms,
      settlement,
      input.fixed === 'yield' ? { bond_yield: fixedValue } : { clean_price: fixedValue },
    )
    return { unitPrice: result.price.unit_clean_price, bondYield: result.price.bond_yield }
  } catch (error) {
    if (error instanceof PricingError) throw bad(fixedField, error.message)
    throw error
  }
}

/** The yield of a price at a settlement, or null when the bond cannot be priced or no yield reaches it. */
export function yieldOrNull(
  terms: BondTerms | null,
  settlement: string,
  price: number,
): number | null {
  if (!terms) return null
  try {
    return roundTo(yieldFromPrice(terms, settlement, price), 6)
  } catch (error) {
    if (error instanceof PricingError) return null
    throw error
  }
}
