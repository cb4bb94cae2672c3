import { PRICE_YIELD_SWITCH_THRESHOLD, VALIDATION_MESSAGES as M } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { prepareBond, priceFromYield, roundTo, type BondTerms } from '../index.ts'
import { createBondPricing } from './bond-pricing.ts'
import {
  emptyPricingValue,
  fixedFieldAfterTyping,
  formatFixed,
  parseField,
  priceValue,
  resolveValue,
  stepText,
} from './pricing-value.ts'

const SETTLEMENT = '2025-11-24'
const gsec: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2035-10-06',
  couponRate: 0.0633,
  frequency: 2,
}

const priced = { priceable: true, lowPricePlausible: false }
const stripsLike = { priceable: true, lowPricePlausible: true }
const unpriced = { priceable: false, lowPricePlausible: false }
const T = PRICE_YIELD_SWITCH_THRESHOLD

describe('the switch threshold (spec §4, decision 004)', () => {
  it('is the named constant of @bonds/domain', () => {
    expect(T).toBe(30)
  })

  it('switches yield mode to price mode only above the threshold', () => {
    expect(fixedFieldAfterTyping('yield', '98.5', priced)).toBe('price')
    expect(fixedFieldAfterTyping('yield', '30.0001', priced)).toBe('price')
    expect(fixedFieldAfterTyping('yield', '30', priced)).toBe('yield')
    expect(fixedFieldAfterTyping('yield', '7.25', priced)).toBe('yield')
  })

  it('switches price mode to yield mode at or below the threshold', () => {
    expect(fixedFieldAfterTyping('price', '7.25', priced)).toBe('yield')
    expect(fixedFieldAfterTyping('price', '30', priced)).toBe('yield')
    expect(fixedFieldAfterTyping('price', '30.0001', priced)).toBe('price')
    expect(fixedFieldAfterTyping('price', '98.5', priced)).toBe('price')
  })

  it('keeps the mode for text that is not a number yet', () => {
    for (const text of ['', '-', '.', 'abc', '7..1']) {
      expect(fixedFieldAfterTyping('yield', text, priced)).toBe('yield')
      expect(fixedFieldAfterTyping('price', text, priced)).toBe('price')
    }
    expect(fixedFieldAfterTyping('price', ' 7.5 ', priced)).toBe('yield')
  })

  it('keeps a low price a price for a bond where such a price is plausible (long STRIPS)', () => {
    expect(fixedFieldAfterTyping('price', '13.08', stripsLike)).toBe('price')
    expect(fixedFieldAfterTyping('yield', '98.5', stripsLike)).toBe('price')
  })

  it('stays in yield mode when the bond cannot be priced', () => {
    expect(fixedFieldAfterTyping('yield', '98.5', unpriced)).toBe('yield')
    expect(fixedFieldAfterTyping('price', '98.5', unpriced)).toBe('yield')
  })
})

describe('parsing the typed text with the domain schemas (spec §5)', () => {
  it('gives a yield in percent as a fraction with 6 decimals', () => {
    expect(parseField('yield', '7.1234')).toEqual({ ok: true, value: 0.071234 })
    expect(parseField('yield', '7.12345')).toEqual({ ok: true, value: 0.071235 })
    expect(parseField('yield', '7')).toEqual({ ok: true, value: 0.07 })
  })

  it('gives a price with 4 decimals', () => {
    expect(parseField('price', '98.5')).toEqual({ ok: true, value: 98.5 })
    expect(parseField('price', '1')).toEqual({ ok: true, value: 1 })
    expect(parseField('price', '250')).toEqual({ ok: true, value: 250 })
    expect(parseField('price', '101.2345')).toEqual({ ok: true, value: 101.2345 })
  })

  it("gives the schemas' messages", () => {
    expect(parseField('yield', '')).toEqual({ ok: false, error: M.yieldRequired })
    expect(parseField('yield', 'abc')).toEqual({ ok: false, error: M.shouldBeNumber })
    expect(parseField('price', '  ')).toEqual({ ok: false, error: M.priceRequired })
    expect(parseField('price', '12a')).toEqual({ ok: false, error: M.shouldBeNumber })
    expect(parseField('price', '0.9999')).toEqual({ ok: false, error: M.priceRange })
    expect(parseField('price', '250.0001')).toEqual({ ok: false, error: M.priceRange })
    expect(parseField('price', '98.12345')).toEqual({ ok: false, error: M.priceStep })
  })
})

describe('the value', () => {
  const pricing = createBondPricing(gsec, SETTLEMENT)

  it('computes the price from the stored yield and the yield from the price', () => {
    const byYield = priceValue('yield', 0.071234, pricing)
    expect(byYield).toEqual({
      fixedField: 'yield',
      bondYield: 0.071234,
      cleanPrice: roundTo(priceFromYield(gsec, SETTLEMENT, 0.071234).cleanPrice, 4),
    })
    const byPrice = priceValue('price', 98.5, pricing)
    expect(byPrice.fixedField).toBe('price')
    expect(byPrice.cleanPrice).toBe(98.5)
    expect(byPrice.bondYield).toBe(roundTo(prepareBond(gsec, SETTLEMENT).yieldFor(98.5), 6))
  })

  it('leaves the other field empty when the fixed one is', () => {
    expect(priceValue('yield', null, pricing)).toEqual(emptyPricingValue('yield'))
    expect(priceValue('price', null, pricing)).toEqual(emptyPricingValue('price'))
  })

  it('re-prices from the fixed field and fixes the yield when the bond cannot be priced', () => {
    const stale = { fixedField: 'yield' as const, bondYield: 0.07, cleanPrice: 1 }
    expect(resolveValue(stale, pricing).cleanPrice).toBe(pricing.priceFor(0.07))
    const unpriceable = createBondPricing(null, SETTLEMENT)
    expect(
      resolveValue({ fixedField: 'price', bondYield: 0.07, cleanPrice: 98 }, unpriceable),
    ).toEqual({ fixedField: 'yield', bondYield: 0.07, cleanPrice: null })
  })

  it('shows the yield in percent with 4 decimals and the price with 4', () => {
    expect(formatFixed({ fixedField: 'yield', bondYield: 0.0712, cleanPrice: null })).toBe('7.1200')
    expect(formatFixed({ fixedField: 'price', bondYield: null, cleanPrice: 98.5 })).toBe('98.5000')
    expect(formatFixed(emptyPricingValue())).toBe('')
  })

  it('steps a price by 0.0001 and a yield by one basis point', () => {
    expect(stepText('price', '98.5', 1)).toBe('98.5001')
    expect(stepText('price', '98.5', -1)).toBe('98.4999')
    expect(stepText('yield', '7.1234', 1)).toBe('7.1334')
    expect(stepText('yield', '7', -1)).toBe('6.9900')
    expect(stepText('price', 'abc', 1)).toBe('abc')
  })
})
