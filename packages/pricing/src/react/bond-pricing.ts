// One bond prepared for the pricing input: the library runs in the browser, once per (terms,
// settlement), then answers every keystroke. Pricing errors are answers of "nothing" (spec §8).
import { PRICE_DECIMALS, PRICE_YIELD_SWITCH_THRESHOLD, YIELD_STORED_DECIMALS } from '@bonds/domain'
import { prepareBond, PricingError, roundTo, type BondTerms, type PreparedBond } from '../index.ts'

/**
 * Highest yield a bond plausibly trades at (decision 004: Indian yields sit between about 3% and
 * 20%). A bond worth no more than the switch threshold at this yield (a long STRIPS) can be quoted
 * at a price at or below the threshold, so the switch from price mode is suppressed for it.
 */
export const PLAUSIBLE_MAX_YIELD = 0.2

/** A bond priced at one settlement date for the pricing input; every answer is null when unknown. */
export interface BondPricing {
  /** The bond can be priced at this settlement date: the Price option is enabled. */
  priceable: boolean
  /** Accrued interest per ₹100 at settlement (negative ex-interest), or null. */
  accruedInterest: number | null
  /** The trade settles between a record date and its coupon. */
  exInterest: boolean
  /** A price at or below the switch threshold is plausible for this bond (long STRIPS). */
  lowPricePlausible: boolean
  /** Clean price per ₹100, 4 decimals, for a yield fraction; null when it cannot be priced. */
  priceFor(bondYield: number): number | null
  /** Yield fraction, 6 decimals, for a clean price; null when no yield gives it. */
  yieldFor(cleanPrice: number): number | null
}

/** Run a pricing call; a PricingError (a bond or input that cannot be priced) is "no answer". */
function quietly<T>(compute: () => T): T | null {
  try {
    return compute()
  } catch (error) {
    if (error instanceof PricingError) return null
    throw error
  }
}

const UNPRICEABLE: BondPricing = {
  priceable: false,
  accruedInterest: null,
  exInterest: false,
  lowPricePlausible: false,
  priceFor: () => null,
  yieldFor: () => null,
}

/** Prepare a bond (null terms: it cannot be priced) for many prices and yields at one settlement. */
export function createBondPricing(terms: BondTerms | null, settlementDate: string): BondPricing {
  const prepared: PreparedBond | null = terms
    ? quietly(() => prepareBond(terms, settlementDate))
    : null
  if (!prepared) return UNPRICEABLE
  const atPlausibleMax = quietly(() => prepared.cleanPrice(PLAUSIBLE_MAX_YIELD))
  return {
    priceable: true,
    accruedInterest: prepared.accruedInterest,
    exInterest: prepared.exInterest,
    lowPricePlausible: atPlausibleMax !== null && atPlausibleMax <= PRICE_YIELD_SWITCH_THRESHOLD,
    priceFor: (bondYield) => quietly(() => roundTo(prepared.cleanPrice(bondYield), PRICE_DECIMALS)),
    yieldFor: (cleanPrice) =>
      quietly(() => roundTo(prepared.yieldFor(cleanPrice), YIELD_STORED_DECIMALS)),
  }
}
