import { describe, expect, it } from 'vitest'
import { bondInfo, corporateInfo, floatingInfo } from './testing/fixtures.ts'
import { termsOf } from './terms.ts'

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
