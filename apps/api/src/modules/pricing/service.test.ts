import { describe, expect, it } from 'vitest'
import { tPlus, todayInIndia } from './service.ts'

const gsec = { convention: 'GSEC', maturityDate: '2032-06-01', couponRate: 0.0654 } as const

describe('tPlus', () => {
  it('skips the holidays of the bond market calendar', () => {
    // Thursday 24 December 2026: T+1 would be Christmas, a Friday, so settlement is Monday.
    expect(tPlus(gsec, '2026-12-24', 1)).toBe('2026-12-28')
  })

  it('falls back to weekends only outside the years the calendar lists', () => {
    expect(tPlus(gsec, '2031-12-24', 1)).toBe('2031-12-25')
  })
})

describe('todayInIndia', () => {
  it('is the calendar date in IST', () => {
    expect(todayInIndia(new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-23')
    expect(todayInIndia(new Date('2026-11-22T18:00:00Z'))).toBe('2026-11-22')
  })
})
