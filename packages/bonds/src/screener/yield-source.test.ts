import { describe, expect, it } from 'vitest'
import { yieldSource } from './yield-source.ts'

describe('yieldSource', () => {
  it('names a live quote and a trade with their time in India', () => {
    expect(
      yieldSource({
        indicative_yield: 0.0681,
        indicative_yield_as_of: '2026-11-26T04:35:00.000Z',
        indicative_yield_source: 'quote',
      }),
    ).toEqual({
      short: 'live quote',
      full: 'Yield of the latest live quote, 26-Nov-2026, 10:05 IST.',
    })
    expect(
      yieldSource({
        indicative_yield: 0.07,
        indicative_yield_as_of: '2026-11-24T09:00:00.000Z',
        indicative_yield_source: 'trade',
      }).short,
    ).toBe('last trade')
  })

  it('dates a disclosure', () => {
    expect(
      yieldSource({
        indicative_yield: 0.0875,
        indicative_yield_as_of: '2026-10-31',
        indicative_yield_source: 'disclosure',
      }),
    ).toEqual({
      short: 'disclosed 31-Oct-2026',
      full: 'Yield disclosed in a mutual fund’s portfolio, 31-Oct-2026.',
    })
  })

  it('says why there is none', () => {
    expect(
      yieldSource({
        indicative_yield: null,
        indicative_yield_as_of: null,
        indicative_yield_source: null,
      }).full,
    ).toBe('No yield: no fund disclosure, no live quote and no trade in the last 30 days.')
  })
})
