import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cashflows,
  prepareBond,
  priceFromYield,
  priceToWorst,
  PricingError,
  settlementDate,
  yieldFromPrice,
  yieldToWorst,
  type BondTerms,
} from './index.ts'
import { days30, parseDate, sebiYearDays } from './dates.ts'

const gs2032: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2032-01-17',
  couponRate: 0.0654,
  frequency: 2,
}
const ncd: BondTerms = {
  convention: 'CORPORATE',
  maturityDate: '2031-11-23',
  couponRate: 0.0745,
  frequency: 1,
}

const d = (iso: string) => parseDate(iso)

describe('day counts', () => {
  it('30E/360 as bond-math.md §3 states it', () => {
    expect(days30(d('2026-01-15'), d('2026-03-31'))).toBe(75)
    expect(days30(d('2026-02-28'), d('2026-03-10'))).toBe(12)
    expect(days30(d('2026-04-30'), d('2026-05-31'))).toBe(30)
    expect(days30(d('2026-05-30'), d('2026-05-31'))).toBe(0)
  })
  it('SEBI year: 366 when 29 February is in the year ending on the coupon', () => {
    expect(sebiYearDays(d('2028-02-29'))).toBe(366)
    expect(sebiYearDays(d('2028-03-01'))).toBe(366)
    expect(sebiYearDays(d('2029-02-28'))).toBe(366)
    expect(sebiYearDays(d('2029-03-01'))).toBe(365)
    expect(sebiYearDays(d('2028-02-28'))).toBe(365)
  })
})

describe('cash flows', () => {
  it('steps back from maturity: semi-annual coupons of rate/2 and the redemption', () => {
    const flows = cashflows(gs2032, '2026-11-23')
    expect(flows[0]).toEqual({ date: '2027-01-17', interest: 3.27, principal: 0 })
    expect(flows.at(-1)?.date).toBe('2032-01-17')
    expect(flows.at(-1)?.interest).toBeCloseTo(3.27, 10)
    expect(flows.at(-1)?.principal).toBe(100)
    expect(flows).toHaveLength(11)
  })
  it('gives a flow on the settlement date to the seller', () => {
    expect(cashflows(gs2032, '2027-01-17')[0]?.date).toBe('2027-07-17')
  })
  it('runs coupons on the outstanding face of an amortising bond', () => {
    const amortising: BondTerms = {
      ...ncd,
      principalRepayments: [{ date: '2029-11-23', amountPer100: 50 }],
    }
    const flows = cashflows(amortising, '2026-11-24')
    const y2029 = flows.find((f) => f.date === '2029-11-23')
    const y2030 = flows.find((f) => f.date === '2030-11-23')
    expect(y2029?.principal).toBe(50)
    expect(y2029?.interest).toBeCloseTo(7.45, 10)
    expect(y2030?.interest).toBeCloseTo(3.725, 10)
    expect(flows.at(-1)?.principal).toBe(50)
  })
})

describe('options', () => {
  const callable: BondTerms = {
    ...ncd,
    maturityDate: '2034-12-15',
    couponRate: 0.085,
    calls: [{ date: '2029-12-15', price: 101 }],
  }
  it('yield to worst picks the call when it yields less, with its date', () => {
    const worst = yieldToWorst(callable, '2026-11-23', 104)
    expect(worst.kind).toBe('call')
    expect(worst.workoutDate).toBe('2029-12-15')
    expect(worst.yield).toBeLessThan(yieldFromPrice(callable, '2026-11-23', 104))
  })
  it('price to worst is the lowest price', () => {
    const worst = priceToWorst(callable, '2026-11-23', 0.07)
    expect(worst.cleanPrice).toBeLessThanOrEqual(
      priceFromYield(callable, '2026-11-23', 0.07).cleanPrice,
    )
  })
})

describe('errors instead of wrong numbers', () => {
  const code = (fn: () => unknown) => {
    try {
      fn()
    } catch (error) {
      return error instanceof PricingError ? error.code : 'other'
    }
    return 'none'
  }
  it('refuses floating-rate, matured, missing frequency, bad dates and out-of-range inputs', () => {
    expect(code(() => priceFromYield({ ...gs2032, floating: true }, '2026-11-23', 0.07))).toBe(
      'FLOATING_RATE',
    )
    expect(code(() => priceFromYield(gs2032, '2032-01-17', 0.07))).toBe('MATURED')
    expect(code(() => priceFromYield({ ...ncd, frequency: undefined }, '2026-11-23', 0.07))).toBe(
      'INVALID_TERMS',
    )
    expect(code(() => priceFromYield(gs2032, '2026-02-30', 0.07))).toBe('INVALID_DATE')
    expect(code(() => priceFromYield(gs2032, '2026-11-23', 1.2))).toBe('YIELD_OUT_OF_RANGE')
    expect(code(() => priceFromYield(gs2032, '2026-11-23', Number.NaN))).toBe('YIELD_OUT_OF_RANGE')
    expect(code(() => yieldFromPrice(gs2032, '2026-11-23', -5))).toBe('PRICE_OUT_OF_RANGE')
    expect(code(() => yieldFromPrice(gs2032, '2026-11-23', 1000))).toBe('PRICE_OUT_OF_RANGE')
    expect(code(() => priceFromYield(gs2032, '2026-11-23', -0.01))).toBe('YIELD_OUT_OF_RANGE')
  })
})

describe('settlementDate', () => {
  it('counts business days, skipping weekends and holidays', () => {
    expect(settlementDate('2026-11-20', 0)).toBe('2026-11-20')
    expect(settlementDate('2026-11-20', 1)).toBe('2026-11-23')
    expect(settlementDate('2026-12-24', 1, ['2026-12-25'])).toBe('2026-12-28')
    expect(() => settlementDate('2026-11-20', -1)).toThrow(PricingError)
  })
})

describe('properties', () => {
  const bonds = fc.record({
    convention: fc.constantFrom('GSEC', 'CORPORATE', 'TBILL') as fc.Arbitrary<
      BondTerms['convention']
    >,
    couponRate: fc.integer({ min: 0, max: 1500 }).map((bp) => bp / 10_000),
    frequency: fc.constantFrom(1, 2, 4, 12) as fc.Arbitrary<1 | 2 | 4 | 12>,
    years: fc.integer({ min: 1, max: 40 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    settleOffset: fc.integer({ min: 0, max: 365 }),
  })
  interface Generated {
    convention: BondTerms['convention']
    couponRate: number
    frequency: 1 | 2 | 4 | 12
    years: number
    month: number
    day: number
    settleOffset: number
  }
  const setup = (b: Generated) => {
    const maturity = `${2027 + b.years}-${String(b.month).padStart(2, '0')}-${String(b.day).padStart(2, '0')}`
    const settle = new Date(Date.UTC(2026, 10, 23) + b.settleOffset * 86_400_000)
      .toISOString()
      .slice(0, 10)
    const terms: BondTerms =
      b.convention === 'TBILL'
        ? { convention: 'TBILL', maturityDate: maturity, couponRate: 0 }
        : {
            convention: b.convention,
            maturityDate: maturity,
            couponRate: b.couponRate,
            frequency: b.frequency,
          }
    return { terms, settle }
  }

  it('price(yield(P)) = P and never NaN', () => {
    fc.assert(
      fc.property(
        bonds,
        fc.integer({ min: 100, max: 2000 }).map((bp) => bp / 10_000),
        (b, y) => {
          const { terms, settle } = setup(b)
          const price = priceFromYield(terms, settle, y)
          expect(Number.isFinite(price.cleanPrice) && Number.isFinite(price.accruedInterest)).toBe(
            true,
          )
          const back = yieldFromPrice(terms, settle, price.cleanPrice)
          expect(
            Math.abs(priceFromYield(terms, settle, back).dirtyPrice - price.dirtyPrice),
          ).toBeLessThan(1e-8)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('price falls as the yield rises', () => {
    fc.assert(
      fc.property(
        bonds,
        fc.integer({ min: 0, max: 3000 }).map((bp) => bp / 10_000),
        (b, y) => {
          const { terms, settle } = setup(b)
          expect(priceFromYield(terms, settle, y + 0.0001).dirtyPrice).toBeLessThan(
            priceFromYield(terms, settle, y).dirtyPrice,
          )
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('prepareBond', () => {
  it('gives the same prices and yields as the one-off functions, in closed form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          gs2032,
          ncd,
          {
            convention: 'GSEC' as const,
            maturityDate: '2056-06-19',
            couponRate: 0.073,
            frequency: 2 as const,
          },
          { convention: 'TBILL' as const, maturityDate: '2027-05-21', couponRate: 0 },
        ),
        fc.integer({ min: 0, max: 2500 }).map((bp) => bp / 10_000),
        (terms, y) => {
          const prepared = prepareBond(terms, '2026-11-23')
          const clean = prepared.cleanPrice(y)
          expect(Math.abs(clean - priceFromYield(terms, '2026-11-23', y).cleanPrice)).toBeLessThan(
            1e-9,
          )
          expect(Math.abs(prepared.yieldFor(clean) - y)).toBeLessThan(1e-9)
        },
      ),
      { numRuns: 300 },
    )
  })
})
