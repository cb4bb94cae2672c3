// The formatters the screens and the PDFs share (issue 16: one formatter for both).
import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatIndianNumber,
  formatIstTime,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatUnits,
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
  it('rounds half away from zero on the decimal form, where toFixed does not', () => {
    // 101.23455 is stored as 101.234549999…: toFixed(4) gives 101.2345, a desk reads 101.2346
    expect((101.23455).toFixed(4)).toBe('101.2345')
    expect(formatPrice(101.23455)).toBe('101.2346')
    expect(formatYield(0.0712345)).toBe('7.1235%')
    expect(formatRupees(1.005)).toBe('₹1.01')
  })
  it('formats dates as DD-MMM-YYYY', () => {
    expect(formatDate('2026-11-22')).toBe('22-Nov-2026')
    expect(formatDate('2032-01-17T00:00:00Z')).toBe('17-Jan-2032')
    expect(() => formatDate('17/01/2032')).toThrow(RangeError)
  })
  it('counts units, keeping fractions to 2 decimals', () => {
    expect(formatUnits(1234567)).toBe('12,34,567')
    expect(formatUnits(2.5)).toBe('2.50')
  })
  it('formats moments in India, 24-hour with seconds', () => {
    expect(formatIstTime('2026-05-04T09:02:07Z')).toBe('04-May-2026 14:32:07 IST')
    // after 18:30 UTC it is the next day in India
    expect(formatIstTime(new Date('2026-12-31T19:00:00Z'))).toBe('01-Jan-2027 00:30:00 IST')
    expect(() => formatIstTime('yesterday')).toThrow(RangeError)
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
