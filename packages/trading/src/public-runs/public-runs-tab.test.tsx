import { useTradeStreamQuery } from '@bonds/api-client'
import { createFakeFetch } from '@bonds/api-client/testing'
import { TRADE_RESTRICTION_TEXT, type PublicRun } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeCluster, makeQuoteMessage, makeRun, makeRunPage } from '../testing/rfq-factory.ts'
import { PublicRunsTab } from './public-runs-tab.tsx'

describe('PublicRunsTab', () => {
  it('shows the spec’s text and one line per bond with its best bid and offer', async () => {
    const fake = createFakeFetch().on('GET', 'api/trade/d/market/', {
      body: makeRunPage([
        makeRun(),
        makeRun({ finstrument_id: 'X', display_name: '6.54% GS 2032', ask: null }),
      ]),
    })
    renderWithStore(<PublicRunsTab canTrade exchanges={['NSE', 'BSE']} />, { fake })
    expect(
      screen.getByText('CBC quotes published in the market will be displayed here.'),
    ).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Public runs' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6.54% GS 2032', '7.1400% · 100.3100 · ₹10 cr', '—', '3'])
    expect(second).toHaveTextContent('7.1200% · 100.4523 · ₹25 cr')
    await userEvent.click(within(table).getByRole('button', { name: 'Bond' }))
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('7.18% GS 2033')
  })

  it('accepts the caller’s side of a cluster at the priced numbers, on the exchange chosen', async () => {
    const cluster = makeCluster()
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/trade/d/market/',
        { body: makeRunPage([makeRun({ clusters: [cluster] })]) },
        {
          body: makeRunPage([
            makeRun({ clusters: [{ ...cluster, seller_accepted_at: '2026-11-27T05:03:00.000Z' }] }),
          ]),
        },
      )
      .on('GET', 'api/cluster/5/', {
        body: {
          cluster_id: 5,
          unit_clean_price: 100.4523,
          bond_yield: 0.0712,
          settlement_date: '2026-11-30',
          quantity: 10_00_00_000,
          accrued_interest: 1.2,
          total_accrued_interest: 12_00_000,
          consideration: 10_16_52_300,
        },
      })
      .on('POST', 'api/cluster/5/accept/', {
        body: { ...cluster, seller_accepted_at: '2026-11-27T05:03:00.000Z' },
      })
    renderWithStore(<PublicRunsTab canTrade exchanges={['NSE', 'BSE']} />, { fake })
    expect(
      await screen.findByText(
        /7.18% GS 2033 — Cluster: you sell to Demo Securities ₹10 cr at 100.4523/,
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Your clusters' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('combobox', { name: 'Exchange' }))
    await userEvent.click(await screen.findByRole('option', { name: 'BSE' }))
    await userEvent.click(screen.getByRole('button', { name: 'Accept cluster' }))
    await waitFor(() => expect(fake.callsTo('POST', 'api/cluster/5/accept/')).toHaveLength(1))
    const [call] = fake.callsTo('POST', 'api/cluster/5/accept/')
    expect(call?.query.get('lsId')).toBe(cluster.updated_at)
    expect(call?.body).toEqual({
      bond_yield: 0.0712,
      unit_clean_price: 100.4523,
      total_accrued_interest: 12_00_000,
      exchange: 'BSE',
    })
    expect(await screen.findByText(/you accepted/)).toBeInTheDocument()
  })

  it('shows every bond of the market: the server’s pages read in turn, only the lines in view drawn', async () => {
    const bond = (at: number) =>
      makeRun({
        finstrument_id: `B${String(at).padStart(3, '0')}`,
        isin: `IN00${String(at).padStart(8, '0')}`,
        display_name: `7.${String(at).padStart(3, '0')}% SDL 2035`,
      })
    const all = Array.from({ length: 130 }, (_, at) => bond(at))
    const fake = createFakeFetch().on(
      'GET',
      'api/trade/d/market/',
      { body: { ...makeRunPage(all.slice(0, 100)), count: 130 } },
      { body: { ...makeRunPage(all.slice(100)), count: 130, page: 2 } },
    )
    renderWithStore(<PublicRunsTab canTrade exchanges={['NSE']} />, { fake })
    const table = await screen.findByRole('table', { name: 'Public runs' })
    const calls = fake.callsTo('GET', 'api/trade/d/market/')
    expect(calls.map((call) => call.query.get('page'))).toEqual(['1', '2'])
    expect(calls.map((call) => call.query.get('page_size'))).toEqual(['100', '100'])
    const drawn = () =>
      within(table)
        .getAllByRole('row')
        .filter((row) => row.querySelector('td'))
    expect(drawn().length).toBeLessThan(60)
    expect(drawn()[0]).toHaveTextContent('7.000% SDL 2035')
    // The last page's last bond is in the list: first when the bonds are sorted the other way.
    await userEvent.click(within(table).getByRole('button', { name: 'Bond' }))
    expect(within(table).getByRole('columnheader', { name: 'Bond' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    expect(drawn()[0]).toHaveTextContent('7.129% SDL 2035')
  })

  it('sorts by the best bid and offer from the header, a side without a level last', async () => {
    const fake = createFakeFetch().on('GET', 'api/trade/d/market/', {
      body: makeRunPage([
        makeRun(),
        makeRun({ finstrument_id: 'X', display_name: '6.54% GS 2032', bid: null }),
        makeRun({
          finstrument_id: 'Y',
          display_name: '7.26% GS 2034',
          bid: { ...makeRun().bid!, unit_price_stored: 99.1 },
        }),
      ]),
    })
    renderWithStore(<PublicRunsTab canTrade exchanges={[]} />, { fake })
    const table = await screen.findByRole('table', { name: 'Public runs' })
    const bonds = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent)
    const bid = within(table).getByRole('button', { name: 'Bid (yield · price · size)' })
    await userEvent.click(bid)
    expect(bonds()).toEqual(['7.26% GS 2034', '7.18% GS 2033', '6.54% GS 2032'])
    bid.focus()
    await userEvent.keyboard('{Enter}')
    expect(bonds()).toEqual(['7.18% GS 2033', '7.26% GS 2034', '6.54% GS 2032'])
  })

  it('fetches the runs again when a quote streams in, and flashes only the side that moved', async () => {
    const fake = createFakeFetch().on(
      'GET',
      'api/trade/d/market/',
      { body: makeRunPage([makeRun()]) },
      {
        body: makeRunPage([
          makeRun({
            bid: { ...makeRun().bid!, unit_price_stored: 100.35 },
            updated_at: '2026-11-27T05:10:00.000Z',
          }),
        ]),
      },
    )
    function Live() {
      useTradeStreamQuery()
      return <PublicRunsTab canTrade exchanges={['NSE']} />
    }
    const { sockets } = renderWithStore(<Live />, { fake })
    const table = await screen.findByRole('table', { name: 'Public runs' })
    await waitFor(() => expect(sockets.peers.length).toBeGreaterThan(0))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({
        type: 'quotes_eoi',
        data: makeQuoteMessage({ quote_type: 'BID', unit_price_stored: 100.35 }),
      })
    })
    const bid = await within(table).findByRole('cell', { name: /100\.3500/ })
    const calls = fake.callsTo('GET', 'api/trade/d/market/')
    expect(calls).toHaveLength(2)
    // Only the bond the quote named is read again (decision 410).
    expect(calls[1]?.query.get('finstrument_id')).toBe('IN0020230085')
    expect(bid).toHaveAttribute('data-move', 'up')
    expect(bid).toHaveTextContent('7.1400% · 100.3500 · ₹10 cr, up')
    expect(bid.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
    const offer = within(table).getByRole('cell', { name: /100\.4523/ })
    expect(offer).not.toHaveAttribute('data-move')
  })

  it('reads only the bonds the stream named, not every page: changed, new and gone lines patched in', async () => {
    const bond = (at: number, patch: Partial<PublicRun> = {}) =>
      makeRun({
        finstrument_id: `B${String(at).padStart(3, '0')}`,
        isin: `IN00${String(at).padStart(8, '0')}`,
        display_name: `7.${String(at).padStart(3, '0')}% SDL 2035`,
        ...patch,
      })
    const all = Array.from({ length: 130 }, (_, at) => bond(at * 2))
    const fake = createFakeFetch().on(
      'GET',
      'api/trade/d/market/',
      { body: { ...makeRunPage(all.slice(0, 100)), count: 130 } },
      { body: { ...makeRunPage(all.slice(100)), count: 130, page: 2 } },
      // The bonds named: B000's offer moved, B001 is new, B002 has no live quote left.
      { body: makeRunPage([bond(0, { ask: null }), bond(1)]) },
      // A message naming no bond: the whole market again, every page.
      { body: { ...makeRunPage(all.slice(0, 100)), count: 130 } },
      { body: { ...makeRunPage(all.slice(100)), count: 130, page: 2 } },
    )
    function Live() {
      useTradeStreamQuery()
      return <PublicRunsTab canTrade exchanges={['NSE']} />
    }
    const { sockets } = renderWithStore(<Live />, { fake })
    const table = await screen.findByRole('table', { name: 'Public runs' })
    await waitFor(() => expect(fake.callsTo('GET', 'api/trade/d/market/')).toHaveLength(2))
    await waitFor(() => expect(sockets.peers.length).toBeGreaterThan(0))
    const quote = (at: number) =>
      makeQuoteMessage({ finstrument_id: `B${String(at).padStart(3, '0')}` })
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({ type: 'quotes_eoi', data: quote(0) })
      sockets.last().receive({ type: 'quotes_eoi', data: quote(2) })
      sockets.last().receive({ type: 'quotes_stream', data: { finstrument_id: 'B001' } })
      sockets.last().receive({ type: 'quotes_eoi', data: quote(0) })
    })
    expect(await within(table).findByText('7.001% SDL 2035')).toBeInTheDocument()
    const calls = fake.callsTo('GET', 'api/trade/d/market/')
    expect(calls).toHaveLength(3)
    expect(calls[2]?.query.get('finstrument_id')).toBe('B000,B001,B002')
    expect(calls[2]?.query.get('page')).toBeNull()
    const cells = (name: string) =>
      within(within(table).getByText(name).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells('7.000% SDL 2035')[2]).toBe('—')
    expect(within(table).queryByText('7.002% SDL 2035')).not.toBeInTheDocument()
    expect(within(table).getByText('7.004% SDL 2035')).toBeInTheDocument()

    act(() => {
      sockets.last().receive({ type: 'quotes_cluster', data: { cluster_id: 5, state: 'OPEN' } })
    })
    await waitFor(() => expect(fake.callsTo('GET', 'api/trade/d/market/')).toHaveLength(5))
    expect(
      fake
        .callsTo('GET', 'api/trade/d/market/')
        .slice(3)
        .map((call) => call.query.get('page')),
    ).toEqual(['1', '2'])
  })

  it('reads over 100 changed bonds in reads of 100, and past 500 the whole market', async () => {
    const fake = createFakeFetch().on(
      'GET',
      'api/trade/d/market/',
      { body: makeRunPage([makeRun()]) },
      { body: makeRunPage([]) },
      { body: makeRunPage([]) },
      { body: makeRunPage([makeRun({ quotes: 7 })]) },
    )
    function Live() {
      useTradeStreamQuery()
      return <PublicRunsTab canTrade exchanges={['NSE']} />
    }
    const { sockets } = renderWithStore(<Live />, { fake })
    await screen.findByRole('table', { name: 'Public runs' })
    await waitFor(() => expect(sockets.peers.length).toBeGreaterThan(0))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      for (let at = 0; at < 101; at += 1) {
        sockets.last().receive({ type: 'quotes_stream', data: { finstrument_id: `B${at}` } })
      }
    })
    await waitFor(() => expect(fake.callsTo('GET', 'api/trade/d/market/')).toHaveLength(3))
    const chunks = fake
      .callsTo('GET', 'api/trade/d/market/')
      .slice(1)
      .map((call) => call.query.get('finstrument_id')?.split(',').length)
    expect(chunks.sort()).toEqual([1, 100])
    act(() => {
      for (let at = 0; at < 501; at += 1) {
        sockets.last().receive({ type: 'quotes_stream', data: { finstrument_id: `C${at}` } })
      }
    })
    await waitFor(() => expect(fake.callsTo('GET', 'api/trade/d/market/')).toHaveLength(4))
    const whole = fake.callsTo('GET', 'api/trade/d/market/')[3]
    expect(whole?.query.get('page')).toBe('1')
    expect(whole?.query.get('finstrument_id')).toBeNull()
  })

  it('lets a quoting user negotiate a cluster: the line takes the answer, a streamed change is shown', async () => {
    const cluster = makeCluster()
    const negotiated = { ...cluster, buyer_price: 100.5, seller_price: 100.5, updated_at: 'v2' }
    const theirs = { ...negotiated, buyer_price: 100.55, seller_price: 100.55, updated_at: 'v3' }
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/trade/d/market/',
        { body: makeRunPage([makeRun({ clusters: [cluster] })]) },
        { body: makeRunPage([makeRun({ clusters: [theirs] })]) },
      )
      .on('GET', 'api/trade/facilitator/', { body: { results: [] } })
      .on('PUT', 'api/trade/cluster/5/', { body: negotiated })
    function Live() {
      useTradeStreamQuery()
      return <PublicRunsTab canTrade canQuote exchanges={['NSE']} />
    }
    const { sockets } = renderWithStore(<Live />, { fake })
    const negotiate = await screen.findByRole('button', { name: 'Negotiate' })
    expect(negotiate).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(negotiate)
    expect(negotiate).toHaveAttribute('aria-expanded', 'true')
    const form = screen.getByRole('form', { name: 'Negotiate cluster with Demo Securities' })
    const price = within(form).getByLabelText('Price (per ₹100)')
    await userEvent.clear(price)
    await userEvent.type(price, '100.5{Enter}')
    // The runs take the server's answer without asking again.
    expect(await screen.findByText(/you sell to Demo Securities ₹10 cr at 100.5000/)).toBeVisible()
    expect(fake.callsTo('GET', 'api/trade/d/market/')).toHaveLength(1)

    await waitFor(() => expect(sockets.peers.length).toBeGreaterThan(0))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({
        type: 'quotes_cluster',
        data: { cluster_id: 5, finstrument_id: cluster.finstrument_id, state: 'OPEN' },
      })
    })
    expect(await screen.findByText(/The terms changed: 100.5500/)).toBeInTheDocument()
    expect(fake.callsTo('GET', 'api/trade/d/market/')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Show the new terms' }))
    expect(within(form).getByLabelText('Price (per ₹100)')).toHaveValue('100.55')
  })

  it('closes a cluster from its line: the line goes, and focus lands on what was closed', async () => {
    const cluster = makeCluster()
    const fake = createFakeFetch()
      .on('GET', 'api/trade/d/market/', { body: makeRunPage([makeRun({ clusters: [cluster] })]) })
      .on('GET', 'api/trade/facilitator/', { body: { results: [] } })
      .on('PUT', 'api/trade/cluster/5/', {
        body: { ...cluster, state: 'CLOSED', updated_at: 'v2' },
      })
    renderWithStore(<PublicRunsTab canTrade canQuote exchanges={['NSE']} />, { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'Negotiate' }))
    await userEvent.click(screen.getByRole('button', { name: 'Close cluster' }))
    await userEvent.keyboard('{Enter}')
    const notice = await screen.findByText('Cluster closed: 7.18% GS 2033, Demo Securities.')
    expect(notice).toHaveFocus()
    expect(screen.queryByRole('list', { name: 'Your clusters' })).not.toBeInTheDocument()
    expect(fake.callsTo('PUT', 'api/trade/cluster/5/')[0]?.body).toMatchObject({ close: true })
    expect(fake.callsTo('GET', 'api/trade/d/market/')).toHaveLength(1)
  })

  it('offers no negotiation to a user who may not quote', async () => {
    const fake = createFakeFetch().on('GET', 'api/trade/d/market/', {
      body: makeRunPage([makeRun({ clusters: [makeCluster()] })]),
    })
    renderWithStore(<PublicRunsTab canTrade exchanges={['NSE']} />, { fake })
    expect(await screen.findByText(/Cluster: you sell to Demo Securities/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Negotiate' })).not.toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })

  it('shows the trade-timing text without trade access', async () => {
    const fake = createFakeFetch().on('GET', 'api/trade/d/market/', { body: makeRunPage([]) })
    renderWithStore(<PublicRunsTab canTrade={false} exchanges={[]} />, { fake })
    expect(await screen.findByText(TRADE_RESTRICTION_TEXT)).toBeInTheDocument()
  })
})
