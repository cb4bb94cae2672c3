// Calls and puts: which workout date prices or yields the worst (or best), whatever order the
// terms list the options in, and options on or before settlement left out (they are spent).
import { describe, expect, it } from 'vitest'
import {
  priceFromYield,
  priceToBestPut,
  priceToWorst,
  yieldFromPrice,
  yieldsToCall,
  yieldsToPut,
  yieldToWorst,
  type BondTerms,
} from './index.ts'

const settle = '2026-11-24'
const base: BondTerms = {
  convention: 'CORPORATE',
  maturityDate: '2034-12-15',
  couponRate: 0.085,
  frequency: 1,
}
// Listed out of date order, with one option on the settlement date and one before it.
const spent = [
  { date: settle, price: 100 },
  { date: '2026-06-15', price: 100 },
]
const callable: BondTerms = {
  ...base,
  calls: [
    { date: '2032-12-15', price: 100 },
    ...spent,
    { date: '2028-12-15', price: 106 },
    { date: '2030-12-15', price: 100 },
  ],
}
const puttable: BondTerms = {
  ...base,
  puts: [
    { date: '2030-12-15', price: 100 },
    { date: '2032-12-15', price: 99 },
    ...spent,
    { date: '2028-12-15', price: 95 },
  ],
}

describe('yields to each option', () => {
  it('lists the remaining calls in date order, each yield re-pricing to the price at its date', () => {
    const yields = yieldsToCall(callable, settle, 108)
    expect(yields.map((y) => [y.workoutDate, y.kind])).toEqual([
      ['2028-12-15', 'call'],
      ['2030-12-15', 'call'],
      ['2032-12-15', 'call'],
    ])
    for (const y of yields) {
      const option = callable.calls?.find((c) => c.date === y.workoutDate)
      expect(priceFromYield(callable, settle, y.yield, option).cleanPrice).toBeCloseTo(108, 8)
    }
  })
  it('lists the remaining puts in date order, as puts', () => {
    const yields = yieldsToPut(puttable, settle, 96)
    expect(yields.map((y) => [y.workoutDate, y.kind])).toEqual([
      ['2028-12-15', 'put'],
      ['2030-12-15', 'put'],
      ['2032-12-15', 'put'],
    ])
    for (const y of yields) {
      const option = puttable.puts?.find((c) => c.date === y.workoutDate)
      expect(yieldFromPrice(puttable, settle, 96, option)).toBe(y.yield)
    }
    expect(yieldsToPut(base, settle, 96)).toEqual([])
    expect(yieldsToCall(base, settle, 96)).toEqual([])
  })
})

describe('worst and best', () => {
  it('yield to worst is the lowest yield, here to the middle call', () => {
    const worst = yieldToWorst(callable, settle, 108)
    expect(worst).toMatchObject({ workoutDate: '2030-12-15', kind: 'call' })
    const others = [
      yieldFromPrice(callable, settle, 108),
      ...yieldsToCall(callable, settle, 108)
        .filter((y) => y.workoutDate !== '2030-12-15')
        .map((y) => y.yield),
    ]
    for (const other of others) expect(worst.yield).toBeLessThan(other)
  })
  it('yield to worst is the yield to maturity when no call yields less', () => {
    // At a discount every call (at 100 or more) pulls the price up sooner: maturity is worst.
    const worst = yieldToWorst(callable, settle, 90)
    expect(worst).toEqual({
      yield: yieldFromPrice(callable, settle, 90),
      workoutDate: '2034-12-15',
      kind: 'maturity',
    })
  })
  it('price to worst is the lowest price, here to the middle call', () => {
    const worst = priceToWorst(callable, settle, 0.06)
    const option = { date: '2030-12-15', price: 100 }
    expect(worst).toEqual({
      ...priceFromYield(callable, settle, 0.06, option),
      workoutDate: '2030-12-15',
      kind: 'call',
    })
    expect(worst.cleanPrice).toBeLessThan(priceFromYield(callable, settle, 0.06).cleanPrice)
    for (const other of [
      { date: '2028-12-15', price: 106 },
      { date: '2032-12-15', price: 100 },
    ])
      expect(worst.cleanPrice).toBeLessThan(
        priceFromYield(callable, settle, 0.06, other).cleanPrice,
      )
  })
  it('price to worst is the price to maturity when no call is lower', () => {
    expect(priceToWorst(callable, settle, 0.11)).toEqual({
      ...priceFromYield(callable, settle, 0.11),
      workoutDate: '2034-12-15',
      kind: 'maturity',
    })
  })
  it('price to the best put is the highest price, here to the middle put', () => {
    const best = priceToBestPut(puttable, settle, 0.1)
    const option = { date: '2030-12-15', price: 100 }
    expect(best).toEqual({
      ...priceFromYield(puttable, settle, 0.1, option),
      workoutDate: '2030-12-15',
      kind: 'put',
    })
    for (const other of [
      { date: '2028-12-15', price: 95 },
      { date: '2032-12-15', price: 99 },
    ])
      expect(best.cleanPrice).toBeGreaterThan(
        priceFromYield(puttable, settle, 0.1, other).cleanPrice,
      )
    expect(best.cleanPrice).toBeGreaterThan(priceFromYield(puttable, settle, 0.1).cleanPrice)
  })
  it('price to the best put is the price to maturity when no put pays more', () => {
    // Below the coupon the bond is worth more held to maturity than put at par or less.
    expect(priceToBestPut(puttable, settle, 0.05)).toEqual({
      ...priceFromYield(puttable, settle, 0.05),
      workoutDate: '2034-12-15',
      kind: 'maturity',
    })
  })
})

describe('ties and bad option dates', () => {
  // A call on the maturity date at the redemption price prices and yields exactly as maturity.
  const tied: BondTerms = {
    ...base,
    calls: [{ date: '2034-12-15', price: 100 }],
    puts: [{ date: '2034-12-15', price: 100 }],
  }
  it('a tie keeps maturity: the call or put adds nothing the holder did not have', () => {
    expect(yieldToWorst(tied, settle, 101).kind).toBe('maturity')
    expect(priceToWorst(tied, settle, 0.07).kind).toBe('maturity')
    expect(priceToBestPut(tied, settle, 0.07).kind).toBe('maturity')
  })
  it('names the date that is not a date', () => {
    expect(() => yieldsToCall(callable, '2026-02-30', 100)).toThrow(
      'Settlement date is not a valid date: 2026-02-30',
    )
    expect(() =>
      yieldsToCall({ ...base, calls: [{ date: '2030-13-01', price: 100 }] }, settle, 100),
    ).toThrow('Option date is not a valid date: 2030-13-01')
  })
})
