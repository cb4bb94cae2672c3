import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatIndianNumber,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatYield,
} from './format.ts'

describe('formatters', () => {
  it('groups digits the Indian way', () => {
    expect(formatIndianNumber(123456789)).toBe('12,34,56,789')
    expect(formatIndianNumber(1234567.5, 2)).toBe('12,34,567.50')
    expect(formatIndianNumber(999)).toBe('999')
    expect(formatIndianNumber(-100000)).toBe('-1,00,000')
  })
  it('formats rupees', () => {
    expect(formatRupees(1234567.5)).toBe('₹12,34,567.50')
    expect(formatRupees(-50)).toBe('-₹50.00')
  })
  it('formats quantum in crore or lakh with the unit', () => {
    expect(formatQuantum(52_500_000)).toBe('₹5.25 cr')
    expect(formatQuantum(5_000_000)).toBe('₹50 lakh')
    expect(formatQuantum(250_000_000, 'cr')).toBe('₹25 cr')
    expect(formatQuantum(10_000_000_000)).toBe('₹1,000 cr')
    expect(formatQuantum(5_000_000, 'cr')).toBe('₹0.5 cr')
    expect(formatQuantum(50_000)).toBe('₹50,000')
    expect(formatQuantum(150)).toBe('₹150')
    expect(formatQuantum(99_999.5)).toBe('₹99,999.50')
    expect(formatQuantum(50_000, 'lakh')).toBe('₹0.5 lakh')
  })
  it('formats yields from stored fractions and prices with 4 decimals', () => {
    expect(formatYield(0.071234)).toBe('7.1234%')
    expect(formatYield(0.0654)).toBe('6.5400%')
    expect(formatPrice(101.23456)).toBe('101.2346')
    expect(formatPrice(98)).toBe('98.0000')
  })
  it('formats dates as DD-MMM-YYYY', () => {
    expect(formatDate('2026-11-22')).toBe('22-Nov-2026')
    expect(formatDate('2032-01-17T00:00:00Z')).toBe('17-Jan-2032')
    expect(() => formatDate('17/01/2032')).toThrow(RangeError)
  })
})

describe('formatDateTime', () => {
  it('writes an instant in India’s time, 24-hour, with the day of India', () => {
    expect(formatDateTime('2026-11-22T08:35:00Z')).toBe('22-Nov-2026, 14:05 IST')
    // 20:00 UTC is already the next day in India.
    expect(formatDateTime(new Date('2026-12-31T20:00:00Z'))).toBe('01-Jan-2027, 01:30 IST')
    expect(() => formatDateTime('yesterday')).toThrow(RangeError)
  })
})
