// The library against an independent engine: reference/cases.json from QuantLib
// (reference/generate.py). Tolerances of the pricing issue: price 1e-4, yield 1e-6, accrued 1e-6.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  accruedInterest,
  cashflows,
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
  /** The flows the buyer receives, per 100 original face (to maturity or the workout). */
  flows?: { date: string; amount: number }[]
  crossChecked?: { with: string; difference: number; yieldDifference?: number }
}

const { cases } = JSON.parse(
  readFileSync(new URL('../reference/cases.json', import.meta.url), 'utf8'),
) as {
  cases: ReferenceCase[]
}

describe('reference table (QuantLib)', () => {
  it('has at least 40 cases', () => expect(cases.length).toBeGreaterThanOrEqual(40))

  it('was cross-checked with Gnumeric (PRICE/YIELD basis 4, XNPV/XIRR, DAYS360 sums)', () => {
    const checked = cases.filter((c) => c.crossChecked)
    expect(checked.length).toBe(cases.length)
    for (const c of checked) {
      expect(c.crossChecked?.difference).toBeLessThan(1e-6)
      expect(c.crossChecked?.yieldDifference ?? 0).toBeLessThan(1e-9)
    }
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
    if (c.flows && !c.workout) {
      const ours = cashflows(c.terms, c.settlement).filter((f) => f.interest + f.principal !== 0)
      expect(ours.map((f) => f.date)).toEqual(c.flows.map((f) => f.date))
      for (const [i, f] of ours.entries())
        expect(Math.abs(f.interest + f.principal - (c.flows[i]?.amount ?? 0))).toBeLessThan(1e-9)
    }
  })
})
