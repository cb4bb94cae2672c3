import { describe, expect, it } from 'vitest'
import { defaultSettlement, indiaNow } from './clock.ts'

// Instants are UTC; India is 5 h 30 ahead (no daylight saving).
describe('indiaNow', () => {
  it('reads the date and time on India’s clock, across midnight', () => {
    expect(indiaNow(new Date('2026-11-26T19:00:00Z'))).toEqual({
      date: '2026-11-27',
      time: '00:30',
    })
  })
})

describe('defaultSettlement', () => {
  it('is today, with nothing to say, on a settlement day before the close', () => {
    // Friday 27 November 2026, 16:59 IST.
    expect(defaultSettlement(new Date('2026-11-27T11:29:00Z'))).toEqual({
      date: '2026-11-27',
      note: null,
    })
  })

  it('is the next settlement day after the close, and says why', () => {
    // Friday 17:00 IST: Monday 30 November.
    const after = defaultSettlement(new Date('2026-11-27T11:30:00Z'))
    expect(after.date).toBe('2026-11-30')
    expect(after.note).toBe(
      'After the market’s close (17:00 IST) a new ticket settles on the next settlement day, 2026-11-30.',
    )
  })

  it('is the next settlement day on a weekend, and says today is not one', () => {
    // Saturday 28 November 2026, 11:00 IST.
    expect(defaultSettlement(new Date('2026-11-28T05:30:00Z'))).toEqual({
      date: '2026-11-30',
      note: 'Today is not a settlement day: the next one is 2026-11-30.',
    })
  })

  it('skips a market holiday on the calendar of the convention', () => {
    // Republic Day, Tuesday 26 January 2027, is a holiday on both calendars.
    const holiday = defaultSettlement(new Date('2027-01-26T05:30:00Z'), 'CORPORATE')
    expect(holiday.date).toBe('2027-01-27')
    expect(holiday.note).toMatch(/^Today is not a settlement day/)
  })
})
