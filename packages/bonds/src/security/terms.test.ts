import { describe, expect, it } from 'vitest'
import { bondInfo, corporateInfo, floatingInfo } from './testing/fixtures.ts'
import { couponLabel, couponPercent, scheduleLabel, termRows, termsOf } from './terms.ts'

describe('termsOf', () => {
  it('gives @bonds/pricing the terms of a priceable bond', () => {
    expect(termsOf(corporateInfo())).toEqual({
      convention: 'CORPORATE',
      maturityDate: '2030-06-30',
      couponRate: 0.0785,
      frequency: 1,
      calls: [{ date: '2028-06-30', price: 100 }],
      puts: [{ date: '2029-06-30', price: 100 }],
    })
  })

  it('is null for a floating bond, unknown terms or no maturity', () => {
    expect(termsOf(floatingInfo())).toBeNull()
    expect(termsOf(bondInfo({ convention: null }))).toBeNull()
    expect(
      termsOf(bondInfo({ contract_parameters: { is_listed: true, maturity_date: null } })),
    ).toBeNull()
  })
})

describe('labels', () => {
  it('writes coupons with the decimals they were issued with', () => {
    expect(couponPercent(0.0654)).toBe('6.54%')
    expect(couponPercent(0.08285)).toBe('8.285%')
    expect(couponPercent(0.07)).toBe('7.00%')
    expect(couponLabel(floatingInfo())).toBe('Floating')
    expect(couponLabel(bondInfo({ coupon_rate: 0 }))).toBe('Zero coupon')
  })

  it('names schedules', () => {
    expect(scheduleLabel([])).toBe('None')
    expect(scheduleLabel([{ date: '2028-06-30', price: 100 }])).toBe('30-Jun-2028 at 100.0000')
  })
})

describe('termRows', () => {
  it('lists the terms issue 5 names, in order', () => {
    expect(termRows(corporateInfo()).map((r) => r.label)).toEqual([
      'Name',
      'ISIN',
      'Issuer',
      'Type',
      'Coupon',
      'Frequency',
      'Maturity',
      'Face value',
      'Rating',
      'Listed',
      'Call schedule',
      'Put schedule',
    ])
    const face = termRows(corporateInfo({ face_value_assumed: true })).find(
      (r) => r.label === 'Face value',
    )
    expect(face?.value).toBe('₹1,00,000 per unit (assumed)')
  })
})
