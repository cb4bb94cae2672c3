// Prices, yields, accrued interest and cash flows to Indian market conventions (bond-math.md).
import {
  actualDays,
  addMonths,
  days30,
  formatDate,
  parseDate,
  sebiYearDays,
  ymd,
  type DayNumber,
} from './dates.ts'
import { PricingError } from './errors.ts'

/** Pricing convention: G-secs, SDLs and STRIPS are 'GSEC'. */
export type Convention = 'GSEC' | 'TBILL' | 'CORPORATE'

/** A bond's terms, as the pricing functions need them. */
export interface BondTerms {
  convention: Convention
  /** ISO date, scheduled (unadjusted). */
  maturityDate: string
  /** Fraction; 0 for zero coupon / STRIPS. */
  couponRate: number
  /** Coupons a year; not used for TBILL. */
  frequency?: 1 | 2 | 4 | 12
  /** Per 100 face, default 100. */
  redemption?: number
  calls?: { date: string; price: number }[]
  puts?: { date: string; price: number }[]
  /** Staggered redemption. */
  principalRepayments?: { date: string; amountPer100: number }[]
  /** Floating-rate bonds cannot be priced. */
  floating?: boolean
}

/** A dated cash flow per 100 of original face. */
export interface Cashflow {
  date: string
  interest: number
  principal: number
}

/** Clean and dirty price with the accrued interest, per 100 face. */
export interface PriceResult {
  cleanPrice: number
  dirtyPrice: number
  accruedInterest: number
}

/** Where a yield works out to: a call or put date and the price paid there. */
export interface Workout {
  date: string
  price: number
}

interface Flow {
  day: DayNumber
  amount: number
}

interface Prepared {
  terms: BondTerms
  settle: DayNumber
  /** Previous and next coupon dates around settlement (null without coupons). */
  pcd: DayNumber | null
  ncd: DayNumber | null
  accrued: number
  flows: Flow[]
  /** Exponent of each flow: periods (GSEC) or years (CORPORATE). */
  times: number[]
  base: 'periodic' | 'annual' | 'simple'
  periods: number
}

const MAX_YIELD = 1

function check(terms: BondTerms, settle: DayNumber, maturity: DayNumber): void {
  if (terms.floating)
    throw new PricingError('FLOATING_RATE', 'A floating-rate bond cannot be priced')
  if (settle >= maturity)
    throw new PricingError('MATURED', 'The bond has matured by the settlement date')
  if (!Number.isFinite(terms.couponRate) || terms.couponRate < 0) {
    throw new PricingError('INVALID_TERMS', 'The coupon rate must be a fraction of at least 0')
  }
  if (terms.convention !== 'TBILL' && terms.couponRate > 0 && !terms.frequency) {
    throw new PricingError('INVALID_TERMS', 'A coupon bond needs its coupon frequency')
  }
}

function toDay(iso: string, what: string): DayNumber {
  try {
    return parseDate(iso)
  } catch {
    throw new PricingError('INVALID_DATE', `${what} is not a valid date: ${iso}`)
  }
}

/** Outstanding face per 100 just after `day` (repayments on `day` already made). */
function outstandingAfter(
  repayments: readonly { day: DayNumber; amount: number }[],
  day: DayNumber,
): number {
  let outstanding = 100
  for (const r of repayments) if (r.day <= day) outstanding -= r.amount
  return outstanding
}

function prepare(terms: BondTerms, settlementDate: string, workout?: Workout): Prepared {
  const settle = toDay(settlementDate, 'Settlement date')
  const maturity = toDay(terms.maturityDate, 'Maturity date')
  check(terms, settle, maturity)
  const redemption = terms.redemption ?? 100
  const end = workout ? toDay(workout.date, 'Workout date') : maturity
  if (end <= settle) throw new PricingError('MATURED', 'The workout date is not after settlement')
  const endPrice = workout ? workout.price : redemption

  if (terms.convention === 'TBILL') {
    return {
      terms,
      settle,
      pcd: null,
      ncd: null,
      accrued: 0,
      flows: [{ day: end, amount: endPrice }],
      times: [actualDays(settle, end) / 365],
      base: 'simple',
      periods: 1,
    }
  }

  const gsec = terms.convention === 'GSEC'
  const frequency = terms.frequency ?? (gsec ? 2 : 1)
  const step = 12 / frequency
  const [, , maturityDay] = ymd(maturity)
  const repayments = (terms.principalRepayments ?? [])
    .map((r) => ({ day: toDay(r.date, 'Repayment date'), amount: r.amountPer100 }))
    .sort((a, b) => a.day - b.day)

  // Coupon schedule stepped back from maturity: every date after settlement, plus the PCD.
  const dates: DayNumber[] = []
  let k = 0
  let date = maturity
  while (date > settle) {
    dates.push(date)
    k += 1
    date = addMonths(maturity, -k * step, maturityDay)
  }
  const pcd = date
  dates.reverse()
  const ncd = dates[0] ?? maturity

  const couponFor = (
    from: DayNumber,
    to: DayNumber,
    outstanding: number,
    periodEnd: DayNumber,
    fullPeriod = false,
  ) => {
    if (terms.couponRate === 0) return 0
    // G-secs pay rate/f a period whatever the month lengths; a broken period accrues on 30E/360.
    if (gsec)
      return fullPeriod
        ? (outstanding * terms.couponRate) / frequency
        : (outstanding * terms.couponRate * days30(from, to)) / 360
    return (outstanding * terms.couponRate * actualDays(from, to)) / sebiYearDays(periodEnd)
  }

  // G-sec discounting: the k-th flow is k − 1 + w periods away, w = 30E/360 days to the NCD ÷ period.
  const period = 360 / frequency
  const w = days30(settle, ncd) / period
  const flows: Flow[] = []
  const gsecTimes: number[] = []
  let previous = pcd
  for (const [index, couponDate] of dates.entries()) {
    if (couponDate > end) {
      // A workout between coupon dates: interest up to the workout date.
      const outstanding = outstandingAfter(repayments, previous)
      flows.push({ day: end, amount: couponFor(previous, end, outstanding, couponDate) })
      gsecTimes.push(index - 1 + w + days30(previous, end) / period)
      break
    }
    gsecTimes.push(index + w)
    const outstanding = outstandingAfter(repayments, previous)
    let amount = couponFor(previous, couponDate, outstanding, couponDate, true)
    for (const r of repayments)
      if (r.day > previous && r.day <= couponDate && r.day < end) amount += r.amount
    flows.push({ day: couponDate, amount })
    previous = couponDate
    if (couponDate === end) break
  }
  const last = flows.at(-1)
  const finalPrincipal =
    (outstandingAfter(
      repayments.filter((r) => r.day < end),
      end,
    ) *
      endPrice) /
    100
  if (last && last.day === end) last.amount += finalPrincipal
  else {
    flows.push({ day: end, amount: finalPrincipal })
    gsecTimes.push(days30(settle, end) / period)
  }

  const accruedOutstanding = outstandingAfter(repayments, pcd)
  const accrued = couponFor(pcd, settle, accruedOutstanding, ncd)
  const times = gsec ? gsecTimes : flows.map((f) => actualDays(settle, f.day) / 365)
  return {
    terms,
    settle,
    pcd,
    ncd,
    accrued,
    flows,
    times,
    base: gsec ? 'periodic' : 'annual',
    periods: frequency,
  }
}

/** Dirty price and its derivative in the yield. */
function dirtyAndSlope(p: Prepared, y: number): [number, number] {
  if (p.base === 'simple') {
    const t = p.times[0] ?? 0
    const amount = p.flows[0]?.amount ?? 0
    const denominator = 1 + y * t
    return [amount / denominator, (-amount * t) / (denominator * denominator)]
  }
  const rate = p.base === 'periodic' ? y / p.periods : y
  const scale = p.base === 'periodic' ? 1 / p.periods : 1
  const growth = 1 + rate
  let price = 0
  let slope = 0
  for (let i = 0; i < p.flows.length; i += 1) {
    const t = p.times[i] ?? 0
    const pv = (p.flows[i]?.amount ?? 0) * growth ** -t
    price += pv
    slope -= (t * scale * pv) / growth
  }
  return [price, slope]
}

/** Yields are not negative in this market (the forms say "Cannot be negative"). */
const MIN_YIELD = 0

function lowestYield(_p: Prepared): number {
  return MIN_YIELD
}

function checkYield(p: Prepared, y: number): void {
  if (!Number.isFinite(y))
    throw new PricingError('YIELD_OUT_OF_RANGE', 'The yield must be a number')
  if (y > MAX_YIELD) throw new PricingError('YIELD_OUT_OF_RANGE', 'Yield above 100%')
  if (y < lowestYield(p))
    throw new PricingError('YIELD_OUT_OF_RANGE', 'The yield cannot be negative')
}

function priceOf(p: Prepared, y: number): PriceResult {
  checkYield(p, y)
  const [dirty] = dirtyAndSlope(p, y)
  return { cleanPrice: dirty - p.accrued, dirtyPrice: dirty, accruedInterest: p.accrued }
}

function solve(p: Prepared, cleanPrice: number): number {
  if (!Number.isFinite(cleanPrice) || cleanPrice <= 0) {
    throw new PricingError('PRICE_OUT_OF_RANGE', 'The price must be a positive number')
  }
  const target = cleanPrice + p.accrued
  if (p.base === 'simple') {
    const t = p.times[0] ?? 0
    const y = ((p.flows[0]?.amount ?? 0) / target - 1) / t
    checkYield(p, y)
    return y
  }
  let y = p.terms.couponRate > 0 ? p.terms.couponRate : 0.07
  for (let i = 0; i < 50; i += 1) {
    const [price, slope] = dirtyAndSlope(p, y)
    const step = (price - target) / slope
    const next = y - step
    if (!Number.isFinite(next) || next < lowestYield(p) - 0.5 || next > 10) break
    y = next
    if (Math.abs(step) < 1e-12) {
      if (y < lowestYield(p) || y > MAX_YIELD) break
      return verified(p, y, target)
    }
  }
  // Fallback: bisection over the whole admissible range.
  let lo = lowestYield(p)
  let hi = MAX_YIELD
  const g = (x: number) => dirtyAndSlope(p, x)[0] - target
  if (g(hi) > 0 || g(lo) < 0) {
    throw new PricingError('PRICE_OUT_OF_RANGE', 'No yield between the limits gives this price')
  }
  for (let i = 0; i < 200 && hi - lo > 1e-15; i += 1) {
    const mid = (lo + hi) / 2
    if (g(mid) > 0) lo = mid
    else hi = mid
  }
  return verified(p, (lo + hi) / 2, target)
}

function verified(p: Prepared, y: number, target: number): number {
  const [price] = dirtyAndSlope(p, y)
  if (Math.abs(price - target) > 1e-8) {
    throw new PricingError('NO_CONVERGENCE', 'The yield could not be solved to within 1e-8')
  }
  return y
}

/** Clean and dirty price and accrued interest for a yield (fraction), per 100 face. */
export function priceFromYield(
  terms: BondTerms,
  settlementDate: string,
  yieldFraction: number,
  workout?: Workout,
): PriceResult {
  return priceOf(prepare(terms, settlementDate, workout), yieldFraction)
}

/** Yield (fraction) to maturity, or to a workout date, for a clean price per 100. */
export function yieldFromPrice(
  terms: BondTerms,
  settlementDate: string,
  cleanPrice: number,
  workout?: Workout,
): number {
  return solve(prepare(terms, settlementDate, workout), cleanPrice)
}

/** Accrued interest per 100 face at settlement. */
export function accruedInterest(terms: BondTerms, settlementDate: string): number {
  return prepare(terms, settlementDate).accrued
}

/** The flows after settlement: interest and principal per 100 original face. */
export function cashflows(terms: BondTerms, settlementDate: string): Cashflow[] {
  const p = prepare(terms, settlementDate)
  const redemption = terms.redemption ?? 100
  const repaid = new Map<number, number>()
  for (const r of terms.principalRepayments ?? [])
    repaid.set(toDay(r.date, 'Repayment date'), r.amountPer100)
  const maturity = toDay(terms.maturityDate, 'Maturity date')
  const remaining = 100 - [...repaid.values()].reduce((a, b) => a + b, 0)
  return p.flows.map((f) => {
    const principal =
      (f.day === maturity ? (remaining * redemption) / 100 : 0) +
      (f.day !== maturity ? (repaid.get(f.day) ?? 0) : 0)
    return { date: formatDate(f.day), interest: f.amount - principal, principal }
  })
}

/** A yield with the date it works out to. */
export interface WorkoutYield {
  yield: number
  workoutDate: string
  kind: 'maturity' | 'call' | 'put'
}

function workouts(terms: BondTerms, settlementDate: string, kind: 'call' | 'put'): Workout[] {
  const settle = toDay(settlementDate, 'Settlement date')
  return (
    (kind === 'call' ? terms.calls : terms.puts)?.filter(
      (w) => toDay(w.date, 'Option date') > settle,
    ) ?? []
  )
}

/** Yield to each remaining call date. */
export function yieldsToCall(
  terms: BondTerms,
  settlementDate: string,
  cleanPrice: number,
): WorkoutYield[] {
  return workouts(terms, settlementDate, 'call').map((w) => ({
    yield: yieldFromPrice(terms, settlementDate, cleanPrice, w),
    workoutDate: w.date,
    kind: 'call',
  }))
}

/** Yield to each remaining put date. */
export function yieldsToPut(
  terms: BondTerms,
  settlementDate: string,
  cleanPrice: number,
): WorkoutYield[] {
  return workouts(terms, settlementDate, 'put').map((w) => ({
    yield: yieldFromPrice(terms, settlementDate, cleanPrice, w),
    workoutDate: w.date,
    kind: 'put',
  }))
}

/** The lowest of the yield to maturity and the yields to each remaining call. */
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

/** At a yield, the lowest of the prices to maturity and to each remaining call (SEBI valuation). */
export function priceToWorst(
  terms: BondTerms,
  settlementDate: string,
  yieldFraction: number,
): PriceResult & { workoutDate: string } {
  let worst = {
    ...priceFromYield(terms, settlementDate, yieldFraction),
    workoutDate: terms.maturityDate,
  }
  for (const w of workouts(terms, settlementDate, 'call')) {
    const price = priceFromYield(terms, settlementDate, yieldFraction, w)
    if (price.cleanPrice < worst.cleanPrice) worst = { ...price, workoutDate: w.date }
  }
  return worst
}

/** A bond prepared for one settlement date: schedule built once, then many prices and yields. */
export interface PreparedBond {
  accruedInterest: number
  /** Clean price for a yield; no allocation on regular schedules. */
  cleanPrice(yieldFraction: number): number
  /** Yield for a clean price. */
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
  const p = prepare(terms, settlementDate, workout)
  const n = p.flows.length
  const coupon = n > 1 ? (p.flows[0]?.amount ?? 0) : 0
  const first = p.times[0] ?? 0
  // Level coupons one period apart and one redemption: the closed form applies.
  const periodic =
    p.base === 'periodic' &&
    n > 0 &&
    p.flows.slice(0, -1).every((flow) => Math.abs(flow.amount - coupon) < 1e-12) &&
    p.times.every((t, i) => Math.abs(t - first - i) < 1e-12)
  const last = (p.flows[n - 1]?.amount ?? 0) - (n > 1 ? coupon : 0)
  const f = p.periods

  // Periodic regular schedule: dirty = v^w (C (1 − v^N)/(1 − v) + R v^(N−1)), v = 1/(1 + y/f).
  const closedDirty = (y: number): number => {
    const v = 1 / (1 + y / f)
    const vn = v ** n
    const annuity = y === 0 ? n : (1 - vn) / (1 - v)
    return v ** first * (coupon * annuity + (last * vn) / v)
  }
  // Price and its analytic derivative (dD/dy = dD/dv · −v²/f) from the same powers; the slope
  // is left in `slopeOut` so Newton allocates nothing.
  let slopeOut = 0
  const closedBoth = (y: number): number => {
    const v = 1 / (1 + y / f)
    const vw = v ** first
    const vn = v ** n
    const oneMinusV = 1 - v
    const annuity = y === 0 ? n : (1 - vn) / oneMinusV
    const annuitySlope =
      y === 0 ? (n * (n - 1)) / 2 : (-n * (vn / v) * oneMinusV + (1 - vn)) / (oneMinusV * oneMinusV)
    const inner = coupon * annuity + (last * vn) / v
    const innerSlope = coupon * annuitySlope + (last * (n - 1) * vn) / (v * v)
    slopeOut = (((first * vw * inner) / v + vw * innerSlope) * -v * v) / f
    return vw * inner
  }
  // First guess: the yield approximation (coupon plus pull to par over the life, on the average price).
  const years = (first + n - 1) / f
  const firstGuess = (target: number): number => {
    const guess = (coupon * f + (last - target) / years) / ((last + target) / 2)
    return guess > 0 && guess < MAX_YIELD ? guess : terms.couponRate > 0 ? terms.couponRate : 0.07
  }

  const dirty = periodic ? closedDirty : (y: number) => dirtyAndSlope(p, y)[0]
  return {
    accruedInterest: p.accrued,
    cleanPrice(y) {
      checkYield(p, y)
      return dirty(y) - p.accrued
    },
    yieldFor(cleanPrice) {
      if (!periodic) return solve(p, cleanPrice)
      if (!Number.isFinite(cleanPrice) || cleanPrice <= 0) {
        throw new PricingError('PRICE_OUT_OF_RANGE', 'The price must be a positive number')
      }
      const target = cleanPrice + p.accrued
      let y = firstGuess(target)
      for (let i = 0; i < 30; i += 1) {
        const step = (closedBoth(y) - target) / slopeOut
        y -= step
        if (Math.abs(step) < 1e-13) break
      }
      if (!(y >= 0 && y <= MAX_YIELD) || Math.abs(dirty(y) - target) > 1e-8)
        return solve(p, cleanPrice)
      return y
    },
  }
}
