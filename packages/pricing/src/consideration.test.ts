import { describe, expect, it } from 'vitest'
import { accruedInterest, priceFromYield } from './bond.ts'
import { paiseToRupees, STAMP_DUTY_DEBT, tradeConsideration } from './consideration.ts'
import { PricingError } from './errors.ts'
import type { BondTerms } from './terms.ts'

describe('tradeConsideration', () => {
  it('computes a ₹5 crore trade to the paisa, each amount rounded once', () => {
    const amounts = tradeConsideration({
      faceAmount: 50_000_000,
      cleanPrice: 101.2345,
      accruedPer100: 1.2345678901,
      brokerage: 2500,
    })
    // 5,00,00,000 × 101.2345 / 100 = ₹5,06,17,250.00
    expect(amounts.principal).toBe(5_061_725_000)
    // 5,00,00,000 × 1.2345678901 / 100 = ₹6,17,283.94505 → ₹6,17,283.95 (half away from zero)
    expect(amounts.accruedInterest).toBe(61_728_395)
    expect(amounts.consideration).toBe(5_123_453_395)
    // 0.0001 % of ₹5,12,34,533.95 = ₹51.2345… → ₹51.23
    expect(amounts.stampDuty).toBe(5123)
    expect(amounts.brokerage).toBe(250_000)
    expect(amounts.total).toBe(5_123_453_395 + 5123 + 250_000)
    expect(paiseToRupees(amounts.consideration)).toBe('51234533.95')
  })

  it('rounds half away from zero, ex-interest too', () => {
    // 3 × 100.5 paise = 301.5 → 302; 3 × −0.5 paise = −1.5 → −2.
    const amounts = tradeConsideration({ faceAmount: 3, cleanPrice: 100.5, accruedPer100: -0.5 })
    expect(amounts.principal).toBe(302)
    expect(amounts.accruedInterest).toBe(-2)
    expect(amounts.consideration).toBe(300)
    expect(paiseToRupees(-150)).toBe('-1.50')
  })

  it('takes a price as quoted, to 4 decimals, without binary-float drift', () => {
    // 1.005 × 100 is 100.49999999999999 in binary floats; as a decimal it is 100.5.
    const amounts = tradeConsideration({ faceAmount: 100, cleanPrice: 1.005, accruedPer100: 0 })
    expect(amounts.principal).toBe(101)
  })

  it('is face × (clean + accrued) / 100 within a paisa for real bonds and sizes', () => {
    const terms: BondTerms = { convention: 'GSEC', couponRate: 0.0654, maturityDate: '2032-01-17' }
    const settlement = '2026-11-27'
    const clean = Number(priceFromYield(terms, settlement, 0.0671).cleanPrice.toFixed(4))
    const accrued = accruedInterest(terms, settlement)
    for (const face of [100, 1_00_000, 25_00_00_000, 5_00_00_00_000]) {
      const amounts = tradeConsideration({
        faceAmount: face,
        cleanPrice: clean,
        accruedPer100: accrued,
      })
      expect(Math.abs(amounts.consideration - face * (clean + accrued))).toBeLessThanOrEqual(1)
      expect(amounts.stampDuty).toBe(Math.round(amounts.consideration / 1_000_000))
    }
  })

  it('uses the stamp duty rate it is given', () => {
    const amounts = tradeConsideration({
      faceAmount: 1_00_00_000,
      cleanPrice: 100,
      accruedPer100: 0,
      stampDuty: { numerator: 0n, denominator: 1n },
    })
    expect(amounts.stampDuty).toBe(0)
    expect(STAMP_DUTY_DEBT.denominator / STAMP_DUTY_DEBT.numerator).toBe(1_000_000n)
  })

  it('refuses what cannot be a trade, with a typed error', () => {
    for (const input of [
      { faceAmount: 0, cleanPrice: 100, accruedPer100: 0 },
      { faceAmount: 1.5, cleanPrice: 100, accruedPer100: 0 },
      { faceAmount: 100, cleanPrice: -1, accruedPer100: 0 },
      { faceAmount: 100, cleanPrice: 100, accruedPer100: Number.NaN },
      { faceAmount: 100, cleanPrice: 100, accruedPer100: 0, brokerage: -1 },
    ]) {
      expect(() => tradeConsideration(input)).toThrow(PricingError)
    }
  })
})
