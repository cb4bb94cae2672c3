import { describe, expect, it } from 'vitest'
import { PricingError } from '../errors.ts'
import { marketSettlementDate, settlementDate } from '../settlement.ts'
import { calendarFor, holidaysFor, NSE_CLEARING, RBI_MUMBAI } from './index.ts'

describe('holiday calendars', () => {
  it('lists weekdays only, ascending, each inside a covered year', () => {
    for (const calendar of [RBI_MUMBAI, NSE_CLEARING]) {
      const dates = calendar.holidays.map((h) => h.date)
      expect([...dates].sort()).toEqual(dates)
      for (const date of dates) {
        const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
        expect(weekday).not.toBe(0)
        expect(weekday).not.toBe(6)
        const year = Number(date.slice(0, 4))
        expect([...calendar.completeYears, ...calendar.partialYears]).toContain(year)
      }
    }
  })
  it('picks RBI/Mumbai for G-secs and T-bills, NSE Clearing for corporates', () => {
    expect(calendarFor('GSEC')).toBe(RBI_MUMBAI)
    expect(calendarFor('TBILL')).toBe(RBI_MUMBAI)
    expect(calendarFor('CORPORATE')).toBe(NSE_CLEARING)
  })
  it('skips Diwali 2025 (21–22 Oct, Tue–Wed) on T+1', () => {
    expect(settlementDate('2025-10-20', 1, holidaysFor('GSEC'))).toBe('2025-10-23')
    expect(marketSettlementDate('CORPORATE', '2025-10-20', 1)).toEqual({
      date: '2025-10-23',
      calendarComplete: true,
    })
  })
  it('flags a partly listed year and refuses an uncovered one', () => {
    expect(marketSettlementDate('GSEC', '2026-04-02', 1)).toEqual({
      date: '2026-04-06',
      calendarComplete: false,
    })
    expect(() => marketSettlementDate('GSEC', '2031-01-01', 1)).toThrow(PricingError)
  })
})
