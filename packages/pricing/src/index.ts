export {
  accruedInterest,
  prepareBond,
  cashflows,
  priceFromYield,
  priceToWorst,
  yieldFromPrice,
  yieldsToCall,
  yieldsToPut,
  yieldToWorst,
} from './bond.ts'
export type {
  BondTerms,
  Cashflow,
  Convention,
  PreparedBond,
  PriceResult,
  Workout,
  WorkoutYield,
} from './bond.ts'
export { days30, sebiYearDays } from './dates.ts'
export { PricingError } from './errors.ts'
export { roundDecimal, roundTo } from './rounding.ts'
export type { PricingErrorCode } from './errors.ts'
export { settlementDate } from './settlement.ts'
