import { describe, expect, it } from 'vitest'
import {
  makeNegotiation,
  makeQuote,
  makeQuoteMessage,
  makeQuotePage,
} from '../testing/rfq-factory.ts'
import { patchRfqPage, quoteChange, type QuoteChange } from './rfq-patch.ts'

const LATER = '2026-11-27T05:05:00.000Z'
const EARLIER = '2026-11-27T04:55:00.000Z'

const change = (...args: Parameters<typeof makeQuoteMessage>): QuoteChange => {
  const read = quoteChange(makeQuoteMessage(...args))
  if (!read) throw new Error('no quote in the message')
  return read
}

const page = () =>
  makeQuotePage([
    makeQuote({ id: 10, mine: true, negotiations: [makeNegotiation()] }),
    makeQuote({ id: 11, quote_type: 'BID', unit_price_stored: 100.1 }),
    makeQuote({
      id: 12,
      finstrument_id: 'IN0020210244',
      isin: 'IN0020210244',
      display_name: '6.54% GS 2032',
    }),
  ])

describe('quoteChange', () => {
  it('reads the quote, mine and a response; nothing from a message without the quote', () => {
    expect(quoteChange(makeQuoteMessage({ id: 5 }))).toMatchObject({
      quote: { id: 5, unit_price_stored: 100.4523 },
      mine: false,
      response: false,
    })
    expect(quoteChange(makeQuoteMessage({}, { mine: true, respond_eoi_id: 4 }))).toMatchObject({
      mine: true,
      response: true,
    })
    expect(quoteChange({ eoi_id: 5, finstrument_id: 'IN0020230085', state: 'EXPIRED' })).toBeNull()
    expect(quoteChange({ eoi_id: 5, quote: { id: '5' } })).toBeNull()
    // Each field a row needs, missing alone: no change to apply, the list is fetched.
    for (const field of ['id', 'updated_at', 'state', 'unit_price_stored', 'quantum']) {
      const message = makeQuoteMessage({ id: 6 })
      const { [field]: _dropped, ...rest } = message.quote as Record<string, unknown>
      expect(quoteChange({ ...message, quote: rest }), field).toBeNull()
    }
    expect(
      quoteChange({ ...makeQuoteMessage({ id: 7 }), respond_eoi_id: undefined })?.response,
    ).toBe(false)
  })
})

describe('patchRfqPage', () => {
  it('updates a row in place, keeping mine and the negotiations, and counts nothing new', () => {
    const before = page()
    const { page: after, refetch } = patchRfqPage(before, [
      change({ id: 10, unit_price_stored: 100.5, yield_stored: 0.0711, updated_at: LATER }),
    ])
    expect(refetch).toBe(false)
    expect(after.results.map((row) => row.id)).toEqual([10, 11, 12])
    expect(after.results[0]).toMatchObject({
      unit_price_stored: 100.5,
      yield_stored: 0.0711,
      mine: true,
      updated_at: LATER,
    })
    expect(after.results[0]?.negotiations).toHaveLength(1)
    expect(after.count).toBe(3)
    // Untouched rows are the same objects (the grid's rows do not re-render), the cache untouched.
    expect(after.results[1]).toBe(before.results[1])
    expect(before.results[0]?.unit_price_stored).toBe(100.4523)
  })

  it('answers the same page when nothing applies', () => {
    const before = page()
    expect(patchRfqPage(before, []).page).toBe(before)
    expect(patchRfqPage(before, [change({ id: 10, updated_at: EARLIER })]).page).toBe(before)
    expect(patchRfqPage(before, [change({ id: 99, state: 'EXPIRED' })]).page).toBe(before)
  })

  it('ignores a change older than the row (messages out of order)', () => {
    const { page: after } = patchRfqPage(page(), [
      change({ id: 11, unit_price_stored: 99, updated_at: LATER }),
      change({ id: 11, unit_price_stored: 98, updated_at: EARLIER }),
    ])
    expect(after.results[1]?.unit_price_stored).toBe(99)
    const second = patchRfqPage(after, [
      change({ id: 11, unit_price_stored: 97, updated_at: EARLIER }),
    ])
    expect(second.page).toBe(after)
  })

  it('takes the last of equal-time duplicates and inserts a quote once', () => {
    const { page: after } = patchRfqPage(page(), [
      change({ id: 20, quantum: 1 }),
      change({ id: 20, quantum: 2 }),
      change({ id: 20, quantum: 3 }),
    ])
    expect(after.results.filter((row) => row.id === 20)).toEqual([
      expect.objectContaining({ quantum: 3, mine: false, negotiations: [] }),
    ])
    expect(after.count).toBe(4)
  })

  it('inserts new live quotes at the top, newest change first', () => {
    const { page: after, refetch } = patchRfqPage(page(), [
      change({ id: 21, updated_at: EARLIER }),
      change({ id: 22, updated_at: LATER }),
    ])
    expect(refetch).toBe(false)
    expect(after.results.map((row) => row.id)).toEqual([22, 21, 10, 11, 12])
    const three = patchRfqPage(page(), [
      change({ id: 31, updated_at: EARLIER }),
      change({ id: 32, updated_at: LATER }),
      change({ id: 33, updated_at: '2026-11-27T05:00:00.000Z' }),
    ]).page
    expect(three.results.map((row) => row.id)).toEqual([32, 33, 31, 10, 11, 12])
    expect(three.count).toBe(6)
  })

  it('answers the page as it was, and no fetch, for a frame with no changes', () => {
    const before = page()
    expect(patchRfqPage(before, [])).toEqual({ page: before, refetch: false })
    expect(patchRfqPage(before, []).page).toBe(before)
  })

  it('removes expired quotes and closed ones the firm did not negotiate on', () => {
    const { page: after, refetch } = patchRfqPage(page(), [
      change({ id: 11, state: 'EXPIRED', updated_at: LATER }),
      change({ id: 12, state: 'CLOSED', updated_at: LATER }),
    ])
    expect(after.results.map((row) => row.id)).toEqual([10])
    expect(after.count).toBe(1)
    expect(refetch).toBe(false)
  })

  it('keeps a closed quote the firm negotiated on (it may have dealt) and fetches again', () => {
    const { page: after, refetch } = patchRfqPage(page(), [
      change({ id: 10, state: 'CLOSED', updated_at: LATER }),
    ])
    expect(after.results[0]).toMatchObject({ id: 10, state: 'CLOSED' })
    expect(refetch).toBe(true)
  })

  it('does not insert a gone quote, nor a response', () => {
    const before = page()
    expect(patchRfqPage(before, [change({ id: 30, state: 'CLOSED' })]).page).toBe(before)
    expect(patchRfqPage(before, [change({ id: 31 }, { respond_eoi_id: 10 })]).page).toBe(before)
  })

  it('inserts into my quotes only what the firm posted, and marks it mine', () => {
    const before = page()
    const mineOnly = { myQuotes: true }
    expect(patchRfqPage(before, [change({ id: 40 })], mineOnly).page).toBe(before)
    const { page: after } = patchRfqPage(
      before,
      [change({ id: 40 }), change({ id: 40 }, { mine: true })],
      mineOnly,
    )
    expect(after.results[0]).toMatchObject({ id: 40, mine: true })
    // On the whole market's list the firm's second message marks a row it already shows.
    const market = patchRfqPage(before, [change({ id: 11 }, { mine: true })]).page
    expect(market.results[1]).toMatchObject({ id: 11, mine: true })
  })

  it('inserts only quotes on bonds matching the search', () => {
    const before = page()
    const search = { search: '6.54' }
    expect(patchRfqPage(before, [change({ id: 50 })], search).page).toBe(before)
    const { page: after } = patchRfqPage(
      before,
      [
        change({
          id: 51,
          finstrument_id: 'IN0020210244',
          isin: 'IN0020210244',
          display_name: '6.54% GS 2032',
        }),
      ],
      search,
    )
    expect(after.results[0]?.id).toBe(51)
    // The search as typed: any case, spaces around, the bond's name or its ISIN.
    for (const typed of ['  gs 2032 ', 'in0020210244']) {
      const found = patchRfqPage(
        before,
        [
          change({
            id: 52,
            finstrument_id: 'IN0020210244',
            isin: 'IN0020210244',
            display_name: '6.54% GS 2032',
          }),
        ],
        { search: typed },
      ).page
      expect(found.results[0]?.id, typed).toBe(52)
    }
  })

  it('names a new quote from a row of its bond, else fetches the list again', () => {
    const before = page()
    const unnamed = (id: number, bond: string): QuoteChange => {
      const read = change({ id, finstrument_id: bond })
      const { isin: _isin, display_name: _name, ...quote } = read.quote
      return { ...read, quote }
    }
    const named = patchRfqPage(before, [unnamed(60, 'IN0020210244')])
    expect(named.page.results[0]).toMatchObject({ id: 60, display_name: '6.54% GS 2032' })
    expect(named.refetch).toBe(false)
    const unknown = patchRfqPage(before, [unnamed(61, 'IN9999999999')])
    expect(unknown.page).toBe(before)
    expect(unknown.refetch).toBe(true)
  })
})
