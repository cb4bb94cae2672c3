// How the PDFs write money, yields and times.
import { describe, expect, it } from 'vitest'
import { dateText, indianNumber, istTimestamp, percent, rupees, unitsText } from './format.ts'

describe('PDF formats', () => {
  it('groups digits the Indian way, in rupees to the paisa', () => {
    expect(indianNumber(1234567.891)).toBe('12,34,567.89')
    expect(indianNumber(100000, 0)).toBe('1,00,000')
    expect(rupees(10327)).toBe('Rs. 10,327.00')
    expect(rupees(10_00_00_000)).toBe('Rs. 10,00,00,000.00')
    expect(rupees(-1500.5)).toBe('-Rs. 1,500.50')
  })

  it('shows yields as percents with 4 decimals', () => {
    expect(percent(0.0654)).toBe('6.5400%')
    expect(percent(0.066812)).toBe('6.6812%')
  })

  it('writes dates and the generation time in India', () => {
    expect(dateText('2032-01-17')).toBe('17 Jan 2032')
    expect(dateText(null)).toBe('-')
    expect(istTimestamp(new Date('2026-05-04T09:02:00Z'))).toBe('04 May 2026, 14:32 IST')
    expect(istTimestamp(new Date('2026-12-31T19:00:00Z'))).toBe('01 Jan 2027, 00:30 IST')
  })

  it('counts units', () => {
    expect(unitsText(1)).toBe('1 unit')
    expect(unitsText(100000)).toBe('1,00,000 units')
  })
})
