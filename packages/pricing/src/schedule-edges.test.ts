// The schedule builder's refusals (each with the code and words a caller shows) and its edges:
// bounds that are allowed, zero-coupon and amortising bonds, record dates, workouts.
import { describe, expect, it } from 'vitest'
import { cashflows, priceFromYield } from './bond.ts'
import { days30, parseDate } from './dates.ts'
import { PricingError } from './errors.ts'
import { buildSchedule } from './schedule.ts'
import type { BondTerms, Workout } from './terms.ts'

const settle = '2026-11-23'
const gs: BondTerms = {
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

function refusal(terms: BondTerms, at = settle, workout?: Workout): PricingError {
  try {
    buildSchedule(terms, at, workout)
  } catch (error) {
    expect(error).toBeInstanceOf(PricingError)
    return error as PricingError
  }
  throw new Error('no refusal')
}

describe('refusals name what is wrong', () => {
  it.each([
    [{ ...gs, floating: true }, 'FLOATING_RATE', 'A floating-rate bond cannot be priced'],
    [{ ...gs, convention: 'OIS' as 'GSEC' }, 'INVALID_TERMS', 'Unknown convention: OIS'],
    [
      { ...gs, couponRate: 1.01 },
      'INVALID_TERMS',
      'The coupon rate must be a fraction from 0 to 1',
    ],
    [
      { ...gs, couponRate: -0.01 },
      'INVALID_TERMS',
      'The coupon rate must be a fraction from 0 to 1',
    ],
    [
      { ...gs, couponRate: Number.NaN },
      'INVALID_TERMS',
      'The coupon rate must be a fraction from 0 to 1',
    ],
    [{ ...gs, convention: 'TBILL' as const }, 'INVALID_TERMS', 'A T-bill has no coupon'],
    [
      { ...gs, frequency: 3 as 2 },
      'INVALID_TERMS',
      'The coupon frequency must be 1, 2, 4 or 12 a year',
    ],
    [{ ...ncd, frequency: undefined }, 'INVALID_TERMS', 'A coupon bond needs its coupon frequency'],
    [{ ...gs, redemption: 0 }, 'INVALID_TERMS', 'The redemption must be a positive amount per 100'],
    [{ ...gs, recordDays: 32 }, 'INVALID_TERMS', 'Record days must be a whole number from 0 to 31'],
    [{ ...gs, recordDays: -1 }, 'INVALID_TERMS', 'Record days must be a whole number from 0 to 31'],
    [
      { ...gs, maturityDate: '2032-13-17' },
      'INVALID_DATE',
      'Maturity date is not a valid date: 2032-13-17',
    ],
    [
      { ...gs, principalRepayments: [{ date: '2029-07-17', amountPer100: 0 }] },
      'INVALID_TERMS',
      'A principal repayment must be a positive amount per 100',
    ],
    [
      { ...gs, principalRepayments: [{ date: '2032-07-17', amountPer100: 10 }] },
      'INVALID_TERMS',
      'A principal repayment is after maturity',
    ],
    [
      { ...gs, principalRepayments: [{ date: '2029-10-17', amountPer100: 10 }] },
      'INVALID_TERMS',
      'Principal repayments must fall on coupon dates',
    ],
    [
      { ...gs, principalRepayments: [{ date: '2029-07-16', amountPer100: 10 }] },
      'INVALID_TERMS',
      'Principal repayments must fall on coupon dates',
    ],
    [
      {
        ...gs,
        principalRepayments: [
          { date: '2029-07-17', amountPer100: 60 },
          { date: '2028-01-17', amountPer100: 40 },
        ],
      },
      'INVALID_TERMS',
      'Principal repayments leave nothing to redeem',
    ],
    [
      { ...gs, principalRepayments: [{ date: '2029-07-32', amountPer100: 10 }] },
      'INVALID_DATE',
      'Repayment date is not a valid date: 2029-07-32',
    ],
  ] as [BondTerms, string, string][])('%#: %s', (terms, code, message) => {
    const error = refusal(terms)
    expect(error.code).toBe(code)
    expect(error.message).toBe(message)
    expect(error.name).toBe('PricingError')
  })

  it('dates: settlement, maturity reached, and workouts', () => {
    expect(refusal(gs, '2026-11-31').message).toBe(
      'Settlement date is not a valid date: 2026-11-31',
    )
    expect(refusal(gs, '2032-01-17')).toMatchObject({
      code: 'MATURED',
      message: 'The bond has matured by the settlement date',
    })
    for (const price of [0, Number.NaN])
      expect(refusal(gs, settle, { date: '2030-01-17', price }).message).toBe(
        'An option price must be a positive amount per 100',
      )
    expect(refusal(gs, settle, { date: '2032-07-17', price: 100 }).message).toBe(
      'An option date is after maturity',
    )
    for (const date of [settle, '2026-11-20'])
      expect(refusal(gs, settle, { date, price: 100 })).toMatchObject({
        code: 'MATURED',
        message: 'The workout date is not after settlement',
      })
    expect(refusal(gs, settle, { date: '2030-02-30', price: 100 }).message).toBe(
      'Workout date is not a valid date: 2030-02-30',
    )
  })
})

describe('what is allowed at the bounds', () => {
  it('a coupon of 100%, record days of 0 and 31, a repayment on the maturity date', () => {
    expect(() => buildSchedule({ ...gs, couponRate: 1 }, settle)).not.toThrow()
    expect(() => buildSchedule({ ...gs, recordDays: 0 }, settle)).not.toThrow()
    expect(() => buildSchedule({ ...gs, recordDays: 31 }, settle)).not.toThrow()
    // All of it at maturity is an ordinary redemption, not "nothing left to redeem".
    const atMaturity = cashflows(
      { ...gs, principalRepayments: [{ date: '2032-01-17', amountPer100: 100 }] },
      settle,
    )
    expect(atMaturity.at(-1)).toMatchObject({ date: '2032-01-17', principal: 100 })
  })
})

describe('zero-coupon bonds', () => {
  it('a STRIPS is one flow, in half-years of 30E/360', () => {
    const zero: BondTerms = { ...gs, couponRate: 0 }
    const s = buildSchedule(zero, settle)
    expect(cashflows(zero, settle)).toEqual([{ date: '2032-01-17', interest: 0, principal: 100 }])
    expect(s.basis).toBe('periodic')
    expect(s.periods).toBe(2)
    expect(s.times[0]).toBeCloseTo(days30(parseDate(settle), parseDate('2032-01-17')) / 180, 12)
    expect(s.exInterest).toBe(false)
    expect(s.accrued).toBe(0)
  })
  it('a zero-coupon NCD is one flow in years of 365 days', () => {
    const s = buildSchedule({ ...ncd, couponRate: 0, frequency: undefined }, settle)
    expect(s.basis).toBe('annual')
    expect(s.periods).toBe(1)
    expect(s.times).toEqual([(parseDate('2031-11-23') - parseDate(settle)) / 365])
  })
  it('an amortising zero-coupon bond pays its repayments, and is never ex-interest', () => {
    const terms: BondTerms = {
      ...ncd,
      couponRate: 0,
      recordDays: 15,
      principalRepayments: [{ date: '2029-11-23', amountPer100: 40 }],
    }
    const flows = cashflows(terms, '2026-11-20')
    expect(flows.filter((f) => f.principal > 0)).toEqual([
      { date: '2029-11-23', interest: 0, principal: 40 },
      { date: '2031-11-23', interest: 0, principal: 60 },
    ])
    // Three days before a coupon date, inside the record window: nothing to be ex of.
    expect(priceFromYield(terms, '2026-11-20', 0.07).exInterest).toBe(false)
  })
  it('a T-bill is never ex-interest', () => {
    const bill: BondTerms = { convention: 'TBILL', maturityDate: '2027-02-19', couponRate: 0 }
    expect(buildSchedule(bill, settle).exInterest).toBe(false)
  })
})

describe('workouts', () => {
  it('a call between coupon dates: interest to the call date, then the call price', () => {
    const s = buildSchedule(gs, settle, { date: '2030-03-01', price: 101 })
    expect(s.days.at(-1)).toBe(parseDate('2030-03-01'))
    expect(s.interest.at(-1)).toBeCloseTo((100 * 0.0654 * 44) / 360, 12)
    expect(s.principal.at(-1)).toBe(101)
    expect(s.times.at(-1)! - s.times.at(-2)!).toBeCloseTo(44 / 180, 12)
  })
  it('a call on a repayment date takes the face outstanding before that repayment', () => {
    const terms: BondTerms = {
      ...gs,
      principalRepayments: [{ date: '2029-07-17', amountPer100: 40 }],
    }
    const s = buildSchedule(terms, settle, { date: '2029-07-17', price: 101 })
    expect(s.principal.at(-1)).toBe(101)
    expect(s.interest.at(-1)).toBeCloseTo(3.27, 12)
  })
  it('the record date counts only for a coupon the workout reaches', () => {
    const terms: BondTerms = { ...gs, recordDays: 15 }
    // Settling inside the record window of 2027-01-17.
    expect(buildSchedule(terms, '2027-01-10').exInterest).toBe(true)
    expect(buildSchedule(terms, '2027-01-10', { date: '2027-01-17', price: 100 }).exInterest).toBe(
      true,
    )
    expect(buildSchedule(terms, '2027-01-10', { date: '2027-01-15', price: 100 }).exInterest).toBe(
      false,
    )
  })
})
