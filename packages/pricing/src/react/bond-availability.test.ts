import { describe, expect, it } from 'vitest'
import { todayInIndia } from '../settlement.ts'
import { bondAvailability } from './bond-availability.ts'

describe('bondAvailability (spec §4)', () => {
  it('is matured when the maturity date is past, unlisted when is_listed is false', () => {
    const listed = { is_listed: true, maturity_date: '2030-01-01' }
    expect(bondAvailability(listed, '2025-11-24')).toEqual({
      matured: false,
      unlisted: false,
      selectable: true,
    })
    expect(bondAvailability(listed, '2030-01-01').matured).toBe(false)
    expect(bondAvailability(listed, '2030-01-02')).toEqual({
      matured: true,
      unlisted: false,
      selectable: false,
    })
    expect(bondAvailability({ is_listed: false, maturity_date: null }, '2025-11-24')).toEqual({
      matured: false,
      unlisted: true,
      selectable: false,
    })
    expect(
      bondAvailability({ is_listed: true, maturity_date: '2030-01-01T00:00:00Z' }, '2030-01-02')
        .matured,
    ).toBe(true)
  })

  it("takes today's date in India", () => {
    // 20:00 UTC on 23 November is 01:30 IST on 24 November.
    expect(todayInIndia(new Date('2025-11-23T20:00:00Z'))).toBe('2025-11-24')
    expect(todayInIndia(new Date('2025-11-23T18:00:00Z'))).toBe('2025-11-23')
  })
})
