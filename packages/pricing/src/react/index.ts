/** The pricing input: yield or price fixed, the other field computed live in the browser. */
export { PricingInput } from './pricing-input.tsx'
export type { PricingInputBond, PricingInputProps } from './pricing-input.tsx'
/** The input's value: the fixed field and both numbers as stored and sent (spec §7). */
export { emptyPricingValue } from './pricing-value.ts'
export type { PricingValue } from './pricing-value.ts'
/** A bond prepared once per (terms, settlement date) for live prices and yields. */
export { usePricing } from './use-pricing.ts'
export type { BondPricing } from './bond-pricing.ts'
/** Matured and unlisted bonds: shown, not selectable (spec §4). */
export { bondAvailability } from './bond-availability.ts'
export type { BondAvailability } from './bond-availability.ts'
