import { describe, expect, it } from 'vitest'
import { priceFromYield, roundTo, type BondTerms } from '../index.ts'
import { createBondPricing, PLAUSIBLE_MAX_YIELD } from './bond-pricing.ts'

const SETTLEMENT = '2025-11-24'
const gsec: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2035-10-06',
  couponRate: 0.0633,
  frequency: 2,
}
const longStrips: BondTerms = { convention: 'GSEC', maturityDate: '2055-06-16', couponRate: 0 }
const shortStrips: BondTerms = { convention: 'GSEC', maturityDate: '2026-12-15', couponRate: 0 }

describe('createBondPricing', () => {
  it('prices a G-sec and gives its accrued interest', () => {
    const pricing = createBondPricing(gsec, SETTLEMENT)
    const reference = priceFromYield(gsec, SETTLEMENT, 0.07)
    expect(pricing.priceable).toBe(true)
    expect(pricing.accruedInterest).toBeCloseTo(reference.accruedInterest, 12)
    expect(pricing.priceFor(0.07)).toBe(roundTo(reference.cleanPrice, 4))
    expect(pricing.lowPricePlausible).toBe(false)
  })

  it('answers nothing, silently, where the library raises a PricingError', () => {
    const pricing = createBondPricing(gsec, SETTLEMENT)
    expect(pricing.priceFor(-0.01)).toBeNull()
    expect(pricing.priceFor(1.5)).toBeNull()
    expect(pricing.yieldFor(400)).toBeNull()
    expect(pricing.yieldFor(0)).toBeNull()
  })

  it('cannot price a bond without terms, a floating-rate bond or one matured by settlement', () => {
    for (const pricing of [
      createBondPricing(null, SETTLEMENT),
      createBondPricing({ ...gsec, floating: true }, SETTLEMENT),
      createBondPricing(gsec, '2035-10-06'),
      createBondPricing(gsec, 'not a date'),
    ]) {
      expect(pricing.priceable).toBe(false)
      expect(pricing.accruedInterest).toBeNull()
      expect(pricing.priceFor(0.07)).toBeNull()
      expect(pricing.yieldFor(98)).toBeNull()
    }
  })

  it('finds low prices plausible only where the bond is worth the threshold or less at 20%', () => {
    expect(PLAUSIBLE_MAX_YIELD).toBe(0.2)
    expect(createBondPricing(longStrips, SETTLEMENT).lowPricePlausible).toBe(true)
    expect(createBondPricing(shortStrips, SETTLEMENT).lowPricePlausible).toBe(false)
    const long = { ...gsec, maturityDate: '2065-10-06', couponRate: 0.0698 }
    expect(createBondPricing(long, SETTLEMENT).lowPricePlausible).toBe(false)
  })
})
