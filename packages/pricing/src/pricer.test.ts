// The pricer against independent sums (each way of summing a schedule, and dP/dy), and its solver:
// which method found the yield and in how many steps, so a broken fast path (first guess, Newton,
// closed-form derivative) fails here even though bisection would still find the answer.
import { describe, expect, it } from 'vitest'
import { PricingError } from './errors.ts'
import { checkYield, Pricer, type SumMethod } from './pricer.ts'
import { buildSchedule, type Schedule } from './schedule.ts'
import type { BondTerms } from './terms.ts'

const settle = '2026-11-23'
const gs2032: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2032-01-17',
  couponRate: 0.0654,
  frequency: 2,
}
const monthly: BondTerms = {
  convention: 'CORPORATE',
  maturityDate: '2031-11-23',
  couponRate: 0.0745,
  frequency: 12,
}
const bill: BondTerms = { convention: 'TBILL', maturityDate: '2027-02-19', couponRate: 0 }

/** Annual flows of 4 and 100 at the end, at these times (in years). */
function flowsAt(times: number[], accrued = 1.25): Schedule {
  return {
    settle: 0,
    pcd: null,
    ncd: null,
    accrued,
    exInterest: false,
    days: times.map((t) => Math.round(t * 365)),
    interest: times.map(() => 4),
    principal: times.map((_, i) => (i === times.length - 1 ? 100 : 0)),
    times,
    basis: 'annual',
    periods: 1,
  }
}
/** Eleven distinct gaps between flows: more than the stepped sum takes. */
const irregular = flowsAt([0.3, 0.7, 1.3, 2.0, 2.8, 3.7, 4.7, 5.8, 7.0, 8.3, 9.7, 11.2])
/** Eight distinct gaps: the most the stepped sum takes. */
const eightGaps = flowsAt([0.5, 0.9, 1.5, 2.2, 3.0, 3.9, 4.9, 6.0, 7.2, 7.6])

/** Σ CF (1 + y/f)^(−t) and its derivative in y, summed flow by flow. */
function reference(s: Schedule, y: number): { dirty: number; slope: number } {
  const f = s.periods
  let dirty = 0
  let slope = 0
  s.times.forEach((t, i) => {
    const amount = (s.interest[i] ?? 0) + (s.principal[i] ?? 0)
    dirty += amount * (1 + y / f) ** -t
    slope += (-t / f) * amount * (1 + y / f) ** (-t - 1)
  })
  return { dirty, slope }
}

const schedules: [string, Schedule, SumMethod][] = [
  ['a regular G-sec', buildSchedule(gs2032, settle), 'closed'],
  ['a monthly corporate', buildSchedule(monthly, settle), 'stepped'],
  ['eleven distinct gaps', irregular, 'direct'],
  ['eight distinct gaps', eightGaps, 'stepped'],
  // Periodic but not regular: the closed form would be wrong for each.
  ['a G-sec ex-interest', buildSchedule({ ...gs2032, recordDays: 15 }, '2027-01-10'), 'stepped'],
  [
    'an amortising G-sec',
    buildSchedule(
      { ...gs2032, principalRepayments: [{ date: '2029-07-17', amountPer100: 40 }] },
      settle,
    ),
    'stepped',
  ],
  [
    'a G-sec to a call between coupons',
    buildSchedule(gs2032, settle, { date: '2030-03-01', price: 101 }),
    'stepped',
  ],
]

describe('prices and dP/dy', () => {
  for (const [name, schedule, method] of schedules) {
    it(`${name}: the discounted flows and their derivative, summed the ${method} way`, () => {
      const p = new Pricer(schedule, 0.07)
      expect(p.sumMethod).toBe(method)
      // 1.5e-6: just under the rate per period where the geometric sum starts losing digits.
      for (const y of [0, 1e-7, 1.5e-6, 0.0001, 0.0668, 0.25, 1]) {
        const want = reference(schedule, y)
        expect(p.dirty(y)).toBeCloseTo(want.dirty, 10)
        expect(p.slope).toBeCloseTo(want.slope, 8)
        expect(p.cleanPrice(y)).toBeCloseTo(want.dirty - schedule.accrued, 10)
      }
    })
  }
  it('a T-bill: simple interest to maturity, and its derivative', () => {
    const schedule = buildSchedule(bill, settle)
    const t = (Date.UTC(2027, 1, 19) - Date.UTC(2026, 10, 23)) / 86_400_000 / 365
    const p = new Pricer(schedule)
    expect(p.sumMethod).toBe('simple')
    for (const y of [0, 0.05, 1]) {
      expect(p.dirty(y)).toBeCloseTo(100 / (1 + y * t), 12)
      expect(p.slope).toBeCloseTo((-100 * t) / (1 + y * t) ** 2, 10)
    }
  })
})

describe('solving for the yield', () => {
  // [yield, at most this many Newton steps]: the second-order first guess lands close to the
  // coupon rate, Newton converges quadratically after it.
  const cases: [string, Schedule, number, [number, number][]][] = [
    [
      'a regular G-sec',
      buildSchedule(gs2032, settle),
      0.0654,
      [
        [0.0654, 0],
        [0.08, 2],
        [0.03, 2],
        [0.2, 4],
        [0.001, 5],
        [0.5, 6],
        [1, 7],
      ],
    ],
    [
      'a monthly corporate',
      buildSchedule(monthly, settle),
      0.0745,
      [
        [0.0654, 2],
        [0.08, 2],
        [0.03, 3],
        [0.2, 4],
        [0, 5],
        [1, 7],
      ],
    ],
    [
      'eleven distinct gaps',
      irregular,
      0.04,
      [
        [0.04, 0],
        [0.05, 2],
        [0.3, 6],
      ],
    ],
  ]
  for (const [name, schedule, anchor, points] of cases) {
    it(`${name}: Newton from the first guess, in few steps`, () => {
      const p = new Pricer(schedule, anchor)
      for (const [y, steps] of points) {
        const found = p.yieldFor(p.cleanPrice(y))
        expect(Math.abs(found - y)).toBeLessThan(1e-9)
        expect(p.solvedBy).toBe('newton')
        expect(p.iterations).toBeLessThanOrEqual(steps)
      }
    })
  }
  it('Newton stepping out of range hands over to bisection, which finds the far root', () => {
    // One flow 100 years away: Newton from the left crawls (50 steps are not enough at 90%).
    const far = flowsAt([100], 0)
    far.interest[0] = 0
    const p = new Pricer(far, 0.07)
    expect(p.solvedBy).toBeNull()
    const found = p.yieldFor(p.cleanPrice(0.9))
    expect(Math.abs(found - 0.9)).toBeLessThan(1e-12)
    expect(p.solvedBy).toBe('bisection')
    expect(p.iterations).toBeGreaterThanOrEqual(45)
    expect(p.iterations).toBeLessThanOrEqual(60)
    // Near the anchor Newton still does it.
    p.yieldFor(p.cleanPrice(0.08))
    expect(p.solvedBy).toBe('newton')
  })
  it('a price whose root lies far outside 0 to 100% is refused by bisection, not Newton', () => {
    const p = new Pricer(buildSchedule(gs2032, settle), 0.0654)
    // The roots are below −100% and above 1000%: Newton leaves its range and gives up at once.
    for (const clean of [10_000, 0.001]) {
      expect(() => p.yieldFor(clean)).toThrow('No yield from 0 to 100% gives this price')
      expect(p.solvedBy).toBe('bisection')
      expect(p.iterations).toBe(0)
    }
  })
  it('a T-bill in closed form, a bound hit within rounding taken as the bound', () => {
    const p = new Pricer(buildSchedule(bill, settle))
    expect(p.yieldFor(p.cleanPrice(0.0712))).toBeCloseTo(0.0712, 12)
    expect(p.solvedBy).toBe('closed-form')
    expect(p.iterations).toBe(0)
    // Three days to maturity: the price at 100% solves to 1 + 1e-14 before rounding to the bound.
    const short = new Pricer(buildSchedule({ ...bill, maturityDate: '2026-11-26' }, settle))
    expect(short.yieldFor(short.cleanPrice(1))).toBe(1)
    expect(short.yieldFor(short.cleanPrice(0))).toBe(0)
  })
  it('a price no yield re-prices to 1e-8 is NO_CONVERGENCE, not a wrong yield', () => {
    // A redemption of 1e15 per 100: the prices' rounding (0.125) is far above the tolerance.
    const huge = new Pricer(buildSchedule({ ...gs2032, redemption: 1e15 }, settle), 0.0654)
    const error = (() => {
      try {
        huge.yieldFor(huge.cleanPrice(0.0712345))
      } catch (e) {
        return e
      }
      return null
    })()
    expect(error).toBeInstanceOf(PricingError)
    expect(error).toMatchObject({
      code: 'NO_CONVERGENCE',
      message: 'The yield could not be solved to within 1e-8',
    })
    expect(huge.solvedBy).toBe('bisection')
    expect(huge.iterations).toBeGreaterThan(40)
  })
  it('refuses prices that are not positive numbers, and prices outside the yield range', () => {
    const p = new Pricer(buildSchedule(gs2032, settle), 0.0654)
    for (const clean of [0, -1, Number.POSITIVE_INFINITY, Number.NaN])
      expect(() => p.yieldFor(clean)).toThrow('The price must be a positive number')
    expect(() => p.yieldFor(p.cleanPrice(0) + 0.01)).toThrow(
      'No yield from 0 to 100% gives this price',
    )
    expect(() => p.yieldFor(p.cleanPrice(1) - 0.01)).toThrow(
      'No yield from 0 to 100% gives this price',
    )
  })
})

describe('checkYield', () => {
  it('takes 0 to 1 and names what is wrong with anything else', () => {
    for (const y of [0, 0.5, 1]) expect(() => checkYield(y)).not.toThrow()
    expect(() => checkYield(1.0000001)).toThrow('Yield above 100%')
    expect(() => checkYield(-1e-9)).toThrow('The yield cannot be negative')
    expect(() => checkYield(Number.NaN)).toThrow('The yield must be a number')
    expect(() => checkYield('0.07' as unknown as number)).toThrow('The yield must be a number')
  })
})
