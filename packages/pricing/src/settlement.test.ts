import { settlementOnCalendar, todayInIndia } from './settlement.ts'
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

describe('todayInIndia', () => {
  it('is the calendar date in IST', () => {
    expect(todayInIndia(new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-23')
    expect(todayInIndia(new Date('2026-11-22T18:00:00Z'))).toBe('2026-11-22')
  })
})
