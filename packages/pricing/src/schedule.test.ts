// The schedule builder apart from the pricer (bond-math.md §9).
import { describe, expect, it } from 'vitest'
import { formatDate } from './dates.ts'
import { buildSchedule } from './schedule.ts'
import type { BondTerms } from './terms.ts'

const gsec = (maturityDate: string, couponRate = 0.0654): BondTerms => ({
  convention: 'GSEC',
  maturityDate,
  couponRate,
  frequency: 2,
})
const dates = (terms: BondTerms, settle: string) =>
  buildSchedule(terms, settle).days.map((d) => formatDate(d))

describe('coupon schedule', () => {
  it('steps back from maturity keeping its day of month, without business-day adjustment', () => {
    expect(dates(gsec('2028-02-28'), '2026-11-23')).toEqual([
      '2027-02-28',
      '2027-08-28',
      '2028-02-28',
    ])
    // A maturity on the 31st steps back to the 30th of a 30-day month.
    expect(dates(gsec('2028-03-31'), '2027-01-10')).toEqual([
      '2027-03-31',
      '2027-09-30',
      '2028-03-31',
    ])
  })
  it('gives a flow on the settlement date to the seller; PCD is on or before settlement', () => {
    const s = buildSchedule(gsec('2032-01-17'), '2027-01-17')
    expect(formatDate(s.pcd ?? 0)).toBe('2027-01-17')
    expect(formatDate(s.ncd ?? 0)).toBe('2027-07-17')
    expect(s.accrued).toBe(0)
    expect(s.times[0]).toBe(1)
  })
  it('measures the first fraction in 30E/360 days over 180', () => {
    // 31 Dec counts as the 30th: 30 Dec → 17 Jan is 17 days, so w = 17/180.
    const s = buildSchedule(gsec('2032-01-17'), '2026-12-31')
    expect(s.times[0]).toBeCloseTo(17 / 180, 14)
    expect(s.accrued).toBeCloseTo((100 * 0.0654 * 163) / 360, 12)
  })
  it('accrues a G-sec on 30E/360 across 29 February', () => {
    // 28 Feb 2028 (leap year) → 29 Feb 2028: 1 day; a coupon is rate/2 whatever the month lengths.
    const s = buildSchedule(gsec('2033-08-28'), '2028-02-29')
    expect(s.accrued).toBeCloseTo((100 * 0.0654 * 1) / 360, 12)
    expect(s.interest[0]).toBeCloseTo(3.27, 12)
  })
  it('pays SEBI Actual/Actual coupons that vary with the days, 366 in a year holding 29 Feb', () => {
    const semi: BondTerms = {
      convention: 'CORPORATE',
      maturityDate: '2029-03-10',
      couponRate: 0.0875,
      frequency: 2,
    }
    const s = buildSchedule(semi, '2027-11-30')
    // 10 Sep 2027 → 10 Mar 2028 is 182 days and 10 Mar → 10 Sep 2028 is 184, both over 366 (the
    // one-year window of each holds 29 Feb 2028); 10 Sep 2028 → 10 Mar 2029 is 181 over 365.
    expect(s.interest[0]).toBeCloseTo((100 * 0.0875 * 182) / 366, 12)
    expect(s.interest[1]).toBeCloseTo((100 * 0.0875 * 184) / 366, 12)
    expect(s.interest[2]).toBeCloseTo((100 * 0.0875 * 181) / 365, 12)
    expect(s.accrued).toBeCloseTo((100 * 0.0875 * 81) / 366, 12)
    expect(s.times[0]).toBeCloseTo(101 / 365, 14)
  })
  it('pays exactly the rate on annual anniversary coupons, leap year or not', () => {
    const annual: BondTerms = {
      convention: 'CORPORATE',
      maturityDate: '2031-03-23',
      couponRate: 0.0764,
      frequency: 1,
    }
    for (const c of buildSchedule(annual, '2027-02-01').interest) expect(c).toBeCloseTo(7.64, 12)
  })
})

describe('amortising and ex-interest schedules', () => {
  const amortising: BondTerms = {
    convention: 'CORPORATE',
    maturityDate: '2031-11-23',
    couponRate: 0.0745,
    frequency: 1,
    principalRepayments: [
      { date: '2029-11-23', amountPer100: 30 },
      { date: '2030-11-23', amountPer100: 30 },
    ],
  }
  it('runs coupons and accrued interest on the outstanding face', () => {
    const s = buildSchedule(amortising, '2029-12-10')
    expect(s.interest).toEqual([expect.closeTo(5.215, 12), expect.closeTo(2.98, 12)])
    expect(s.principal).toEqual([30, 40])
    expect(s.accrued).toBeCloseTo((70 * 0.0745 * 17) / 365, 12)
  })
  it('excludes the next coupon after the record date and accrues negatively to it', () => {
    const terms: BondTerms = { ...gsec('2032-01-17'), recordDays: 15 }
    const cum = buildSchedule(terms, '2027-01-02')
    expect(cum.exInterest).toBe(false)
    const ex = buildSchedule(terms, '2027-01-03')
    expect(ex.exInterest).toBe(true)
    expect(ex.interest[0]).toBe(0)
    expect(ex.accrued).toBeCloseTo((-100 * 0.0654 * 14) / 360, 12)
  })
})
