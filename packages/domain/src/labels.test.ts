import { describe, expect, it } from 'vitest'
import { couponFrequencyLabel, noMemorandumText, securityTypeLabel } from './labels.ts'

describe('bond labels', () => {
  it('names security types, and keeps an unknown code as it is', () => {
    expect(securityTypeLabel('GSEC')).toBe('Government security')
    expect(securityTypeLabel('SDL')).toBe('State development loan')
    expect(securityTypeLabel('NEW_TYPE')).toBe('NEW_TYPE')
  })
  it('names coupon frequencies, zero coupons and unknown ones', () => {
    expect(couponFrequencyLabel(0.0654, 2)).toBe('Half-yearly')
    expect(couponFrequencyLabel(0.08, 1)).toBe('Annual')
    expect(couponFrequencyLabel(0, null)).toBe('No coupon')
    expect(couponFrequencyLabel(0.08, null)).toBe('Not known')
    expect(couponFrequencyLabel(0.08, 3)).toBe('3 a year')
  })
  it('says no memorandum is published, and for government securities why', () => {
    for (const type of ['GSEC', 'SDL', 'TBILL', 'STRIPS', 'SGB']) {
      expect(noMemorandumText(type)).toMatch(/government securities are issued under the RBI/)
    }
    expect(noMemorandumText('CORPORATE')).toBe(
      'No information memorandum is published for this bond.',
    )
  })
})
