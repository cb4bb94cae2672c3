import { describe, expect, it } from 'vitest'
import { roundDecimal, roundTo } from './rounding.ts'

describe('roundDecimal', () => {
  it('rounds half away from zero on the decimal form', () => {
    expect(roundDecimal(1.005, 2)).toBe('1.01')
    expect(roundDecimal(-1.005, 2)).toBe('-1.01')
    expect(roundDecimal(2.5, 0)).toBe('3')
    expect(roundDecimal(9.99995, 4)).toBe('10.0000')
    expect(roundDecimal(0.0000001, 4)).toBe('0.0000')
    expect(roundDecimal(1e21, 0)).toBe('1000000000000000000000')
    expect(roundDecimal(-0.00001, 2)).toBe('0.00')
  })
  it('refuses NaN and infinities', () => {
    expect(() => roundDecimal(Number.NaN, 2)).toThrow(RangeError)
  })
})

describe('roundTo', () => {
  it('gives the rounded number', () => {
    expect(roundTo(101.23455, 4)).toBe(101.2346)
    expect(roundTo(0.0712345, 6)).toBe(0.071235)
  })
})
