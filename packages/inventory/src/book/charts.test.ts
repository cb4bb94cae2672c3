import { describe, expect, it } from 'vitest'
import { bookTotals } from '@bonds/pricing'
import { makePosition, POSITIONS } from '../testing/factory.ts'
import { chartsKey, issuerBars, issuerSummary, maturitySummary, TOP_ISSUERS } from './charts.tsx'

const issuers = Array.from({ length: TOP_ISSUERS + 2 }, (_, i) => ({
  name: `Issuer ${i + 1}`,
  market_value: 10_00_00_000 - i * 1_00_00_000,
  share: 0.2 - i * 0.02,
}))

describe('the book charts', () => {
  it('names the largest issuers and sums the rest as "Others"', () => {
    const bars = issuerBars(issuers)
    expect(bars).toHaveLength(TOP_ISSUERS + 1)
    expect(bars[0]).toEqual({ name: 'Issuer 1', market_value: 10_00_00_000, percent: 20 })
    expect(bars.at(-1)).toEqual({ name: 'Others (2)', market_value: 5_00_00_000, percent: 10 })
    expect(issuerBars(issuers.slice(0, 2)).map((b) => b.name)).toEqual(['Issuer 1', 'Issuer 2'])
  })

  it('says the charts in words, in lakh and crore', () => {
    expect(issuerSummary(issuers)).toBe(
      '9 issuers; the largest, Issuer 1, holds 20% of market value; the largest 7 hold 98%.',
    )
    expect(issuerSummary([])).toBe('No positions held.')
    expect(
      maturitySummary([
        { bucket: '0-1Y', face_value: 50_00_000 },
        { bucket: '5-10Y', face_value: 1_50_00_000 },
      ]),
    ).toBe('₹2 cr of face value in 2 maturity buckets; the largest, 5-10Y, holds ₹1.5 cr (75%).')
    expect(maturitySummary([{ bucket: '0-1Y', face_value: 0 }])).toBe('No face value held.')
  })

  it('draws again only when a figure it shows changes', () => {
    const key = chartsKey(bookTotals(POSITIONS))
    const tick = [makePosition({ market_value: 49_35_18_100 }), ...POSITIONS.slice(1)]
    expect(chartsKey(bookTotals(tick))).toBe(key)
    const move = [makePosition({ market_value: 60_00_00_000 }), ...POSITIONS.slice(1)]
    expect(chartsKey(bookTotals(move))).not.toBe(key)
  })
})
