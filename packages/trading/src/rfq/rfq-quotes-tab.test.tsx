import { useTradeStreamQuery } from '@bonds/api-client'
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { TRADE_RESTRICTION_TEXT } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  makeEntry,
  makeNegotiation,
  makeQuote,
  makeQuoteMessage,
  makeQuotePage,
} from '../testing/rfq-factory.ts'
import { LIST_REFETCH_MS } from './api.ts'
import { RfqQuotesTab } from './rfq-quotes-tab.tsx'

const picker = (onPick: (bond: { finstrument_id: string; display_name: string }) => void) => (
  <button
    type="button"
    onClick={() => onPick({ finstrument_id: 'IN0020230085', display_name: '7.18% GS 2033' })}
  >
    Pick 7.18% GS 2033
  </button>
)

function renderTab(fake: FakeFetch, canTrade = true) {
  return renderWithStore(<RfqQuotesTab canTrade={canTrade} renderBondPicker={picker} />, { fake })
}

const offer = makeQuote({ id: 10 })
const bid = makeQuote({
  id: 20,
  quote_type: 'BID',
  display_name: '8.70% HDFC 2029',
  isin: 'INE001A07TM4',
  yield_stored: 0.0871,
  unit_price_stored: 99.8,
  quantum: 5_00_00_000,
  updated_at: '2026-11-27T05:03:00.000Z',
})

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => row.getAttribute('aria-hidden') !== 'true')

describe('RfqQuotesTab', () => {
  it('shows the spec’s text and the live quotes, sorted and filtered as asked', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/rfq-quote/', {
      body: makeQuotePage([offer, bid]),
    })
    renderTab(fake)
    expect(
      screen.getByText(
        'View all live quotes on the exchanges and execute trades on NSE and BSE RFQ.',
      ),
    ).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'RFQ quotes' })
    expect(fake.callsTo('GET', 'api/eoi/rfq-quote/')[0]?.query.get('paginate')).toBe('false')
    const gsRow = bodyRows(table).find((row) => row.textContent?.includes('GS 2033')) as HTMLElement
    const cells = within(gsRow)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(0, 6)).toEqual([
      '7.18% GS 2033',
      'Offer',
      '7.1200%',
      '100.4523',
      '₹25 cr',
      '30-Nov-2026',
    ])

    await userEvent.click(within(table).getByRole('button', { name: /Yield/ }))
    expect(bodyRows(table).map((row) => row.textContent)).toEqual([
      expect.stringContaining('7.18% GS 2033'),
      expect.stringContaining('8.70% HDFC 2029'),
    ])
    await userEvent.click(within(table).getByRole('button', { name: /Yield/ }))
    expect(within(table).getAllByRole('columnheader')[2]).toHaveAttribute('aria-sort', 'descending')
    expect(bodyRows(table)[0]).toHaveTextContent('8.70% HDFC 2029')

    await userEvent.click(screen.getByRole('radio', { name: 'Bids' }))
    expect(bodyRows(table)).toHaveLength(1)
    await userEvent.click(screen.getByRole('radio', { name: 'All' }))
    await userEvent.type(screen.getByLabelText('Filter by bond'), 'ine001')
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1))
    expect(bodyRows(table)[0]).toHaveTextContent('8.70% HDFC 2029')
  })

  function Live() {
    useTradeStreamQuery()
    return <RfqQuotesTab canTrade renderBondPicker={picker} />
  }

  async function liveTable(fake: FakeFetch) {
    const { sockets } = renderWithStore(<Live />, { fake })
    const table = await screen.findByRole('table', { name: 'RFQ quotes' })
    await waitFor(() => expect(sockets.peers.length).toBeGreaterThan(0))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
    })
    return { table, socket: sockets.last() }
  }

  it('patches a cell from the socket without a request, flashing only what moved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const fake = createFakeFetch().on('GET', 'api/eoi/rfq-quote/', {
        body: makeQuotePage([offer, bid]),
      })
      const { table, socket } = await liveTable(fake)
      const focused = bodyRows(table).find((row) => row.textContent?.includes('GS 2033'))
      act(() => focused?.focus())
      act(() => {
        socket.receive({
          type: 'batch',
          messages: [
            {
              type: 'quotes_eoi',
              data: makeQuoteMessage({
                ...offer,
                unit_price_stored: 100.5,
                updated_at: '2026-11-27T05:10:00.000Z',
              }),
            },
            {
              type: 'quotes_eoi',
              data: makeQuoteMessage({ ...bid, id: 30, updated_at: '2026-11-27T05:11:00.000Z' }),
            },
          ],
        })
      })
      const price = await within(table).findByRole('cell', { name: /100\.5000/ })
      expect(price).toHaveAttribute('data-move', 'up')
      expect(price).toHaveTextContent('100.5000, up')
      expect(price.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
      const row = price.closest('tr') as HTMLElement
      // The same row element, still focused: the keyboard keeps its place while quotes move.
      expect(row).toBe(focused)
      expect(row).toHaveFocus()
      expect(within(row).getByRole('cell', { name: /7\.1200%/ })).not.toHaveAttribute('data-move')
      expect(bodyRows(table)).toHaveLength(3)
      // Past any refetch the stream could have scheduled: the list was asked once.
      await act(() => vi.advanceTimersByTimeAsync(LIST_REFETCH_MS * 2))
      expect(fake.callsTo('GET', 'api/eoi/rfq-quote/')).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('drops a quote that expired the moment the socket says so, without a request', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/rfq-quote/', {
      body: makeQuotePage([offer, bid]),
    })
    const { table, socket } = await liveTable(fake)
    expect(bodyRows(table)).toHaveLength(2)
    act(() => {
      socket.receive({
        type: 'quotes_eoi',
        data: makeQuoteMessage({
          ...offer,
          state: 'EXPIRED',
          updated_at: '2026-11-27T05:10:00.000Z',
        }),
      })
    })
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1))
    expect(bodyRows(table)[0]).toHaveTextContent('8.70% HDFC 2029')
    expect(fake.callsTo('GET', 'api/eoi/rfq-quote/')).toHaveLength(1)
  })

  it('fetches the list again for a message without the quote', async () => {
    const fake = createFakeFetch().on(
      'GET',
      'api/eoi/rfq-quote/',
      { body: makeQuotePage([offer, bid]) },
      { body: makeQuotePage([bid]) },
    )
    const { table, socket } = await liveTable(fake)
    act(() => {
      socket.receive({
        type: 'quotes_eoi',
        data: { eoi_id: 10, finstrument_id: 'IN0020230085', quote_type: 'ASK', state: 'CLOSED' },
      })
    })
    await waitFor(() => expect(fake.callsTo('GET', 'api/eoi/rfq-quote/')).toHaveLength(2))
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1))
  })

  it('opens a quote’s negotiation: accepts the other side’s last counter, or counters', async () => {
    const mine = makeQuote({
      mine: true,
      negotiations: [makeNegotiation({ entries: [makeEntry()] })],
    })
    const dealt = makeNegotiation({
      state: 'DEALT',
      deal: {
        unit_price_stored: 100.3,
        yield_stored: 0.0714,
        quantum: 10_00_00_000,
        broker_id: null,
        dealt_at: '2026-11-27T05:05:00.000Z',
        ticket_id: 41,
      },
    })
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/eoi/rfq-quote/',
        { body: makeQuotePage([mine]) },
        { body: makeQuotePage([{ ...mine, negotiations: [dealt] }]) },
      )
      .on('GET', 'api/clients/', { body: { results: [], count: 0, page: 1, page_size: 100 } })
      .on('PUT', 'api/trade/d/eoi/10/close/', { body: dealt })
    renderTab(fake)
    const table = await screen.findByRole('table', { name: 'RFQ quotes' })
    const row = bodyRows(table)[0] as HTMLElement
    row.focus()
    await userEvent.keyboard('{Enter}')
    const thread = await screen.findByRole('region', { name: 'Negotiation with Demo Securities' })
    expect(thread).toHaveTextContent('Demo Securities: 7.1400% · 100.3000 for ₹10 cr')
    // No broker the deal may name (the other firm is none, nor is any partner): none offered.
    await waitFor(() => expect(fake.callsTo('GET', 'api/clients/')).toHaveLength(1))
    expect(within(thread).queryByLabelText('Broker on the deal')).not.toBeInTheDocument()
    await userEvent.click(within(thread).getByRole('button', { name: /Accept/ }))
    expect(fake.callsTo('PUT', 'api/trade/d/eoi/10/close/')[0]?.body).toEqual({
      opposing_eoi: 11,
      confirm: true,
    })
    expect(
      await screen.findByText(/Deal: 7.18% GS 2033 7.1400% · 100.3000 for ₹10 cr/),
    ).toBeInTheDocument()
  })

  it('starts a counter in a thread at the size of its last counter, not the quote’s', async () => {
    const mine = makeQuote({
      mine: true,
      quantum: 25_00_00_000,
      negotiations: [makeNegotiation({ entries: [makeEntry({ quantum: 10_00_00_000 })] })],
    })
    const fake = createFakeFetch()
      .on('GET', 'api/eoi/rfq-quote/', { body: makeQuotePage([mine]) })
      .on('GET', 'api/clients/', { body: { results: [], count: 0, page: 1, page_size: 100 } })
    renderTab(fake)
    const table = await screen.findByRole('table', { name: 'RFQ quotes' })
    await userEvent.click(bodyRows(table)[0] as HTMLElement)
    const thread = await screen.findByRole('region', { name: 'Negotiation with Demo Securities' })
    expect(within(thread).getByLabelText('Counter quantum (₹ crore)')).toHaveValue('10')
  })

  it('offers only the brokers the deal may name, sends the one chosen, and shows a refusal on it', async () => {
    const mine = makeQuote({
      mine: true,
      negotiations: [
        makeNegotiation({
          entries: [makeEntry()],
          other_broker: { client_id: 'sec', name: 'Demo Securities' },
        }),
      ],
    })
    const partner = (client_id: string, name: string, is_broker: boolean) => ({
      id: client_id,
      kind: 'partner',
      is_partner: true,
      offline_record: false,
      client_id,
      name,
      brand_name: null,
      nsccl_code: null,
      iccl_code: null,
      is_broker,
      contact_name: null,
      email: null,
      mobile: null,
      members: [],
      created_at: '2026-11-27T05:00:00.000Z',
    })
    const message = 'Broker not allowed on this deal'
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/eoi/rfq-quote/',
        { body: makeQuotePage([mine]) },
        { body: makeQuotePage([mine]) },
      )
      .on('GET', 'api/clients/', {
        body: {
          results: [partner('p1', 'Partner Brokers', true), partner('f', 'Demo Funds', false)],
          count: 2,
          page: 1,
          page_size: 100,
        },
      })
      .on(
        'PUT',
        'api/trade/d/eoi/10/close/',
        { status: 400, body: { message, fields: { broker_id: message } } },
        { body: makeNegotiation({ state: 'CLOSED' }) },
      )
    renderTab(fake)
    const table = await screen.findByRole('table', { name: 'RFQ quotes' })
    await userEvent.click(bodyRows(table)[0] as HTMLElement)
    const thread = await screen.findByRole('region', { name: 'Negotiation with Demo Securities' })
    await waitFor(() =>
      expect(
        within(thread)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No broker', 'Demo Securities', 'Partner Brokers']),
    )
    const select = within(thread).getByLabelText('Broker on the deal')
    expect(fake.callsTo('GET', 'api/clients/')[0]?.url).toContain('is_partner=true')
    await userEvent.selectOptions(select, 'Partner Brokers')
    await userEvent.click(within(thread).getByRole('button', { name: /Accept/ }))
    await waitFor(() => expect(fake.callsTo('PUT', 'api/trade/d/eoi/10/close/')).toHaveLength(1))
    expect(fake.callsTo('PUT', 'api/trade/d/eoi/10/close/')[0]?.body).toEqual({
      opposing_eoi: 11,
      confirm: true,
      broker_id: 'p1',
    })
    await waitFor(() => expect(select).toHaveAccessibleDescription(message))
    // A decline names no broker, whichever is chosen.
    await userEvent.click(within(thread).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(fake.callsTo('PUT', 'api/trade/d/eoi/10/close/')).toHaveLength(2))
    expect(fake.callsTo('PUT', 'api/trade/d/eoi/10/close/')[1]?.body).toEqual({
      opposing_eoi: 11,
      confirm: false,
    })
  })

  it('counters another desk’s quote, the yield as a fraction and the quantum in rupees', async () => {
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/eoi/rfq-quote/',
        { body: makeQuotePage([offer]) },
        { body: makeQuotePage([offer]) },
      )
      .on('POST', 'api/eoi/add-negotiation/', {
        status: 201,
        body: makeNegotiation({ side: 'COUNTERPARTY' }),
      })
    renderTab(fake)
    const table = await screen.findByRole('table', { name: 'RFQ quotes' })
    await userEvent.click(bodyRows(table)[0] as HTMLElement)
    const form = await screen.findByRole('form', { name: 'Counter-quote' })
    await userEvent.type(within(form).getByLabelText('Counter yield (%)'), '7.15')
    const quantum = within(form).getByLabelText('Counter quantum (₹ crore)')
    await userEvent.clear(quantum)
    await userEvent.type(quantum, '10')
    await userEvent.click(within(form).getByRole('button', { name: 'Send counter' }))
    await waitFor(() => expect(fake.callsTo('POST', 'api/eoi/add-negotiation/')).toHaveLength(1))
    expect(fake.callsTo('POST', 'api/eoi/add-negotiation/')[0]?.body).toEqual({
      eoi_id: 10,
      quantum: 10_00_00_000,
      yield_stored: 0.0715,
    })
  })

  it('posts a new quote with a delta settlement and a validity', async () => {
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/eoi/rfq-quote/',
        { body: makeQuotePage([]) },
        { body: makeQuotePage([offer]) },
      )
      .on('POST', 'api/trade/eoi/', { status: 201, body: { id: 10 } })
    renderTab(fake)
    expect(await screen.findByText(/No live quotes right now/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'New quote' }))
    const form = screen.getByRole('form', { name: 'New quote' })
    await userEvent.click(within(form).getByRole('button', { name: 'Post quote' }))
    expect(within(form).getByText('Choose a bond')).toBeInTheDocument()
    await userEvent.click(within(form).getByRole('button', { name: 'Pick 7.18% GS 2033' }))
    await userEvent.type(within(form).getByLabelText('Yield (%)'), '7.12')
    await userEvent.type(within(form).getByLabelText('Quantum (₹ crore)'), '25')
    expect(within(form).getByText('₹25,00,00,000')).toBeInTheDocument()
    await userEvent.click(within(form).getByRole('radio', { name: 'T+2' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Post quote' }))
    await waitFor(() => expect(fake.callsTo('POST', 'api/trade/eoi/')).toHaveLength(1))
    expect(fake.callsTo('POST', 'api/trade/eoi/')[0]?.body).toMatchObject({
      finstrument_id: 'IN0020230085',
      quote_type: 'ASK',
      fixed_field: 'yield',
      yield_stored: 0.0712,
      quantum: 25_00_00_000,
      settlement_delta: 2,
    })
  })

  it('shows the trade-timing text and no entry without trade access', async () => {
    const fake = createFakeFetch().on('GET', 'api/eoi/rfq-quote/', { body: makeQuotePage([]) })
    renderTab(fake, false)
    expect(await screen.findByText(TRADE_RESTRICTION_TEXT)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New quote' })).toBeNull()
  })
})
