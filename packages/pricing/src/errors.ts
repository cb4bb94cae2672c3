// The one error the library throws for a bond or input it cannot price: never NaN, never a
// silently wrong number.

/** Why a price or yield cannot be computed. */
export type PricingErrorCode =
  | 'FLOATING_RATE'
  | 'MATURED'
  | 'INVALID_TERMS'
  | 'INVALID_DATE'
  | 'PRICE_OUT_OF_RANGE'
  | 'YIELD_OUT_OF_RANGE'
  | 'NO_CONVERGENCE'

/** A bond or input that cannot be priced, with a code a caller can act on. */
export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'PricingError'
  }
}
