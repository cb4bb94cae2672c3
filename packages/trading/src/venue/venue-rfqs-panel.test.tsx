import { useTradeStreamQuery } from '@bonds/api-client'
import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FIRMS_ON_NSE, SENT_TO_US, THREE_FIRMS, venuePage } from './fixtures.ts'
import { VenueRfqsPanel } from './venue-rfqs-panel.tsx'

const CAPTION = '7.18% GS 2033 · Your bid for ₹10 cr · NSE RFQ NSE-RFQ-20261126-000011'

describe('VenueRfqsPanel', () => {
  it('shows every firm’s quote on an RFQ sent to several; accepting one, the others read closed', async () => {
    const [securities, pia, quinn] = THREE_FIRMS as [
      (typeof THREE_FIRMS)[0],
      (typeof THREE_FIRMS)[0],
      (typeof THREE_FIRMS)[0],
    ]
    const after = [
      { ...securities, state: 'closed' as const, turn: null },
      { ...pia, state: 'dealt' as const, turn: null, ticket_id: 41 },
      { ...quinn, state: 'closed' as const, turn: null },
    ]
    const fake = createFakeFetch()
      .on('GET', 'api/venue/rfq/', { body: venuePage(THREE_FIRMS) })
      .on('POST', 'api/venue/rfq/12/accept/', { body: after[1] })
      .on('GET', 'api/venue/rfq/', { body: venuePage(after) })
    renderWithStore(<VenueRfqsPanel canAct />, { fake })
    const table = await screen.findByRole('table', { name: CAPTION })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Demo Securities', 'NSE RFQ · Quoted', '7.1100%', '₹10 cr'],
      ['Pia Capital', 'NSE RFQ · Quoted', '7.0900%', '₹10 cr'],
      ['Quinn Funds', 'NSE RFQ · Initiated', '—', '₹10 cr'],
    ])
    // Only quoted legs can be accepted.
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument()
    await userEvent.click(
      screen.getByRole('button', { name: 'Accept Pia Capital’s quote 7.0900%' }),
    )
    expect(await screen.findByText('NSE RFQ · Deal · ticket 41')).toBeInTheDocument()
    expect(screen.getAllByText('NSE RFQ · Closed')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/venue/rfq/12/accept/')).toHaveLength(1)
  })

  it('says why the venue refused, and offers nothing to a viewer who cannot act', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/venue/rfq/', { body: venuePage(THREE_FIRMS) })
      .on('POST', 'api/venue/rfq/11/accept/', {
        status: 409,
        body: { message: 'Another quote on this RFQ was accepted' },
      })
    const { unmount } = renderWithStore(<VenueRfqsPanel canAct />, { fake })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Accept Demo Securities’s quote 7.1100%' }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another quote on this RFQ was accepted',
    )
    unmount()
    const viewer = createFakeFetch().on('GET', 'api/venue/rfq/', { body: venuePage(THREE_FIRMS) })
    renderWithStore(<VenueRfqsPanel canAct={false} />, { fake: viewer })
    await screen.findByRole('table', { name: CAPTION })
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument()
  })

  it('lets the firm an RFQ was sent to quote it by yield, Enter sending; then it is the initiator’s turn', async () => {
    const quoted = {
      ...SENT_TO_US,
      state: 'quoted' as const,
      turn: 'initiator' as const,
      yield: 0.0709,
    }
    const fake = createFakeFetch()
      .on('GET', 'api/venue/rfq/', { body: venuePage([SENT_TO_US]) })
      .on('POST', 'api/venue/rfq/9/quote/', { body: quoted })
      .on('GET', 'api/venue/rfq/', { body: venuePage([quoted]) })
    renderWithStore(<VenueRfqsPanel canAct />, { fake })
    // The responder cannot accept its own RFQ before quoting it.
    await userEvent.click(await screen.findByRole('button', { name: 'Quote Demo Capital’s RFQ' }))
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument()
    const field = await screen.findByRole('textbox', { name: 'Yield (%)' })
    expect(field).toHaveValue('7.12')
    await userEvent.clear(field)
    await userEvent.type(field, '7.09{Enter}')
    expect(await screen.findByText('BSE RFQ · Quoted')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/venue/rfq/9/quote/')[0]?.body).toEqual({ yield: 0.0709 })
    // Now the initiator's turn: nothing more for this firm to do.
    expect(
      screen.queryByRole('button', { name: /^(Quote|Counter|Accept)/ }),
    ).not.toBeInTheDocument()
  })

  it('asks for a level before sending a counter, and shows the venue’s refusal', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/venue/rfq/', { body: venuePage(THREE_FIRMS) })
      .on('POST', 'api/venue/rfq/12/negotiate/', {
        status: 422,
        body: { message: 'NSE RFQ is closed: its session is 09:00–17:00 IST on business days' },
      })
    renderWithStore(<VenueRfqsPanel canAct />, { fake })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Counter Pia Capital’s quote' }),
    )
    const field = await screen.findByRole('textbox', { name: 'Yield (%)' })
    await userEvent.clear(field)
    await userEvent.click(screen.getByRole('button', { name: 'Send counter' }))
    expect(await screen.findByText('Enter the yield')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/venue/rfq/12/negotiate/')).toHaveLength(0)
    await userEvent.type(field, '7.1')
    await userEvent.click(screen.getByRole('button', { name: 'Send counter' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('NSE RFQ is closed')
    expect(fake.callsTo('POST', 'api/venue/rfq/12/negotiate/')[0]?.body).toEqual({ yield: 0.071 })
  })

  it('withdraws an RFQ sent to several firms from all of them; a responder cannot', async () => {
    const withdrawn = THREE_FIRMS.map((leg) => ({
      ...leg,
      state: 'cancelled' as const,
      turn: null,
    }))
    const fake = createFakeFetch()
      .on('GET', 'api/venue/rfq/', { body: venuePage(THREE_FIRMS) })
      .on('POST', 'api/venue/rfq/11/cancel/', { body: withdrawn[0] })
      .on('GET', 'api/venue/rfq/', { body: venuePage(withdrawn) })
    const { unmount } = renderWithStore(<VenueRfqsPanel canAct />, { fake })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Withdraw the RFQ NSE-RFQ-20261126-000011' }),
    )
    expect(await screen.findAllByText('NSE RFQ · Cancelled')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/venue/rfq/11/cancel/')).toHaveLength(1)
    unmount()
    const responder = createFakeFetch().on('GET', 'api/venue/rfq/', {
      body: venuePage([SENT_TO_US]),
    })
    renderWithStore(<VenueRfqsPanel canAct />, { fake: responder })
    await screen.findByRole('button', { name: /^Quote/ })
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument()
  })

  it('offers a new RFQ to a Dealer of a firm on an exchange even with none yet; its form loads when opened', async () => {
    const picker = () => <span>Bond search</span>
    const fake = createFakeFetch()
      .on('GET', 'api/venue/rfq/', { body: venuePage([]) })
      .on('GET', 'api/chatter/search-trade-participants', { body: FIRMS_ON_NSE })
    const { unmount } = renderWithStore(
      <VenueRfqsPanel canAct exchanges={['NSE']} renderBondPicker={picker} />,
      { fake },
    )
    const open = await screen.findByRole('button', { name: 'New RFQ' })
    expect(screen.getByText('No RFQs on the exchanges yet.')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'New RFQ' })).not.toBeInTheDocument()
    await userEvent.click(open)
    expect(await screen.findByRole('form', { name: 'New RFQ' })).toBeInTheDocument()
    expect(open).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(open).toHaveAttribute('aria-expanded', 'false')
    unmount()
    // No exchange, or not a Dealer: no new RFQ, and nothing at all without RFQs.
    const viewer = createFakeFetch().on('GET', 'api/venue/rfq/', { body: venuePage(THREE_FIRMS) })
    renderWithStore(
      <VenueRfqsPanel canAct={false} exchanges={['NSE']} renderBondPicker={picker} />,
      {
        fake: viewer,
      },
    )
    await screen.findByRole('table', { name: CAPTION })
    expect(screen.queryByRole('button', { name: 'New RFQ' })).not.toBeInTheDocument()
  })

  it('reloads the RFQs after the socket comes back, so nothing sent while offline is missed', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/venue/rfq/', { body: venuePage(THREE_FIRMS) })
      .on('GET', 'api/venue/rfq/', { body: venuePage([SENT_TO_US, ...THREE_FIRMS]) })
    function Live() {
      useTradeStreamQuery()
      return <VenueRfqsPanel canAct />
    }
    const { sockets } = renderWithStore(<Live />, { fake })
    await screen.findByRole('table', { name: CAPTION })
    expect(screen.queryByRole('button', { name: 'Quote Demo Capital’s RFQ' })).toBeNull()
    await waitFor(() => expect(sockets.peers.length).toBe(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
    })
    // Offline: an RFQ sent to the firm now is not heard. The socket comes back (after its delay).
    act(() => sockets.last().fail())
    await waitFor(() => expect(sockets.peers.length).toBe(2), { timeout: 3_000 })
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
    })
    expect(
      await screen.findByRole('button', { name: 'Quote Demo Capital’s RFQ' }),
    ).toBeInTheDocument()
    expect(fake.callsTo('GET', 'api/venue/rfq/')).toHaveLength(2)
  })
})
