import { describe, expect, it } from 'vitest'
import { formatTradeTime, formatUnits } from './format.ts'

describe('formatTradeTime', () => {
  it('shows the moment in IST, 24-hour, with seconds', () => {
    expect(formatTradeTime('2025-11-21T09:02:03.000Z')).toBe('21-Nov-2025 14:32:03 IST')
    // After 18:30 UTC it is the next day in India.
    expect(formatTradeTime('2025-11-21T18:45:00Z')).toBe('22-Nov-2025 00:15:00 IST')
  })

  it('refuses what is not a time', () => {
    expect(() => formatTradeTime('yesterday')).toThrow(RangeError)
  })
})

describe('formatUnits', () => {
  it('groups the Indian way and keeps fractions to 2 decimals', () => {
    expect(formatUnits(1234567)).toBe('12,34,567')
    expect(formatUnits(2.5)).toBe('2.50')
  })
})
