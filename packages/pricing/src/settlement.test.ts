import { isBusinessDay, settlementOnCalendar, todayInIndia } from './settlement.ts'
import { describe, expect, it } from 'vitest'

describe('settlement on the market calendar', () => {
  it('skips the holidays of the bond market calendar', () => {
    // Thursday 24 December 2026: T+1 would be Christmas, a Friday, so settlement is Monday.
    expect(settlementOnCalendar('GSEC', '2026-12-24', 1)).toBe('2026-12-28')
  })

  it('falls back to weekends only outside the years the calendar lists', () => {
    expect(settlementOnCalendar('GSEC', '2031-12-24', 1)).toBe('2031-12-25')
  })

  it('still refuses a delta out of range', () => {
    expect(() => settlementOnCalendar('GSEC', '2026-12-24', 31)).toThrow(/settlement delta/)
  })
})

describe('isBusinessDay', () => {
  it('closes weekends and the calendar’s holidays, and opens other weekdays', () => {
    expect(isBusinessDay('GSEC', '2026-12-25')).toBe(false) // Christmas, a Friday
    expect(isBusinessDay('GSEC', '2026-12-26')).toBe(false) // Saturday
    expect(isBusinessDay('GSEC', '2026-12-24')).toBe(true)
    expect(isBusinessDay('CORPORATE', '2026-01-26')).toBe(false) // Republic Day
  })

  it('agrees with T+1 from the day before, and refuses a date that is not one', () => {
    for (const date of ['2026-12-24', '2026-12-25', '2026-12-28', '2031-12-25']) {
      const before = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000)
        .toISOString()
        .slice(0, 10)
      expect(isBusinessDay('GSEC', date)).toBe(settlementOnCalendar('GSEC', before, 1) === date)
    }
    expect(() => isBusinessDay('GSEC', '2026-02-30')).toThrow(/valid date/)
  })
})

describe('todayInIndia', () => {
  it('is the calendar date in IST', () => {
    expect(todayInIndia(new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-23')
    expect(todayInIndia(new Date('2026-11-22T18:00:00Z'))).toBe('2026-11-22')
  })
})
