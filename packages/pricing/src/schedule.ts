// The schedule builder (bond-math.md §3–§5, §8): coupon dates stepped back from maturity, the
// flows after settlement with their discount exponents, and the accrued interest. No pricing here.
import { addMonths, days30, parseDate, sebiYearDays, ymd, type DayNumber } from './dates.ts'
import { PricingError } from './errors.ts'
import type { BondTerms, Workout } from './terms.ts'

/** How a flow's exponent is measured and compounded. */
export type Basis = 'periodic' | 'annual' | 'simple'

/** The flows a buyer receives after settlement, with what pricing needs. */
export interface Schedule {
  settle: DayNumber
  /** Previous and next coupon dates around settlement (null without coupons). */
  pcd: DayNumber | null
  ncd: DayNumber | null
  accrued: number
  exInterest: boolean
  days: DayNumber[]
  interest: number[]
  principal: number[]
  /** Exponent of each flow: coupon periods (GSEC, 30E/360) or years (actual/365). */
  times: number[]
  basis: Basis
  /** Compounding periods a year of the yield (f for GSEC, 1 otherwise). */
  periods: number
}

const FREQUENCIES = new Set([1, 2, 4, 12])

/** Parse an ISO date, as a PricingError when it is not one. */
export function toDay(iso: string, what: string): DayNumber {
  try {
    return parseDate(iso)
  } catch {
    throw new PricingError('INVALID_DATE', `${what} is not a valid date: ${String(iso)}`)
  }
}

function invalid(message: string): never {
  throw new PricingError('INVALID_TERMS', message)
}

function validate(terms: BondTerms): void {
  if (terms.floating)
    throw new PricingError('FLOATING_RATE', 'A floating-rate bond cannot be priced')
  if (!['GSEC', 'TBILL', 'CORPORATE'].includes(terms.convention))
    invalid(`Unknown convention: ${String(terms.convention)}`)
  const rate = terms.couponRate
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 1)
    invalid('The coupon rate must be a fraction from 0 to 1')
  if (terms.convention === 'TBILL' && rate !== 0) invalid('A T-bill has no coupon')
  if (terms.frequency !== undefined && !FREQUENCIES.has(terms.frequency))
    invalid('The coupon frequency must be 1, 2, 4 or 12 a year')
  if (terms.convention === 'CORPORATE' && rate > 0 && terms.frequency === undefined)
    invalid('A coupon bond needs its coupon frequency')
  const redemption = terms.redemption ?? 100
  if (!Number.isFinite(redemption) || redemption <= 0)
    invalid('The redemption must be a positive amount per 100')
  const record = terms.recordDays
  if (record !== undefined && !(Number.isInteger(record) && record >= 0 && record <= 31))
    invalid('Record days must be a whole number from 0 to 31')
}

/** True when `day` is on the schedule stepped back from `maturity` every `step` months. */
function onSchedule(day: DayNumber, maturity: DayNumber, step: number): boolean {
  const [y1, m1] = ymd(day)
  const [y2, m2, d2] = ymd(maturity)
  const months = (y2 - y1) * 12 + (m2 - m1)
  return months >= 0 && months % step === 0 && addMonths(maturity, -months, d2) === day
}

/** Build the schedule of `terms` at a settlement date, to maturity or to a workout date. */
export function buildSchedule(
  terms: BondTerms,
  settlementDate: string,
  workout?: Workout,
): Schedule {
  validate(terms)
  const settle = toDay(settlementDate, 'Settlement date')
  const maturity = toDay(terms.maturityDate, 'Maturity date')
  if (settle >= maturity)
    throw new PricingError('MATURED', 'The bond has matured by the settlement date')
  const end = workout ? toDay(workout.date, 'Workout date') : maturity
  if (workout) {
    if (!Number.isFinite(workout.price) || workout.price <= 0)
      invalid('An option price must be a positive amount per 100')
    if (end > maturity) invalid('An option date is after maturity')
  }
  if (end <= settle) throw new PricingError('MATURED', 'The workout date is not after settlement')
  const endPrice = workout ? workout.price : (terms.redemption ?? 100)
  const rate = terms.couponRate
  const gsec = terms.convention === 'GSEC'

  if (terms.convention === 'TBILL') {
    return single(settle, end, endPrice, (end - settle) / 365, 'simple', 1)
  }
  const frequency = terms.frequency ?? (gsec ? 2 : 1)
  const period = 360 / frequency
  const step = 12 / frequency

  // In the order given: every use below sums over them, whatever their order.
  const repayments = (terms.principalRepayments ?? []).map((r) => {
    const day = toDay(r.date, 'Repayment date')
    if (!Number.isFinite(r.amountPer100) || r.amountPer100 <= 0)
      invalid('A principal repayment must be a positive amount per 100')
    if (day > maturity) invalid('A principal repayment is after maturity')
    if (!onSchedule(day, maturity, step)) invalid('Principal repayments must fall on coupon dates')
    return { day, amount: r.amountPer100 }
  })
  const beforeMaturity = repayments.reduce((sum, r) => sum + (r.day < maturity ? r.amount : 0), 0)
  if (beforeMaturity >= 100 - 1e-9) invalid('Principal repayments leave nothing to redeem')
  /** Outstanding face per 100 just after `day` (repayments before `limit`, on or before `day`). */
  const outstanding = (day: DayNumber, limit = maturity) => {
    let left = 100
    for (const r of repayments) if (r.day <= day && r.day < limit) left -= r.amount
    return left
  }

  if (rate === 0 && repayments.length === 0) {
    // STRIPS and zero-coupon NCDs: one flow, days30 ÷ 180 (GSEC) or actual ÷ 365 (bond-math.md §6).
    const time = gsec ? days30(settle, end) / period : (end - settle) / 365
    return single(settle, end, endPrice, time, gsec ? 'periodic' : 'annual', gsec ? frequency : 1)
  }

  // Coupon dates after settlement, stepped back from maturity keeping its day of month.
  const [, , maturityDay] = ymd(maturity)
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

  /** Interest from `from` to `to` on `face`, in the coupon period ending `periodEnd`. */
  const accrual = (from: DayNumber, to: DayNumber, face: number, periodEnd: DayNumber) =>
    gsec
      ? (face * rate * days30(from, to)) / 360
      : (face * rate * (to - from)) / sebiYearDays(periodEnd)
  /** A whole coupon: rate/f for G-secs, actual days over the SEBI year for corporates. */
  const coupon = (from: DayNumber, to: DayNumber, face: number) =>
    gsec ? (face * rate) / frequency : accrual(from, to, face, to)

  const faceAtPcd = outstanding(pcd)
  const exInterest =
    terms.recordDays !== undefined && rate > 0 && ncd <= end && settle > ncd - terms.recordDays
  const accrued = exInterest
    ? -accrual(settle, ncd, faceAtPcd, ncd)
    : // Stryker disable next-line ConditionalExpression,EqualityOperator: at a zero rate the accrual is 0 too
      rate > 0
      ? accrual(pcd, settle, faceAtPcd, ncd)
      : 0

  const w = days30(settle, ncd) / period
  const days: DayNumber[] = []
  const interest: number[] = []
  const principal: number[] = []
  const times: number[] = []
  let previous = pcd
  for (const [index, couponDate] of dates.entries()) {
    const face = outstanding(previous)
    if (couponDate > end) {
      // A workout between coupon dates: interest to that date, then the outstanding at its price.
      days.push(end)
      interest.push(accrual(previous, end, face, couponDate))
      principal.push((outstanding(previous, end) * endPrice) / 100)
      times.push(index - 1 + w + days30(previous, end) / period)
      break
    }
    days.push(couponDate)
    interest.push(exInterest && index === 0 ? 0 : coupon(previous, couponDate, face))
    times.push(index + w)
    if (couponDate === end) {
      principal.push((outstanding(previous, end) * endPrice) / 100)
      break
    }
    principal.push(repayments.reduce((sum, r) => sum + (r.day === couponDate ? r.amount : 0), 0))
    previous = couponDate
  }
  return {
    settle,
    pcd,
    ncd,
    accrued,
    exInterest,
    days,
    interest,
    principal,
    times: gsec ? times : days.map((day) => (day - settle) / 365),
    basis: gsec ? 'periodic' : 'annual',
    periods: gsec ? frequency : 1,
  }
}

function single(
  settle: DayNumber,
  end: DayNumber,
  amount: number,
  time: number,
  basis: Basis,
  periods: number,
): Schedule {
  return {
    settle,
    pcd: null,
    ncd: null,
    accrued: 0,
    exInterest: false,
    days: [end],
    interest: [0],
    principal: [amount],
    times: [time],
    basis,
    periods,
  }
}
