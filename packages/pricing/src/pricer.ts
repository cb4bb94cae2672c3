// Price from yield and yield from price over a built schedule (bond-math.md §6–§7). Built once per
// bond and settlement date, then called many times without allocating: a geometric sum for regular
// G-sec schedules, a running product of per-gap discount factors for the rest, and Newton from a
// second-order first guess with a bisection fallback.
import { PricingError } from './errors.ts'
import type { Schedule } from './schedule.ts'

const MAX_YIELD = 1
/** Newton stops when the price is this close (per 100) and the step this small (bond-math.md §7). */
const PRICE_TOLERANCE = 1e-10
const STEP_TOLERANCE = 1e-12
/** Every solved yield re-prices to within this (per 100). */
const VERIFY_TOLERANCE = 1e-8
/** Below this rate per period the geometric sum loses digits; the flows are summed instead. */
const CLOSED_FORM_MIN_RATE = 1e-6
/** At most this many distinct gaps between flows are stepped by products; else one exp a flow. */
const MAX_GAPS = 8

/** How a schedule is priced. */
type Kind = 0 | 1 | 2 | 3
const Kind = { Simple: 0, Closed: 1, Stepped: 2, Direct: 3 } as const

/** How `dirty` sums a schedule: simple interest, the geometric sum, by gap, or flow by flow. */
export type SumMethod = 'simple' | 'closed' | 'stepped' | 'direct'
const SUM_METHODS: readonly SumMethod[] = ['simple', 'closed', 'stepped', 'direct']

/** How `yieldFor` found a yield: the T-bill's closed form, Newton's method, or bisection. */
export type SolveMethod = 'closed-form' | 'newton' | 'bisection'

/** Prices and yields of one schedule. `slope` holds dP/dy after each `dirty` call. */
export class Pricer {
  readonly accrued: number
  readonly exInterest: boolean
  /** dDirty/dYield at the last yield priced. */
  slope = 0
  /** How the last `yieldFor` solved (a fast path that fails still ends in bisection's answer). */
  solvedBy: SolveMethod | null = null
  /** Steps the last `yieldFor` took: Newton steps from the first guess, or bisection halvings. */
  iterations = 0
  private readonly kind: Kind
  private readonly f: number
  private readonly amounts: Float64Array
  private readonly times: Float64Array
  // Geometric sum: n level coupons C one period apart from `first`, plus R with the last.
  private readonly n: number
  private readonly first: number
  private readonly coupon: number
  private readonly redemption: number
  // Stepped sums: the gap class of each flow and the length of each class.
  private readonly gapOf: Int32Array
  private readonly gaps: Float64Array
  private readonly gapFactors: Float64Array
  // First guess: price and its two derivatives at `y0`.
  private guessReady = false
  private y0 = 0
  private p0 = 0
  private p1 = 0
  private p2 = 0

  /** `anchor`: the yield the first guess expands around (the coupon rate, or 7%). */
  constructor(schedule: Schedule, anchor = 0.07) {
    this.y0 = anchor
    this.accrued = schedule.accrued
    this.exInterest = schedule.exInterest
    const count = schedule.days.length
    this.amounts = new Float64Array(count)
    this.times = new Float64Array(count)
    // Stryker disable next-line EqualityOperator: a typed array ignores a write past its end
    for (let i = 0; i < count; i += 1) {
      this.amounts[i] = (schedule.interest[i] ?? 0) + (schedule.principal[i] ?? 0)
      this.times[i] = schedule.times[i] ?? 0
    }
    this.f = schedule.periods
    this.n = count
    this.first = this.times[0] ?? 0
    // Stryker disable next-line ConditionalExpression,EqualityOperator: one flow sums the same either way
    this.coupon = count > 1 ? (schedule.interest[0] ?? 0) : 0
    this.redemption = (this.amounts[count - 1] ?? 0) - this.coupon

    // The closed form's assumptions, each stated. The schedules buildSchedule makes break the
    // first two whenever they break the last two (a repayment or a workout changes the interest),
    // so mutants of the last two change nothing a test can see.
    const regular =
      schedule.basis === 'periodic' &&
      schedule.interest.every((c) => c === this.coupon) &&
      // Stryker disable next-line MethodExpression,ConditionalExpression: see above
      schedule.principal.every((p, i) => i === count - 1 || p === 0) &&
      // Stryker disable next-line MethodExpression,ConditionalExpression,EqualityOperator: see above
      schedule.times.every((t, i) => Math.abs(t - this.first - i) < 1e-12)

    // Distinct gaps between successive flows (in exponent units), for the stepped sum.
    const keys: number[] = []
    this.gapOf = new Int32Array(count)
    // Stryker disable next-line EqualityOperator: one gap more (past the end) is never used
    for (let i = 1; i < count; i += 1) {
      const gap = (this.times[i] ?? 0) - (this.times[i - 1] ?? 0)
      // Stryker disable next-line EqualityOperator: gaps this close are the same day count
      let index = keys.findIndex((g) => Math.abs(g - gap) < 1e-12)
      if (index < 0) {
        index = keys.length
        keys.push(gap)
      }
      this.gapOf[i] = index
    }
    this.gaps = Float64Array.from(keys)
    this.gapFactors = new Float64Array(keys.length)

    this.kind =
      schedule.basis === 'simple'
        ? Kind.Simple
        : regular
          ? Kind.Closed
          : keys.length <= MAX_GAPS
            ? Kind.Stepped
            : Kind.Direct
  }

  /** How this schedule is summed (chosen once: the fastest exact way for its shape). */
  get sumMethod(): SumMethod {
    return SUM_METHODS[this.kind] as SumMethod
  }

  /** Dirty price per 100 at yield `y`; leaves dP/dy in `slope`. */
  dirty(y: number): number {
    switch (this.kind) {
      case Kind.Simple: {
        const t = this.first
        const amount = this.amounts[0] ?? 0
        const denominator = 1 + y * t
        this.slope = (-amount * t) / (denominator * denominator)
        return amount / denominator
      }
      case Kind.Closed:
        // Stryker disable next-line EqualityOperator: at the edge both ways agree to 1e-12
        return y / this.f < CLOSED_FORM_MIN_RATE ? this.summed(y) : this.closed(y)
      default:
        return this.summed(y)
    }
  }

  /** Regular schedule: dirty = v^w (C Σ_{k<n} v^k + R v^(n−1)), v = 1/(1 + y/f). */
  private closed(y: number): number {
    const g = y / this.f
    const growth = 1 + g
    const log = Math.log1p(g)
    const n = this.n
    const w = this.first
    const vw = Math.exp(-w * log)
    const vnMinus1 = Math.expm1(-n * log) // v^n − 1, exact near zero
    const vn = 1 + vnMinus1
    const s0 = (-vnMinus1 * growth) / g // Σ_{k<n} v^k
    const s1 = (growth * (-(vnMinus1 + n * g) - vnMinus1 * n * g)) / (g * g) // Σ_{k<n} k v^k
    const vLast = vn * growth // v^(n−1)
    const inner = this.coupon * s0 + this.redemption * vLast
    const dLog = -vw * (this.coupon * (w * s0 + s1) + this.redemption * (n - 1 + w) * vLast)
    this.slope = dLog / (this.f * growth)
    return vw * inner
  }

  /** Any schedule: Σ CF_i (1 + y/f)^(−t_i), by per-gap factors (or one exp a flow). */
  private summed(y: number): number {
    const growth = 1 + y / this.f
    const log = Math.log1p(y / this.f)
    const amounts = this.amounts
    const times = this.times
    const count = this.n
    let price = 0
    let weighted = 0
    // Stryker disable next-line ConditionalExpression,EqualityOperator: both loops are the same sum; one exp a flow is faster past MAX_GAPS gaps
    if (this.kind === Kind.Direct) {
      // Stryker disable next-line EqualityOperator: a read past the end is 0 (?? 0)
      for (let i = 0; i < count; i += 1) {
        const t = times[i] ?? 0
        const pv = (amounts[i] ?? 0) * Math.exp(-t * log)
        price += pv
        weighted += t * pv
      }
    } else {
      const factors = this.gapFactors
      const gaps = this.gaps
      // Stryker disable next-line EqualityOperator: a typed array ignores a write past its end
      for (let j = 0; j < gaps.length; j += 1) factors[j] = Math.exp(-(gaps[j] ?? 0) * log)
      const gapOf = this.gapOf
      let discount = Math.exp(-this.first * log)
      // Stryker disable next-line EqualityOperator: a read past the end is 0 (?? 0)
      for (let i = 0; i < count; i += 1) {
        if (i > 0) discount *= factors[gapOf[i] ?? 0] ?? 0
        const pv = (amounts[i] ?? 0) * discount
        price += pv
        weighted += (times[i] ?? 0) * pv
      }
    }
    this.slope = -weighted / (this.f * growth)
    return price
  }

  /** Clean price per 100 at a yield in [0, 1]. */
  cleanPrice(y: number): number {
    checkYield(y)
    return this.dirty(y) - this.accrued
  }

  /** The yield in [0, 1] at which the dirty price is `clean + accrued`, re-priced to 1e-8. */
  yieldFor(clean: number): number {
    if (!Number.isFinite(clean) || clean <= 0)
      throw new PricingError('PRICE_OUT_OF_RANGE', 'The price must be a positive number')
    const target = clean + this.accrued
    if (this.kind === Kind.Simple) {
      // T-bill closed form: y = (R/P − 1)/t (bond-math.md §6).
      const y = ((this.amounts[0] ?? 0) / target - 1) / this.first
      this.solvedBy = 'closed-form'
      this.iterations = 0
      return this.accept(y, target)
    }
    let y = this.guess(target)
    // Stryker disable next-line EqualityOperator: a 51st step is never needed
    for (let i = 0; i < 50; i += 1) {
      const gap = this.dirty(y) - target
      const step = gap / this.slope
      // Stryker disable next-line EqualityOperator,ConditionalExpression: a price within 1e-10 already puts the yield within 1e-12
      if (Math.abs(gap) < PRICE_TOLERANCE && Math.abs(step) < STEP_TOLERANCE) {
        this.solvedBy = 'newton'
        this.iterations = i
        // `y` was just priced to within 1e-10 of the target: that is the re-pricing check.
        // Stryker disable next-line ConditionalExpression,EqualityOperator: accept() re-checks and returns the same y
        return y >= 0 && y <= MAX_YIELD ? y : this.accept(y, target)
      }
      const next = y - step
      if (!(next > -0.5 * this.f && next < 10)) break
      y = next
    }
    return this.bisect(target)
  }

  /** A solved yield inside [0, 1] that re-prices to the target, or a typed error. */
  private accept(y: number, target: number): number {
    // A root within rounding of a bound is the bound (a price computed at exactly 0 or 100%).
    const yieldFound =
      // Stryker disable next-line EqualityOperator: at the bounds themselves both sides agree
      y < 0 && y > -1e-12 ? 0 : y > MAX_YIELD && y < MAX_YIELD + 1e-12 ? MAX_YIELD : y
    if (!(yieldFound >= 0 && yieldFound <= MAX_YIELD))
      throw new PricingError('PRICE_OUT_OF_RANGE', 'No yield from 0 to 100% gives this price')
    // Stryker disable next-line EqualityOperator: a miss of exactly 1e-8 is not a price anyone solves
    if (!(Math.abs(this.dirty(yieldFound) - target) <= VERIFY_TOLERANCE))
      throw new PricingError('NO_CONVERGENCE', 'The yield could not be solved to within 1e-8')
    return yieldFound
  }

  /** Fallback: bisection on [0, 1], where the dirty price falls monotonically. */
  private bisect(target: number): number {
    this.solvedBy = 'bisection'
    this.iterations = 0
    let lo = 0
    let hi = MAX_YIELD
    // Stryker disable next-line EqualityOperator,ArithmeticOperator: the tolerance only moves the edge by 1e-8, where accept() decides the same
    if (this.dirty(lo) < target - VERIFY_TOLERANCE || this.dirty(hi) > target + VERIFY_TOLERANCE)
      throw new PricingError('PRICE_OUT_OF_RANGE', 'No yield from 0 to 100% gives this price')
    // Stryker disable next-line EqualityOperator: the interval is below 1e-15 long after 50 halvings
    for (let i = 0; i < 200 && hi - lo > 1e-15; i += 1) {
      const mid = (lo + hi) / 2
      // Stryker disable next-line EqualityOperator: a mid priced exactly at the target is the root either way
      if (this.dirty(mid) > target) lo = mid
      else hi = mid
      this.iterations += 1
    }
    return this.accept((lo + hi) / 2, target)
  }

  /** Second-order Taylor inversion around the coupon rate (or 7%), clipped to (0, 1). */
  private guess(target: number): number {
    // Stryker disable next-line ConditionalExpression: preparing again gives the same terms
    if (!this.guessReady) this.prepareGuess()
    const c = this.p0 - target
    const b = this.p1
    const a = this.p2 / 2
    const disc = b * b - 4 * a * c
    // Stryker disable next-line EqualityOperator: at disc = 0 both roots are -b / 2a
    const d = disc >= 0 ? (2 * c) / (-b + Math.sqrt(disc)) : -c / b
    const y = this.y0 + d
    return y > 0 && y < MAX_YIELD ? y : this.y0
  }

  private prepareGuess(): void {
    const y0 = this.y0
    const growth = 1 + y0 / this.f
    let p0 = 0
    let p1 = 0
    let p2 = 0
    // Stryker disable next-line EqualityOperator: a read past the end is 0 (?? 0)
    for (let i = 0; i < this.n; i += 1) {
      const t = this.times[i] ?? 0
      const pv = (this.amounts[i] ?? 0) * growth ** -t
      p0 += pv
      p1 -= (t * pv) / (this.f * growth)
      p2 += (t * (t + 1) * pv) / (this.f * this.f * growth * growth)
    }
    this.p0 = p0
    this.p1 = p1
    this.p2 = p2
    // Stryker disable next-line BooleanLiteral: preparing again gives the same terms
    this.guessReady = true
  }
}

/** A yield the library prices: a number from 0 to 1 (decision 020). */
export function checkYield(y: number): void {
  if (typeof y !== 'number' || Number.isNaN(y))
    throw new PricingError('YIELD_OUT_OF_RANGE', 'The yield must be a number')
  if (y > MAX_YIELD) throw new PricingError('YIELD_OUT_OF_RANGE', 'Yield above 100%')
  if (y < 0) throw new PricingError('YIELD_OUT_OF_RANGE', 'The yield cannot be negative')
}
