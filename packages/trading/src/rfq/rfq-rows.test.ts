import type { Negotiation, NetworkEntry, RfqQuote } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import {
  CellMemory,
  dealBrokers,
  negotiationActions,
  rfqRows,
  sideLabel,
  sortRfqRows,
} from './rfq-rows.ts'

const quote = (id: number, patch: Partial<RfqQuote> = {}): RfqQuote => ({
  id,
  finstrument_id: 'IN0020230085',
  isin: 'IN0020230085',
  display_name: '7.18% GS 2033',
  quote_type: 'ASK',
  quantum: 25_00_00_000,
  unit_price_stored: 100.25,
  yield_stored: 0.0712,
  fixed_field: 'yield',
  settlement_date: '2026-11-30',
  expiry_date_stored: '2026-11-27T11:30:00.000Z',
  state: 'DEFAULT',
  mine: false,
  negotiations: [],
  created_at: '2026-11-27T05:00:00.000Z',
  updated_at: `2026-11-27T05:00:0${id}.000Z`,
  ...patch,
})

const thread = (patch: Partial<Negotiation> = {}): Negotiation => ({
  id: 1,
  eoi_id: 10,
  counter_eoi_id: 11,
  finstrument_id: 'IN0020230085',
  isin: 'IN0020230085',
  display_name: '7.18% GS 2033',
  quote_type: 'ASK',
  side: 'OWNER',
  owner_name: 'Demo Capital',
  counterparty_name: 'Demo Securities',
  other_broker: null,
  state: 'OPEN',
  entries: [],
  deal: null,
  created_at: '2026-11-27T05:00:00.000Z',
  updated_at: '2026-11-27T05:00:00.000Z',
  ...patch,
})

const entry = (by: 'OWNER' | 'COUNTERPARTY') => ({
  id: 1,
  by,
  quantum: 1e8,
  unit_price_stored: 100,
  yield_stored: 0.07,
  fixed_field: 'yield' as const,
  note: null,
  created_at: '2026-11-27T05:00:00.000Z',
})

describe('rfqRows', () => {
  const quotes = [
    quote(1, { quote_type: 'BID', yield_stored: 0.0714, display_name: '7.18% GS 2033' }),
    quote(2, { yield_stored: 0.0701, display_name: '8.70% HDFC 2029', isin: 'INE001A07TM4' }),
    quote(3, { yield_stored: 0.0709 }),
  ]

  it('filters by side and by name or ISIN, then sorts by the column asked', () => {
    const asc = rfqRows(quotes, { side: 'ALL', text: '' }, { column: 'yield', direction: 'asc' })
    expect(asc.map((q) => q.id)).toEqual([2, 3, 1])
    const offers = rfqRows(
      quotes,
      { side: 'ASK', text: '' },
      { column: 'yield', direction: 'desc' },
    )
    expect(offers.map((q) => q.id)).toEqual([3, 2])
    const byIsin = rfqRows(
      quotes,
      { side: 'ALL', text: 'ine001' },
      { column: 'bond', direction: 'asc' },
    )
    expect(byIsin.map((q) => q.id)).toEqual([2])
  })

  it('finds a bond by its name as typed (any case, spaces around), and everything for no text', () => {
    const all = (text: string) =>
      rfqRows(quotes, { side: 'ALL', text }, { column: 'yield', direction: 'asc' }).map((q) => q.id)
    expect(all('  HDFC ')).toEqual([2])
    expect(all('gs 2033')).toEqual([3, 1])
    expect(all('')).toEqual([2, 3, 1])
    expect(all('nothing like it')).toEqual([])
  })

  it('sorts bond names as a desk reads them: numbers by value, case aside', () => {
    const named = [
      quote(1, { display_name: '10.00% GS 2030' }),
      quote(2, { display_name: '9.00% GS 2030' }),
      quote(3, { display_name: '7.18% gs 2033' }),
      quote(4, { display_name: '7.18% GS 2037' }),
    ]
    const order = (direction: 'asc' | 'desc') =>
      rfqRows(named, { side: 'ALL', text: '' }, { column: 'bond', direction }).map((q) => q.id)
    expect(order('asc')).toEqual([3, 4, 2, 1])
    expect(order('desc')).toEqual([1, 2, 4, 3])
  })

  it('sorts a quote without a yield below every yield', () => {
    const mixed = [quote(1, { yield_stored: 0.07 }), quote(2, { yield_stored: null })]
    expect(
      rfqRows(mixed, { side: 'ALL', text: '' }, { column: 'yield', direction: 'asc' }).map(
        (q) => q.id,
      ),
    ).toEqual([2, 1])
  })

  it('breaks ties by the newest quote', () => {
    const same = [quote(1), quote(2)]
    expect(
      rfqRows(same, { side: 'ALL', text: '' }, { column: 'bond', direction: 'asc' }).map(
        (q) => q.id,
      ),
    ).toEqual([2, 1])
  })
})

describe('sortRfqRows', () => {
  const all = { side: 'ALL' as const, text: '' }
  const byPrice = { column: 'price' as const, direction: 'asc' as const }
  const many = Array.from({ length: 60 }, (_, i) =>
    quote(i + 1, {
      unit_price_stored: 100 + ((i * 7) % 13),
      quote_type: i % 3 === 0 ? 'BID' : 'ASK',
      display_name: `${(i % 9) + 1}.00% GS 20${30 + (i % 5)}`,
    }),
  )

  it('moves only the quotes patched in place, as a full sort would order them', () => {
    let quotes = many
    for (const [sort, filter] of [
      [byPrice, all],
      [
        { column: 'bond', direction: 'desc' },
        { side: 'ASK', text: '' },
      ],
      [
        { column: 'expiry', direction: 'asc' },
        { side: 'ALL', text: 'gs 203' },
      ],
    ] as const) {
      let state = sortRfqRows(quotes, filter, sort)
      for (let round = 1; round <= 20; round += 1) {
        quotes = quotes.map((q, i) =>
          (i * round) % 11 === 0
            ? { ...q, unit_price_stored: 100 + ((i * round) % 17), updated_at: `t${round}` }
            : q,
        )
        state = sortRfqRows(quotes, filter, sort, state)
        expect(state.rows.map((q) => q.id)).toEqual(rfqRows(quotes, filter, sort).map((q) => q.id))
        expect(state.rows.every((row) => quotes.includes(row))).toBe(true)
      }
    }
  })

  it('keeps a repriced row in place when its key did not change, and answers the same rows for the same list', () => {
    const first = sortRfqRows(many, all, { column: 'expiry', direction: 'asc' })
    expect(sortRfqRows(many, all, { column: 'expiry', direction: 'asc' }, first)).toBe(first)
    const repriced = many.map((q) => (q.id === 30 ? { ...q, unit_price_stored: 1 } : q))
    const next = sortRfqRows(repriced, all, { column: 'expiry', direction: 'asc' }, first)
    expect(next.rows.findIndex((q) => q.id === 30)).toBe(first.rows.findIndex((q) => q.id === 30))
    expect(next.rows.find((q) => q.id === 30)?.unit_price_stored).toBe(1)
  })

  it('sorts afresh when quotes come or go, or the filter changes', () => {
    const first = sortRfqRows(many, all, byPrice)
    const fewer = many.slice(1)
    expect(sortRfqRows(fewer, all, byPrice, first).rows).toHaveLength(59)
    const bids = sortRfqRows(many, { side: 'BID', text: '' }, byPrice, first)
    expect(bids.rows.every((q) => q.quote_type === 'BID')).toBe(true)
  })
})

describe('CellMemory', () => {
  it('marks the numbers that went up or down, nothing on first sight, and keeps a move until the next change', () => {
    const memory = new CellMemory()
    expect(memory.moves(quote(1)).cells).toEqual({})
    expect(memory.moves(quote(2)).cells).toEqual({})
    const moved = quote(1, {
      yield_stored: 0.0715,
      unit_price_stored: 100.1,
      updated_at: '2026-11-27T05:01:00.000Z',
    })
    const first = memory.moves(moved)
    expect(first).toEqual({ cells: { yield: 'up', price: 'down' }, tick: 1 })
    // A re-render, or the same version fetched again, keeps the move (the flash is not restarted).
    expect(memory.moves(moved)).toBe(first)
    expect(memory.moves({ ...moved })).toBe(first)
    expect(memory.moves(quote(2)).cells).toEqual({})
    // The next change compares with the version shown last, and flips the flash to play again.
    const again = { ...moved, quantum: 1, updated_at: '2026-11-27T05:02:00.000Z' }
    expect(memory.moves(again)).toEqual({ cells: { quantum: 'down' }, tick: 0 })
  })

  it('marks no move where a number is missing on either side', () => {
    const memory = new CellMemory()
    memory.moves(quote(1, { yield_stored: null }))
    const priced = quote(1, { yield_stored: 0.07, updated_at: '2026-11-27T06:00:00.000Z' })
    expect(memory.moves(priced).cells).toEqual({})
    const unpriced = quote(1, { yield_stored: null, updated_at: '2026-11-27T06:01:00.000Z' })
    expect(memory.moves(unpriced).cells).toEqual({})
  })

  it('forgets only past twice the list and a hundred more', () => {
    const at = (limit: number) => {
      const memory = new CellMemory()
      for (let id = 1; id <= limit; id += 1) memory.moves(quote(id))
      memory.keep([quote(1)])
      const moved = quote(2, { unit_price_stored: 101, updated_at: '2026-11-27T06:00:00.000Z' })
      return memory.moves(moved).cells
    }
    expect(at(102)).toEqual({ price: 'up' }) // 102 = 2 × 1 + 100: kept
    expect(at(103)).toEqual({}) // one more: quote 2 forgotten, a first sight
  })

  it('forgets quotes no longer listed once it holds many more than the list', () => {
    const memory = new CellMemory()
    for (let id = 1; id <= 300; id += 1) memory.moves(quote(id))
    memory.keep([quote(1)])
    const moved = quote(2, { unit_price_stored: 101, updated_at: '2026-11-27T06:00:00.000Z' })
    expect(memory.moves(moved).cells).toEqual({})
    expect(
      memory.moves(quote(1, { unit_price_stored: 101, updated_at: '2026-11-27T06:00:00.000Z' }))
        .cells,
    ).toEqual({ price: 'up' })
  })
})

describe('negotiationActions', () => {
  it('lets a side accept only the other side’s last counter, and names the quotes to close', () => {
    expect(negotiationActions(thread({ entries: [entry('COUNTERPARTY')] }))).toEqual({
      counter: true,
      accept: true,
      close: { id: 10, opposing: 11 },
    })
    expect(
      negotiationActions(thread({ entries: [entry('COUNTERPARTY'), entry('OWNER')] })).accept,
    ).toBe(false)
    const counterparty = negotiationActions(
      thread({ side: 'COUNTERPARTY', entries: [entry('COUNTERPARTY'), entry('OWNER')] }),
    )
    expect(counterparty).toEqual({ counter: true, accept: true, close: { id: 11, opposing: 10 } })
    expect(negotiationActions(thread({ entries: [] })).accept).toBe(false)
    expect(
      negotiationActions(thread({ state: 'DEALT', entries: [entry('COUNTERPARTY')] })),
    ).toMatchObject({
      counter: false,
      accept: false,
    })
  })
})

describe('sideLabel', () => {
  it('says the side as the desk does', () => {
    expect(sideLabel('BID')).toBe('Bid')
    expect(sideLabel('ASK')).toBe('Offer')
  })
})

describe('dealBrokers', () => {
  const entry = (patch: Partial<NetworkEntry>): NetworkEntry => ({
    id: 'p1',
    kind: 'partner',
    is_partner: true,
    offline_record: false,
    client_id: 'p1',
    name: 'Partner Brokers',
    brand_name: null,
    nsccl_code: null,
    iccl_code: null,
    is_broker: true,
    contact_name: null,
    email: null,
    mobile: null,
    members: [],
    created_at: '2026-11-27T05:00:00.000Z',
    ...patch,
  })

  it('offers the other firm when it is a broker, then the caller’s broker partners, each once', () => {
    const securities = { client_id: 'sec', name: 'Demo Securities' }
    expect(
      dealBrokers(thread({ other_broker: securities }), [
        entry({}),
        entry({ id: 'sec', client_id: 'sec', name: 'Demo Securities (partner)' }),
        entry({ id: 'f', client_id: 'f', name: 'Demo Funds', is_broker: false }),
        entry({
          id: 'o',
          kind: 'offline',
          is_partner: false,
          offline_record: true,
          client_id: null,
          name: 'Phone Brokers',
        }),
        entry({ id: 'x', client_id: 'x', name: 'Listed Brokers', is_partner: false }),
        entry({ id: 'n', client_id: null, name: 'No Firm Brokers' }),
        entry({ id: 'p2', client_id: 'p2', name: 'Second Brokers' }),
      ]),
    ).toEqual([
      securities,
      { client_id: 'p1', name: 'Partner Brokers' },
      { client_id: 'p2', name: 'Second Brokers' },
    ])
  })

  it('offers nothing when the other firm is no broker and no partner is one', () => {
    expect(dealBrokers(thread(), [entry({ is_broker: false })])).toEqual([])
    expect(dealBrokers(thread(), [])).toEqual([])
  })
})
