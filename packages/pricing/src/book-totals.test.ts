import type { InventoryPosition } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { bookTotals } from './book-totals.ts'

const position = (over: Partial<InventoryPosition>): InventoryPosition => ({
  isin: 'IN0020230085',
  finstrument_id: 'b1',
  display_name: '7.18% GS 2033',
  issuer: 'Government of India',
  rating: 'SOV',
  type: 'GSEC',
  maturity_date: '2033-08-14',
  maturity_bucket: '5-10Y',
  book: 'Trading',
  face_value: 10_000_000,
  quantity: 100_000,
  reserved_face_value: 0,
  free_face_value: 10_000_000,
  cost_clean_price: 100,
  cost_edited: false,
  market_clean_price: 101,
  accrued: 1000.1,
  market_value: 10_101_000.1,
  value_source: 'LIVE_QUOTE',
  value_source_detail: '',
  unrealised_pnl: 100_000,
  yield: 0.07,
  modified_duration: 6,
  pv01: 6060.6,
  valued_at: '2026-11-27',
  ...over,
})

describe('bookTotals', () => {
  it('sums money in paise per book, shares by issuer and rating, face by maturity', () => {
    const totals = bookTotals([
      position({}),
      position({
        book: 'AFS',
        finstrument_id: 'b2',
        issuer: 'HDFC Bank',
        rating: null,
        maturity_bucket: '1-3Y',
        market_value: 0.1,
        accrued: 0.2,
        unrealised_pnl: -0.3,
        pv01: null,
        face_value: 100,
      }),
      position({ market_value: 0.2, unrealised_pnl: 0.1, accrued: 0.1, pv01: 0.005 }),
    ])
    expect(totals.market_value).toBe(10_101_000.4)
    expect(totals.accrued).toBe(1000.4)
    expect(totals.unrealised_pnl).toBe(100_000.1 - 0.3)
    expect(totals.face_value).toBe(20_000_100)
    expect(totals.pv01).toBe(6060.61)
    expect(totals.by_book.map((b) => b.book)).toEqual(['AFS', 'Trading'])
    expect(totals.by_book[1]).toEqual({
      book: 'Trading',
      face_value: 20_000_000,
      market_value: 10_101_000.3,
      unrealised_pnl: 100_000.1,
    })
    expect(totals.by_issuer).toEqual([
      { name: 'Government of India', market_value: 10_101_000.3, share: 1 },
      { name: 'HDFC Bank', market_value: 0.1, share: 0 },
    ])
    expect(totals.by_rating.map((r) => r.name)).toEqual(['SOV', 'Unrated'])
    expect(totals.by_maturity.find((b) => b.bucket === '1-3Y')).toEqual({
      bucket: '1-3Y',
      face_value: 100,
      market_value: 0.1,
    })
    expect(totals.by_maturity.find((b) => b.bucket === '10Y+')).toEqual({
      bucket: '10Y+',
      face_value: 0,
      market_value: 0,
    })
  })

  it('shares nothing of an empty book', () => {
    const totals = bookTotals([])
    expect(totals).toMatchObject({ market_value: 0, by_book: [], by_issuer: [] })
    expect(bookTotals([position({ market_value: 0 })]).by_issuer[0]?.share).toBe(0)
  })
})
