import { describe, expect, it } from 'vitest'
import { compactRupees, labelEvery, monthYear, niceTicks } from './chart-scale.ts'

describe('niceTicks', () => {
  it('steps roundly from 0 to at least the largest value', () => {
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100])
    expect(niceTicks(103_270)).toEqual([0, 50_000, 100_000, 150_000])
    expect(niceTicks(3.27)).toEqual([0, 1, 2, 3, 4])
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8])
  })

  it('gives an axis for nothing to show', () => {
    expect(niceTicks(0)).toEqual([0, 1])
  })
})

describe('compactRupees', () => {
  it('writes crore, lakh or grouped rupees', () => {
    expect(compactRupees(25_000_000)).toBe('₹2.5 cr')
    expect(compactRupees(5_000_000)).toBe('₹50 lakh')
    expect(compactRupees(5_000)).toBe('₹5,000')
    expect(compactRupees(0)).toBe('₹0')
  })
})

describe('monthYear and labelEvery', () => {
  it('labels months and spaces labels out', () => {
    expect(monthYear('2032-01-17')).toBe('Jan-2032')
    expect(labelEvery(12, 50)).toBe(2)
    expect(labelEvery(12, 80)).toBe(1)
  })
})
