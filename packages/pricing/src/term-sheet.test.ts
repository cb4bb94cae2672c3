// The term sheet the security page shows and the PDFs print.
import type { FinstrumentTerms } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { couponLabel, couponPercent, scheduleLabel, termRows } from './term-sheet.ts'

/** A corporate bond with a call and a put, ₹1 lakh face value. */
function corporate(overrides: Partial<FinstrumentTerms> = {}): FinstrumentTerms {
  return {
    id: 'INE001A07TS9',
    display_name: '7.85% Example Finance 2030',
    identifiers: { isin: 'INE001A07TS9' },
    available: true,
    contract_parameters: { is_listed: true, maturity_date: '2030-06-30' },
    issuer: 'Example Finance Limited',
    security_type: 'CORPORATE',
    category: 'Corporate',
    coupon_rate: 0.0785,
    rating: 'CRISIL AAA',
    is_matured: false,
    can_be_priced: true,
    frequency: 1,
    convention: 'CORPORATE',
    day_count: 'ACT/ACT',
    issue_date: '2020-06-30',
    face_value: 100_000,
    face_value_assumed: false,
    security: null,
    state: null,
    is_floating_rate: false,
    calls: [{ date: '2028-06-30', price: 100 }],
    puts: [{ date: '2029-06-30', price: 100 }],
    source: 'test',
    ...overrides,
  }
}

describe('labels', () => {
  it('writes coupons with the decimals they were issued with', () => {
    expect(couponPercent(0.0654)).toBe('6.54%')
    expect(couponPercent(0.08285)).toBe('8.285%')
    expect(couponPercent(0.07)).toBe('7.00%')
    expect(couponLabel(corporate({ is_floating_rate: true }))).toBe('Floating')
    expect(couponLabel(corporate({ coupon_rate: 0 }))).toBe('Zero coupon')
    expect(couponLabel(corporate({ coupon_rate: null }))).toBe('Not known')
  })

  it('names schedules', () => {
    expect(scheduleLabel([])).toBe('None')
    expect(scheduleLabel([{ date: '2028-06-30', price: 100 }])).toBe('30-Jun-2028 at 100.0000')
  })
})

describe('termRows', () => {
  it('lists the terms issue 5 names, in order, in the screen formats', () => {
    const rows = termRows(corporate())
    expect(rows.map((r) => r.label)).toEqual([
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
    const value = (label: string) => rows.find((r) => r.label === label)?.value
    expect(value('Coupon')).toBe('7.85%')
    expect(value('Maturity')).toBe('30-Jun-2030')
    expect(value('Face value')).toBe('₹1,00,000 per unit')
    expect(value('Call schedule')).toBe('30-Jun-2028 at 100.0000')
    expect(termRows(corporate({ face_value_assumed: true }))[7]?.value).toBe(
      '₹1,00,000 per unit (assumed)',
    )
    expect(
      termRows(corporate({ contract_parameters: { is_listed: false, maturity_date: null } }))
        .filter((r) => r.label === 'Maturity' || r.label === 'Listed')
        .map((r) => r.value),
    ).toEqual(['Not known', 'No'])
  })
})
