// Prices, yields, accrued interest and cash flows to Indian market conventions (bond-math.md).
import { formatDate } from './dates.ts'
import { checkYield, Pricer } from './pricer.ts'
import { buildSchedule, toDay } from './schedule.ts'
import type { BondTerms, Cashflow, PriceResult, Workout, WorkoutYield } from './terms.ts'

function pricer(terms: BondTerms, settlementDate: string, workout?: Workout): Pricer {
  const anchor = terms.couponRate > 0 ? terms.couponRate : 0.07
  return new Pricer(buildSchedule(terms, settlementDate, workout), anchor)
}

function priced(p: Pricer, y: number): PriceResult {
  checkYield(y)
  const dirty = p.dirty(y)
  return {
    cleanPrice: dirty - p.accrued,
    dirtyPrice: dirty,
    accruedInterest: p.accrued,
    exInterest: p.exInterest,
  }
}

/** Clean and dirty price and accrued interest for a yield (fraction), per 100 face. */
export function priceFromYield(
  terms: BondTerms,
  settlementDate: string,
  yieldFraction: number,
  workout?: Workout,
): PriceResult {
  return priced(pricer(terms, settlementDate, workout), yieldFraction)
}

/** Yield (fraction) to maturity, or to a workout date, for a clean price per 100. */
export function yieldFromPrice(
  terms: BondTerms,
  settlementDate: string,
  cleanPrice: number,
  workout?: Workout,
): number {
  return pricer(terms, settlementDate, workout).yieldFor(cleanPrice)
}

/** Accrued interest per 100 face at settlement (negative when the trade is ex-interest). */
export function accruedInterest(terms: BondTerms, settlementDate: string): number {
  return buildSchedule(terms, settlementDate).accrued
}

/** The flows the buyer receives after settlement: interest and principal per 100 original face. */
export function cashflows(terms: BondTerms, settlementDate: string): Cashflow[] {
  const s = buildSchedule(terms, settlementDate)
  return s.days.map((day, i) => ({
    date: formatDate(day),
    interest: s.interest[i] ?? 0,
    principal: s.principal[i] ?? 0,
  }))
}

function options(terms: BondTerms, settlementDate: string, kind: 'call' | 'put'): Workout[] {
  const settle = toDay(settlementDate, 'Settlement date')
  const list = (kind === 'call' ? terms.calls : terms.puts) ?? []
  return list
    .filter((w) => toDay(w.date, 'Option date') > settle)
    .sort((a, b) => a.date.localeCompare(b.date))
}

function workoutYields(
  terms: BondTerms,
  settlementDate: string,
  cleanPrice: number,
  kind: 'call' | 'put',
): WorkoutYield[] {
  return options(terms, settlementDate, kind).map((w) => ({
    yield: yieldFromPrice(terms, settlementDate, cleanPrice, w),
    workoutDate: w.date,
    kind,
  }))
}

/** Yield to each remaining call date. */
export function yieldsToCall(
  terms: BondTerms,
  settlementDate: string,
  cleanPrice: number,
): WorkoutYield[] {
  return workoutYields(terms, settlementDate, cleanPrice, 'call')
}

/** Yield to each remaining put date. */
export function yieldsToPut(
  terms: BondTerms,
  settlementDate: string,
  cleanPrice: number,
): WorkoutYield[] {
  return workoutYields(terms, settlementDate, cleanPrice, 'put')
}

/** The lowest of the yield to maturity and the yields to each remaining call, with its date. */
export function yieldToWorst(
  terms: BondTerms,
  settlementDate: string,
  cleanPrice: number,
): WorkoutYield {
  const toMaturity: WorkoutYield = {
    yield: yieldFromPrice(terms, settlementDate, cleanPrice),
    workoutDate: terms.maturityDate,
    kind: 'maturity',
  }
  return yieldsToCall(terms, settlementDate, cleanPrice).reduce(
    (worst, y) => (y.yield < worst.yield ? y : worst),
    toMaturity,
  )
}

/** A price with the date it works out to. */
export type WorkoutPrice = PriceResult & { workoutDate: string; kind: WorkoutYield['kind'] }

function workoutPrices(
  terms: BondTerms,
  settlementDate: string,
  yieldFraction: number,
  kind: 'call' | 'put',
): WorkoutPrice[] {
  return options(terms, settlementDate, kind).map((w) => ({
    ...priceFromYield(terms, settlementDate, yieldFraction, w),
    workoutDate: w.date,
    kind,
  }))
}

function toMaturity(terms: BondTerms, settlementDate: string, y: number): WorkoutPrice {
  return {
    ...priceFromYield(terms, settlementDate, y),
    workoutDate: terms.maturityDate,
    kind: 'maturity',
  }
}

/** At a yield, the lowest of the prices to maturity and to each remaining call (SEBI valuation). */
export function priceToWorst(
  terms: BondTerms,
  settlementDate: string,
  yieldFraction: number,
): WorkoutPrice {
  return workoutPrices(terms, settlementDate, yieldFraction, 'call').reduce(
    (worst, p) => (p.cleanPrice < worst.cleanPrice ? p : worst),
    toMaturity(terms, settlementDate, yieldFraction),
  )
}

/** At a yield, the highest of the prices to maturity and to each remaining put (SEBI valuation). */
export function priceToBestPut(
  terms: BondTerms,
  settlementDate: string,
  yieldFraction: number,
): WorkoutPrice {
  return workoutPrices(terms, settlementDate, yieldFraction, 'put').reduce(
    (best, p) => (p.cleanPrice > best.cleanPrice ? p : best),
    toMaturity(terms, settlementDate, yieldFraction),
  )
}

/** A bond prepared for one settlement date: schedule built once, then many prices and yields. */
export interface PreparedBond {
  /** Accrued interest per 100 at the settlement date (negative ex-interest). */
  accruedInterest: number
  /** The trade is ex-interest. */
  exInterest: boolean
  /** Clean price for a yield; no allocation. */
  cleanPrice(yieldFraction: number): number
  /** Dirty price for a yield; no allocation. */
  dirtyPrice(yieldFraction: number): number
  /** Yield for a clean price, re-priced to within 1e-8. */
  yieldFor(cleanPrice: number): number
}

/**
 * Prepare a bond for repeated pricing at one settlement date (a market depth, a keystroke). A
 * regular schedule (level coupons, one redemption) is priced in closed form: a geometric sum.
 */
export function prepareBond(
  terms: BondTerms,
  settlementDate: string,
  workout?: Workout,
): PreparedBond {
  const p = pricer(terms, settlementDate, workout)
  return {
    accruedInterest: p.accrued,
    exInterest: p.exInterest,
    cleanPrice: (y) => p.cleanPrice(y),
    dirtyPrice: (y) => {
      checkYield(y)
      return p.dirty(y)
    },
    yieldFor: (clean) => p.yieldFor(clean),
  }
}
