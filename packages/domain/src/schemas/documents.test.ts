// The download and record schemas: optional pricing inputs with the spec's messages, trades paging.
import { describe, expect, it } from 'vitest'
import {
  documentQuoteRequestSchema,
  imDownloadRequestSchema,
  tradesRequestSchema,
} from './documents.ts'

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? []

describe('documentQuoteRequestSchema', () => {
  it('accepts no inputs at all, or one of price and yield and one of date and delta', () => {
    expect(documentQuoteRequestSchema.parse({})).toEqual({})
    expect(
      documentQuoteRequestSchema.parse({ bond_yield: 0.07, settlement_delta: 2, quantity: 10 }),
    ).toEqual({ bond_yield: 0.07, settlement_delta: 2, quantity: 10 })
  })

  it('rejects both price and yield, both date and delta, and a zero quantity', () => {
    expect(
      messages(documentQuoteRequestSchema.safeParse({ bond_yield: 0.07, clean_price: 99 })),
    ).toEqual(['Cannot provide both price and yield'])
    expect(
      messages(
        documentQuoteRequestSchema.safeParse({
          settlement_date: '2026-11-24',
          settlement_delta: 1,
        }),
      ),
    ).toEqual(['Cannot provide both settlement date & delta'])
    expect(messages(documentQuoteRequestSchema.safeParse({ quantity: 0 }))).toEqual([
      'Cannot be zero',
    ])
    expect(messages(documentQuoteRequestSchema.safeParse({ bond_yield: 1.2 }))).toEqual([
      'Yield above 100%',
    ])
  })
})

describe('imDownloadRequestSchema', () => {
  it('normalises an ISIN and rejects a malformed one', () => {
    expect(imDownloadRequestSchema.parse({ isin: ' in0020210244 ' })).toEqual({
      isin: 'IN0020210244',
    })
    expect(messages(imDownloadRequestSchema.safeParse({ isin: 'IN00' }))).toEqual([
      'Please enter a valid ISIN.',
    ])
    expect(messages(imDownloadRequestSchema.safeParse({}))).toEqual(['ISIN is required'])
  })
})

describe('tradesRequestSchema', () => {
  it('defaults to the first page of 20, newest first, unfiltered', () => {
    expect(tradesRequestSchema.parse({})).toEqual({
      pagination: { page: 1, page_size: 20 },
      sort: { field: 'trade_date', direction: 'desc' },
      filters: {},
    })
    expect(tradesRequestSchema.parse({ sort: { direction: 'asc' } }).sort).toEqual({
      field: 'trade_date',
      direction: 'asc',
    })
  })

  it('caps the page size at 100 and wants the from date on or before the to date', () => {
    expect(
      messages(tradesRequestSchema.safeParse({ pagination: { page: 1, page_size: 101 } })),
    ).toEqual(['Page size is at most 100'])
    expect(
      messages(
        tradesRequestSchema.safeParse({
          filters: { date_from: '2026-05-02', date_to: '2026-05-01' },
        }),
      ),
    ).toEqual(['From date must be on or before the to date'])
  })
})
