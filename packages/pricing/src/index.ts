/** Prices, yields, accrued interest, cash flows and options of a bond. */
export {
  accruedInterest,
  cashflows,
  prepareBond,
  priceFromYield,
  priceToBestPut,
  priceToWorst,
  yieldFromPrice,
  yieldsToCall,
  yieldsToPut,
  yieldToWorst,
} from './bond.ts'
export type { PreparedBond, WorkoutPrice } from './bond.ts'
/** A trade's consideration to the paisa: principal, accrued interest, stamp duty, brokerage. */
export { paiseToRupees, STAMP_DUTY_DEBT, tradeConsideration } from './consideration.ts'
export type { Consideration, ConsiderationInput, Rate } from './consideration.ts'
/** The day counts: 30E/360 and SEBI's Actual/Actual year. */
export { days30, sebiYearDays } from './dates.ts'
/** The typed error for a bond or input that cannot be priced. */
export { PricingError } from './errors.ts'
export type { PricingErrorCode } from './errors.ts'
/** Decimal rounding half away from zero, for storing and showing. */
export { roundDecimal, roundTo } from './rounding.ts'
/** The totals of a book of valued positions (the inventory's), money summed in paise. */
export { bookTotals } from './book-totals.ts'
/** T+n settlement over business days, with or without a convention's calendar. */
export {
  isBusinessDay,
  marketSettlementDate,
  settlementDate,
  settlementOnCalendar,
  todayInIndia,
} from './settlement.ts'
export type { MarketSettlement } from './settlement.ts'
/** Settlement holiday calendars as data (RBI/Mumbai, NSE Clearing), with source and years. */
export { calendarFor, holidaysFor, NSE_CLEARING, RBI_MUMBAI } from './calendars/index.ts'
export type { HolidayCalendar } from './calendars/index.ts'
export type {
  BondTerms,
  Cashflow,
  Convention,
  PriceResult,
  Workout,
  WorkoutYield,
} from './terms.ts'
/** Numbers, rupees, quantum, yields, prices, dates and IST times as desks read them (screen and PDF). */
export {
  CRORE,
  formatDate,
  formatDateTime,
  formatIndianNumber,
  formatIstTime,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatUnits,
  formatYield,
  LAKH,
} from './format.ts'
export type { QuantumUnit } from './format.ts'
/** A bond's term sheet as the security page shows it and the PDFs print it. */
export { termsOfFinstrument } from './finstrument-terms.ts'
export { couponLabel, couponPercent, scheduleLabel, termRows } from './term-sheet.ts'
export type { TermRow } from './term-sheet.ts'
