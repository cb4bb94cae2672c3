import { describe, expect, it } from 'vitest'
import type { BondTerms } from '@bonds/pricing'
import { documentRequest, resolveSettlement, settlementLabel } from './settlement.ts'

const gsec: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2032-01-17',
  couponRate: 0.0654,
  frequency: 2,
}

describe('resolveSettlement', () => {
  it('counts business days on the bond’s calendar, skipping the weekend', () => {
    // Friday 21 Nov 2025: T+0 is the same day, T+1 the Monday.
    expect(resolveSettlement({ kind: 'delta', delta: 0 }, gsec, '2025-11-21')).toBe('2025-11-21')
    expect(resolveSettlement({ kind: 'delta', delta: 1 }, gsec, '2025-11-21')).toBe('2025-11-24')
    expect(resolveSettlement({ kind: 'delta', delta: 1 }, null, '2025-11-21')).toBe('2025-11-24')
  })

  it('uses a chosen date as it is', () => {
    expect(resolveSettlement({ kind: 'date', date: '2026-01-05' }, gsec, '2025-11-21')).toBe(
      '2026-01-05',
    )
    expect(settlementLabel({ kind: 'date', date: '2026-01-05' })).toBe('chosen date')
    expect(settlementLabel({ kind: 'delta', delta: 2 })).toBe('T+2')
  })
})

describe('documentRequest', () => {
  it('sends the fixed field, the settlement as chosen and the quantity', () => {
    expect(
      documentRequest(
        { fixedField: 'yield', bondYield: 0.0668, cleanPrice: 99.1234 },
        { kind: 'delta', delta: 1 },
        500,
      ),
    ).toEqual({ bond_yield: 0.0668, settlement_delta: 1, quantity: 500 })
    expect(
      documentRequest(
        { fixedField: 'price', bondYield: 0.07, cleanPrice: 98.5 },
        { kind: 'date', date: '2026-01-05' },
        null,
      ),
    ).toEqual({ clean_price: 98.5, settlement_date: '2026-01-05' })
  })

  it('sends no price or yield when the field is empty', () => {
    expect(
      documentRequest(
        { fixedField: 'yield', bondYield: null, cleanPrice: null },
        { kind: 'delta', delta: 0 },
        null,
      ),
    ).toEqual({ settlement_delta: 0 })
  })
})
