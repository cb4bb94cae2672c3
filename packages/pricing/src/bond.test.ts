import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  accruedInterest,
  cashflows,
  prepareBond,
  priceFromYield,
  priceToBestPut,
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
  it('price to the best put is the highest price (SEBI valuation of puttable bonds)', () => {
    const puttable: BondTerms = { ...ncd, puts: [{ date: '2028-11-23', price: 100 }] }
    const best = priceToBestPut(puttable, '2026-11-23', 0.09)
    expect(best.kind).toBe('put')
    expect(best.workoutDate).toBe('2028-11-23')
    expect(best.cleanPrice).toBeGreaterThan(priceFromYield(ncd, '2026-11-23', 0.09).cleanPrice)
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
    expect(code(() => priceFromYield(gs2032, '2026-11-23', Infinity))).toBe('YIELD_OUT_OF_RANGE')
    expect(code(() => yieldFromPrice(gs2032, '2026-11-23', Number.NaN))).toBe('PRICE_OUT_OF_RANGE')
    expect(code(() => yieldFromPrice(gs2032, '2026-11-23', 0.5))).toBe('PRICE_OUT_OF_RANGE')
  })
  it('refuses terms that would give a wrong number', () => {
    const bad: Partial<BondTerms>[] = [
      { couponRate: Number.NaN },
      { couponRate: -0.01 },
      { frequency: 3 as 2 },
      { redemption: 0 },
      { recordDays: 1.5 },
      { principalRepayments: [{ date: '2029-11-20', amountPer100: 10 }] },
      { principalRepayments: [{ date: '2029-07-17', amountPer100: 100 }] },
      { principalRepayments: [{ date: '2029-07-17', amountPer100: -5 }] },
    ]
    for (const change of bad)
      expect(code(() => priceFromYield({ ...gs2032, ...change }, '2026-11-23', 0.07))).toBe(
        'INVALID_TERMS',
      )
    expect(
      code(() =>
        priceFromYield(
          { convention: 'TBILL', maturityDate: '2027-02-19', couponRate: 0.05 },
          '2026-11-23',
          0.07,
        ),
      ),
    ).toBe('INVALID_TERMS')
    expect(
      code(() => priceFromYield(gs2032, '2026-11-23', 0.07, { date: '2033-01-17', price: 100 })),
    ).toBe('INVALID_TERMS')
    expect(
      code(() => priceFromYield({ ...gs2032, maturityDate: '17-01-2032' }, '2026-11-23', 0.07)),
    ).toBe('INVALID_DATE')
  })
})

describe('ex-interest (record date)', () => {
  const terms: BondTerms = {
    ...ncd,
    maturityDate: '2031-01-11',
    couponRate: 0.0735,
    recordDays: 15,
  }
  it('flags the trade, leaves the coupon to the seller and accrues negatively', () => {
    const cum = priceFromYield(terms, '2026-12-27', 0.056)
    const ex = priceFromYield(terms, '2026-12-28', 0.056)
    expect(cum.exInterest).toBe(false)
    expect(ex.exInterest).toBe(true)
    expect(ex.accruedInterest).toBeCloseTo((-100 * 0.0735 * 14) / 365, 12)
    expect(accruedInterest(terms, '2026-12-28')).toBe(ex.accruedInterest)
    expect(cashflows(terms, '2026-12-28')[0]).toEqual({
      date: '2027-01-11',
      interest: 0,
      principal: 0,
    })
    // The seller keeps 7.35 a few days away: the dirty price drops by about that much.
    expect(cum.dirtyPrice - ex.dirtyPrice).toBeGreaterThan(7.3)
    expect(yieldFromPrice(terms, '2026-12-28', ex.cleanPrice)).toBeCloseTo(0.056, 12)
  })
  it('ignores the record date when none is known', () => {
    expect(priceFromYield(ncd, '2031-11-20', 0.07).exInterest).toBe(false)
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
  // A mutation run (`pnpm mutate`) reruns these for every mutant they reach, on instrumented code:
  // there they try an eighth of the bonds (a broken formula fails on the first few anyway).
  const runs = (n: number) => (process.env.BONDS_MUTATION_RUN ? Math.ceil(n / 8) : n)
  interface Generated {
    convention: BondTerms['convention']
    couponRate: number
    frequency: 1 | 2 | 4 | 12
    years: number
    month: number
    day: number
    settleOffset: number
    recordDays: number | null
    repaymentAt: number | null
    redemption: number
  }
  const bonds: fc.Arbitrary<Generated> = fc.record({
    convention: fc.constantFrom('GSEC', 'CORPORATE', 'TBILL') as fc.Arbitrary<
      BondTerms['convention']
    >,
    couponRate: fc.integer({ min: 0, max: 1500 }).map((bp) => bp / 10_000),
    frequency: fc.constantFrom(1, 2, 4, 12) as fc.Arbitrary<1 | 2 | 4 | 12>,
    years: fc.integer({ min: 0, max: 40 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    settleOffset: fc.integer({ min: 0, max: 365 }),
    recordDays: fc.option(fc.integer({ min: 1, max: 15 })),
    repaymentAt: fc.option(fc.nat({ max: 20 })),
    redemption: fc.constantFrom(100, 100, 101, 135.5),
  })
  const setup = (b: Generated) => {
    const y = 2027 + b.years
    const lastDay = new Date(Date.UTC(y, b.month, 0)).getUTCDate()
    const maturity = `${y}-${String(b.month).padStart(2, '0')}-${String(Math.min(b.day, lastDay)).padStart(2, '0')}`
    const settle = new Date(Date.UTC(2026, 10, 23) + b.settleOffset * 86_400_000)
      .toISOString()
      .slice(0, 10)
    fc.pre(maturity > settle)
    if (b.convention === 'TBILL') {
      const bill: BondTerms = { convention: 'TBILL', maturityDate: maturity, couponRate: 0 }
      return { terms: bill, settle }
    }
    const terms: BondTerms = {
      convention: b.convention,
      maturityDate: maturity,
      couponRate: b.couponRate,
      frequency: b.frequency,
      redemption: b.redemption,
      ...(b.recordDays === null ? {} : { recordDays: b.recordDays }),
    }
    // A staggered redemption of 25 on one of the coupon dates after settlement.
    const dates = b.couponRate > 0 ? cashflows(terms, settle).map((f) => f.date) : []
    const at = b.repaymentAt === null ? undefined : dates[b.repaymentAt % dates.length]
    if (at && at !== maturity) terms.principalRepayments = [{ date: at, amountPer100: 25 }]
    return { terms, settle }
  }
  const finite = (r: { cleanPrice: number; dirtyPrice: number; accruedInterest: number }) =>
    Number.isFinite(r.cleanPrice) &&
    Number.isFinite(r.dirtyPrice) &&
    Number.isFinite(r.accruedInterest)

  it('price(yield(P)) = P within 1e-8 and never NaN, over the whole yield range', () => {
    fc.assert(
      fc.property(
        bonds,
        fc.oneof(
          fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 10_000),
          fc.constantFrom(0, 1, 1e-9),
        ),
        (b, y) => {
          const { terms, settle } = setup(b)
          const price = priceFromYield(terms, settle, y)
          expect(finite(price)).toBe(true)
          if (price.cleanPrice <= 0) return
          const back = yieldFromPrice(terms, settle, price.cleanPrice)
          expect(Number.isFinite(back)).toBe(true)
          expect(
            Math.abs(priceFromYield(terms, settle, back).dirtyPrice - price.dirtyPrice),
          ).toBeLessThan(1e-8)
        },
      ),
      { numRuns: runs(400) },
    )
  })

  it('any price gives a yield in [0, 1] that re-prices it, or PRICE_OUT_OF_RANGE', () => {
    fc.assert(
      fc.property(bonds, fc.double({ min: 0.01, max: 400, noNaN: true }), (b, clean) => {
        const { terms, settle } = setup(b)
        try {
          const y = yieldFromPrice(terms, settle, clean)
          expect(y >= 0 && y <= 1).toBe(true)
          expect(Math.abs(priceFromYield(terms, settle, y).cleanPrice - clean)).toBeLessThan(1e-8)
        } catch (error) {
          expect(error).toBeInstanceOf(PricingError)
          expect((error as PricingError).code).toBe('PRICE_OUT_OF_RANGE')
          const atZero = priceFromYield(terms, settle, 0).cleanPrice
          const atOne = priceFromYield(terms, settle, 1).cleanPrice
          expect(clean > atZero - 1e-9 || clean < atOne + 1e-9).toBe(true)
        }
      }),
      { numRuns: runs(300) },
    )
  })

  it('price falls as the yield rises', () => {
    fc.assert(
      fc.property(
        bonds,
        fc.integer({ min: 0, max: 9_000 }).map((bp) => bp / 10_000),
        (b, y) => {
          const { terms, settle } = setup(b)
          expect(priceFromYield(terms, settle, y + 0.0001).dirtyPrice).toBeLessThan(
            priceFromYield(terms, settle, y).dirtyPrice,
          )
        },
      ),
      { numRuns: runs(200) },
    )
  })

  it('a prepared bond gives the one-off prices and yields', () => {
    fc.assert(
      fc.property(
        bonds,
        fc.integer({ min: 0, max: 5000 }).map((bp) => bp / 10_000),
        (b, y) => {
          const { terms, settle } = setup(b)
          const prepared = prepareBond(terms, settle)
          const clean = prepared.cleanPrice(y)
          expect(Math.abs(clean - priceFromYield(terms, settle, y).cleanPrice)).toBeLessThan(1e-9)
          if (clean > 0) expect(Math.abs(prepared.yieldFor(clean) - y)).toBeLessThan(1e-9)
        },
      ),
      { numRuns: runs(300) },
    )
  })
})

describe('prepareBond', () => {
  it('prices a regular G-sec in closed form as the sum of its discounted flows (§6)', () => {
    const settle = '2026-11-23'
    const flows = cashflows(gs2032, settle)
    const w = days30(d(settle), d('2027-01-17')) / 180
    const bond = prepareBond(gs2032, settle)
    for (const y of [1e-7, 0.0001, 0.0668, 0.25, 1]) {
      const sum = flows.reduce(
        (acc, f, k) => acc + (f.interest + f.principal) / (1 + y / 2) ** (k + w),
        0,
      )
      expect(Math.abs(bond.dirtyPrice(y) - sum)).toBeLessThan(1e-11)
    }
  })
})
