import { describe, expect, it } from 'vitest'
import {
  clusterPriceQuerySchema,
  depthQuerySchema,
  eoiAddSchema,
  eoiListQuerySchema,
  marketQuoteRequestSchema,
  priceInfoRequestSchema,
} from './market.ts'

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)

describe('POST api/eoi/add/ body', () => {
  it('is a new EOI without respond_eoi_id, with the create defaults', () => {
    const parsed = eoiAddSchema.parse({
      quantum: 50_000_000,
      finstrument_id: 'IN0020210244',
      yield_stored: 0.0712,
    })
    expect(parsed).toMatchObject({ kind: 'create', quote_type: 'BID', state: 'DEFAULT' })
  })

  it('is a response with respond_eoi_id, checked by the response rules', () => {
    const parsed = eoiAddSchema.parse({
      client_id: 'c1',
      finstrumentId: 'IN0020210244',
      respond_eoi_id: 7,
      maximum_lot_stored: 10_000_000,
      unit_price_stored: 99.5,
    })
    expect(parsed).toMatchObject({ kind: 'response', respond_eoi_id: 7 })
    const both = eoiAddSchema.safeParse({
      client_id: 'c1',
      finstrumentId: 'IN0020210244',
      respond_eoi_id: 7,
      maximum_lot_stored: 10_000_000,
      unit_price_stored: 99.5,
      yield_stored: 0.07,
    })
    expect(messages(both)).toEqual(['unit_price_stored: Cannot provide both price and yield'])
  })

  it("keeps the create schema's messages and their fields", () => {
    const result = eoiAddSchema.safeParse({
      quantum: 0,
      finstrument_id: 'IN0020210244',
      settlement: '2026-11-24',
      settlement_delta: 1,
    })
    expect(messages(result)).toEqual([
      'quantum: Cannot be zero',
      'settlement: Cannot provide both settlement date & delta',
    ])
    expect(eoiAddSchema.safeParse('nonsense').success).toBe(false)
  })

  it('refuses a new EOI in any state but DEFAULT', () => {
    const result = eoiAddSchema.safeParse({
      quantum: 1_000_000,
      finstrument_id: 'X',
      state: 'CLOSED',
    })
    expect(messages(result)).toEqual(['state: A new quote starts in state DEFAULT'])
  })
})

describe('market depth query', () => {
  it('takes an ISIN or a finstrument id, upper-cased, and 10 levels by default', () => {
    expect(depthQuerySchema.parse({ isin: 'in0020210244' })).toEqual({
      isin: 'IN0020210244',
      levels: 10,
    })
    expect(messages(depthQuerySchema.safeParse({}))).toEqual([
      'isin: Provide an ISIN or a finstrument id',
    ])
    expect(messages(depthQuerySchema.safeParse({ isin: 'X', levels: '51' }))).toEqual([
      'levels: Levels is at most 50',
    ])
  })
})

describe('market quote request', () => {
  it('asks for the live ASK without inference when the body is empty', () => {
    expect(marketQuoteRequestSchema.parse(undefined)).toEqual({
      infer_from_market: false,
      quote_type: 'ASK',
    })
  })
  it('rejects both settlement date and delta, and an unknown side', () => {
    expect(
      messages(
        marketQuoteRequestSchema.safeParse({ settlement_date: '2026-11-25', settlement_delta: 1 }),
      ),
    ).toEqual(['settlement_date: Cannot provide both settlement date & delta'])
    expect(marketQuoteRequestSchema.safeParse({ quote_type: 'MID' }).success).toBe(false)
  })
})

describe('pricing callback request', () => {
  it('needs the fixed field’s number, and not both', () => {
    expect(messages(priceInfoRequestSchema.safeParse({ finstrument_id: 'X' }))).toEqual([
      'bond_yield: Yield is required',
    ])
    expect(
      messages(priceInfoRequestSchema.safeParse({ finstrument_id: 'X', fixed_field: 'price' })),
    ).toEqual(['clean_price: Price is required'])
    expect(
      messages(
        priceInfoRequestSchema.safeParse({
          finstrument_id: 'X',
          bond_yield: 0.07,
          clean_price: 99,
        }),
      ),
    ).toEqual(['bond_yield: Cannot provide both price and yield'])
    expect(
      priceInfoRequestSchema.parse({ finstrument_id: 'X', bond_yield: 0.07, settlement_delta: 2 }),
    ).toEqual({ finstrument_id: 'X', fixed_field: 'yield', bond_yield: 0.07, settlement_delta: 2 })
  })
  it('checks the stored precision of a yield and a price', () => {
    expect(
      messages(priceInfoRequestSchema.safeParse({ finstrument_id: 'X', bond_yield: 1.2 })),
    ).toEqual(['bond_yield: Yield above 100%'])
    expect(
      messages(
        priceInfoRequestSchema.safeParse({
          finstrument_id: 'X',
          fixed_field: 'price',
          clean_price: 99.12345,
        }),
      ),
    ).toEqual(['clean_price: Price can have at most 4 decimals'])
  })
})

describe('list and cluster price queries', () => {
  it('reads pages and flags from the query string', () => {
    expect(eoiListQuerySchema.parse({ live: 'true', page: '2' })).toEqual({
      live: true,
      page: 2,
      page_size: 20,
    })
    expect(messages(eoiListQuerySchema.safeParse({ live: 'yes' }))).toEqual([
      'live: Should be true or false',
    ])
    expect(messages(eoiListQuerySchema.safeParse({ page_size: '500' }))).toEqual([
      'page_size: Page size is at most 100',
    ])
  })
  it('takes an optional clean price for a cluster', () => {
    expect(clusterPriceQuerySchema.parse({})).toEqual({})
    expect(clusterPriceQuerySchema.parse({ price: '99.5' })).toEqual({ price: 99.5 })
    expect(messages(clusterPriceQuerySchema.safeParse({ price: 'abc' }))).toEqual([
      'price: Should be number',
    ])
    expect(messages(clusterPriceQuerySchema.safeParse({ price: '300' }))).toEqual([
      'price: Should be less than 250',
    ])
  })
})
