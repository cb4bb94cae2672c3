// The library against an independent engine: reference/cases.json from QuantLib
// (reference/generate.py). Tolerances of the pricing issue: price 1e-4, yield 1e-6, accrued 1e-6.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  accruedInterest,
  priceFromYield,
  yieldFromPrice,
  type BondTerms,
  type Workout,
} from './index.ts'

interface ReferenceCase {
  name: string
  terms: BondTerms
  settlement: string
  yield: number
  cleanPrice: number
  accruedInterest: number
  workout?: Workout
  crossChecked?: { with: string; difference: number }
}

const { cases } = JSON.parse(
  readFileSync(new URL('../reference/cases.json', import.meta.url), 'utf8'),
) as {
  cases: ReferenceCase[]
}

describe('reference table (QuantLib)', () => {
  it('has at least 40 cases', () => expect(cases.length).toBeGreaterThanOrEqual(40))

  it('was cross-checked with a spreadsheet (Gnumeric PRICE basis 4 and XNPV) where it can be', () => {
    const checked = cases.filter((c) => c.crossChecked)
    expect(checked.length).toBeGreaterThanOrEqual(30)
    for (const c of checked) expect(c.crossChecked?.difference).toBeLessThan(1e-6)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const price = priceFromYield(c.terms, c.settlement, c.yield, c.workout)
    expect(Math.abs(price.cleanPrice - c.cleanPrice)).toBeLessThan(1e-4)
    expect(Math.abs(price.accruedInterest - c.accruedInterest)).toBeLessThan(1e-6)
    if (!c.workout)
      expect(Math.abs(accruedInterest(c.terms, c.settlement) - c.accruedInterest)).toBeLessThan(
        1e-6,
      )
    const y = yieldFromPrice(c.terms, c.settlement, c.cleanPrice, c.workout)
    expect(Math.abs(y - c.yield)).toBeLessThan(1e-6)
  })
})
