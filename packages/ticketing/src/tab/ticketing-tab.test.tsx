import type { Role } from '@bonds/domain'
import { createFakeFetch, type FakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { useTradeStreamQuery } from '@bonds/api-client'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makePage, makeTicket, makeTicketDetail } from '../testing/factory.ts'
import { TicketingTab } from './ticketing-tab.tsx'

// 10:35 IST on the trade day: five minutes into the reporting window of a 10:30 trade.
const NOW = Date.parse('2026-11-26T05:05:00.000Z')
const now = () => NOW

const dealer = { roles: ['clientdealer'] as Role[] }
const viewer = { roles: ['clientviewer'] as Role[] }
const backOffice = { roles: ['backoffice'] as Role[] }

function renderTab(roles: { roles: Role[] }, fake: FakeFetch) {
  return renderWithStore(
    <TicketingTab viewer={roles} renderBondPicker={() => <span>bond picker</span>} now={now} />,
    { fake },
  )
}

/** The tab and the stream, as the workspace mounts them. */
function Live() {
  useTradeStreamQuery()
  return (
    <TicketingTab viewer={dealer} renderBondPicker={() => <span>bond picker</span>} now={now} />
  )
}

const older = makeTicket({ id: 7, updated_at: '2026-11-26T04:00:00.000Z', display_name: 'Old' })
const newer = makeTicket({ id: 8, updated_at: '2026-11-26T05:02:00.000Z' })

describe('TicketingTab', () => {
  it('lists the open tickets newest change first, with state, counterparty, quantum and consideration', async () => {
    const fake = createFakeFetch()
    fake.on('GET', 'api/chatter/trade/', { body: makePage([older, newer]) })
    renderTab(dealer, fake)
    const table = await screen.findByRole('table', { name: 'Open tickets' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Sent',
      'Buy',
      'Beta Bank',
      '6.54% GS 2032IN0020210244',
      '₹5 cr',
      '₹5,09,84,567.89',
      '10:00 left to report',
    ])
    expect(second).toHaveTextContent('Old')
    const [call] = fake.callsTo('GET', 'api/chatter/trade/')
    expect(call?.query.get('state')).toBe('draft,sent,confirmed,accepted,reported')
  })

  it('shows the chosen ticket: terms, the consideration breakdown, an overdue report and the timeline', async () => {
    const fake = createFakeFetch()
    const overdue = makeTicketDetail({
      id: 8,
      state: 'accepted',
      kind: 'order',
      report: { ...makeTicket().report, overdue: true },
    })
    fake
      .on('GET', 'api/chatter/trade/', { body: makePage([newer]) })
      .on('GET', 'api/chatter/trade/8/', { body: overdue })
    renderTab(viewer, fake)
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open ticket 8: 6.54% GS 2032' }),
    )
    const region = await screen.findByRole('region', { name: 'Ticket 8' })
    const amounts = within(region).getByRole('table', { name: 'Consideration' })
    expect(
      within(amounts)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Principal₹4,97,50,000.00',
      'Accrued interest₹12,34,567.89',
      'Consideration₹5,09,84,567.89',
      'Stamp duty₹50.98',
      'Brokerage₹0.00',
      'Total₹5,09,84,618.87',
    ])
    expect(within(region).getByText('Overdue').closest('[data-overdue]')).toHaveAttribute(
      'data-overdue',
      'true',
    )
    expect(within(region).getByText('Beta Bank (Vikram Shah)')).toBeInTheDocument()
    expect(within(region).getByRole('region', { name: 'Timeline' })).toHaveTextContent('Asha Rao')
    // A Trade Viewer reads only: no actions, and no "New ticket".
    expect(within(region).queryByRole('group', { name: 'Actions' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'New ticket' })).toBeNull()
  })

  it('offers report and settle to Back Office only, and the rest to a Dealer', async () => {
    const order = makeTicketDetail({ id: 8, state: 'accepted', actions: ['report', 'cancel'] })
    for (const [roles, expected] of [
      [backOffice, ['Report']],
      [dealer, ['Cancel ticket']],
    ] as const) {
      const fake = createFakeFetch()
      fake
        .on('GET', 'api/chatter/trade/', { body: makePage([newer]) })
        .on('GET', 'api/chatter/trade/8/', { body: order })
      const view = renderTab(roles, fake)
      await userEvent.click(await screen.findByRole('button', { name: /Open ticket 8/ }))
      const actions = await screen.findByRole('group', { name: 'Actions' })
      expect(
        within(actions)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(expected)
      view.unmount()
    }
  })

  it('shows a 409 in place and fetches the ticket again', async () => {
    const fake = createFakeFetch()
    const draft = makeTicketDetail({ id: 8, state: 'draft', actions: ['edit', 'send', 'cancel'] })
    fake
      .on('GET', 'api/chatter/trade/', { body: makePage([newer]) }, { body: makePage([newer]) })
      .on('GET', 'api/chatter/trade/8/', { body: draft }, { body: { ...draft, version: 4 } })
      .on('PATCH', 'api/chatter/trade/actions/8/send/', {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'This ticket changed since you opened it. Reload it and try again.',
        },
      })
    renderTab(dealer, fake)
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 8/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This ticket changed since you opened it. Reload it and try again.',
    )
    expect(fake.callsTo('PATCH', 'api/chatter/trade/actions/8/send/')[0]?.body).toEqual({
      version: 3,
    })
    await waitFor(() => expect(fake.callsTo('GET', 'api/chatter/trade/8/')).toHaveLength(2))
    expect(await screen.findByText('Ticket #8 · version 4')).toBeInTheDocument()
  })

  it('accepts the consideration with a searched custodian, and warns when the report was refused (207)', async () => {
    const fake = createFakeFetch()
    const sent = makeTicketDetail({
      id: 8,
      role: 'counterparty',
      actions: ['confirm', 'accept_consideration', 'reject'],
    })
    fake
      .on('GET', 'api/chatter/trade/', { body: makePage([newer]) }, { body: makePage([newer]) })
      .on('GET', 'api/chatter/trade/8/', { body: sent }, { body: { ...sent, state: 'accepted' } })
      .on('GET', 'api/client/search-custodians/', {
        body: [{ client_id: 'cust-1', name: 'Stock Holding Corp' }],
      })
      .on('PATCH', 'api/chatter/trade/accept-consideration/8/', {
        status: 207,
        body: { ...sent, state: 'accepted', message: 'NSE Clearing refused the report: bad ISIN' },
      })
    renderTab(dealer, fake)
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 8/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Accept consideration' }))
    const dialog = await screen.findByRole('dialog', { name: 'Accept consideration' })
    // Without a custodian, the schema's message.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }))
    expect(await within(dialog).findByText('Custodian is required')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Custodian' }), 'Stock')
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Stock Holding Corp' }))
    expect(fake.callsTo('GET', 'api/client/search-custodians/')[0]?.query.get('search_param')).toBe(
      'Stock',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }))
    await waitFor(() =>
      expect(fake.callsTo('PATCH', 'api/chatter/trade/accept-consideration/8/')[0]?.body).toEqual({
        custodian_id: 'cust-1',
        version: 3,
      }),
    )
    expect(await screen.findByText('NSE Clearing refused the report: bad ISIN')).toBeInTheDocument()
    expect(screen.getByText('Consideration accepted, not reported')).toBeInTheDocument()
  })

  it('edits terms with section 5 messages, then sends the change with the version', async () => {
    const fake = createFakeFetch()
    const draft = makeTicketDetail({ id: 8, state: 'draft', actions: ['edit', 'send', 'cancel'] })
    fake
      .on('GET', 'api/chatter/trade/', { body: makePage([newer]) }, { body: makePage([newer]) })
      .on('GET', 'api/chatter/trade/8/', { body: draft }, { body: draft })
      .on('PATCH', 'api/chatter/trade/8/', { body: draft })
    renderTab(dealer, fake)
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 8/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Edit terms' }))
    const form = screen.getByRole('form', { name: 'Edit terms' })
    const price = within(form).getByRole('textbox', { name: /Clean price/ })
    const time = within(form).getByRole('textbox', { name: /Trade time/ })
    const quantum = within(form).getByRole('textbox', { name: /Quantum/ })
    await userEvent.clear(price)
    await userEvent.type(price, '300')
    await userEvent.clear(time)
    await userEvent.type(time, '11:00')
    await userEvent.clear(quantum)
    await userEvent.type(quantum, '0')
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }))
    expect(await within(form).findByText('Should be less than 250')).toBeInTheDocument()
    expect(
      within(form).getByText('Trade time cannot be later than the current time.'),
    ).toBeInTheDocument()
    expect(within(form).getByText('Cannot be zero')).toBeInTheDocument()
    expect(fake.callsTo('PATCH', 'api/chatter/trade/8/')).toHaveLength(0)

    await userEvent.clear(price)
    await userEvent.type(price, '99.75')
    await userEvent.clear(time)
    await userEvent.type(time, '10:20')
    await userEvent.clear(quantum)
    await userEvent.type(quantum, '10000000')
    expect(within(form).getByText('₹1 cr')).toBeInTheDocument()
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }))
    await waitFor(() =>
      expect(fake.callsTo('PATCH', 'api/chatter/trade/8/')[0]?.body).toEqual({
        quantum: 10000000,
        unit_clean_price: 99.75,
        settlement_date: '2026-11-27',
        trade_time: '10:20',
        exchange: 'NSE',
        version: 3,
        send_to_clients: false,
      }),
    )
  })

  it('rejects with a reason the counterparty must give', async () => {
    const sent = makeTicketDetail({
      id: 8,
      role: 'counterparty',
      actions: ['confirm', 'accept_consideration', 'reject'],
    })
    const fake = createFakeFetch()
      .on('GET', 'api/chatter/trade/', { body: makePage([newer]) }, { body: makePage([newer]) })
      .on('GET', 'api/chatter/trade/8/', { body: sent }, { body: { ...sent, state: 'rejected' } })
      .on('PATCH', 'api/chatter/trade/actions/8/reject/', { body: { ...sent, state: 'rejected' } })
    renderTab(dealer, fake)
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 8/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject the ticket' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Price moved <b>')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() =>
      expect(fake.callsTo('PATCH', 'api/chatter/trade/actions/8/reject/')[0]?.body).toEqual({
        version: 3,
        reason: 'Price moved <b>',
      }),
    )
    expect(await screen.findByText('Ticket rejected')).toBeInTheDocument()
  })

  it('stays live: a consideration_update for the open ticket fetches it and the list again', async () => {
    const sent = makeTicketDetail({ id: 8, actions: ['edit', 'cancel'] })
    const accepted = makeTicketDetail({ id: 8, state: 'accepted', kind: 'order', version: 4 })
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/chatter/trade/',
        { body: makePage([newer]) },
        { body: makePage([{ ...newer, state: 'accepted' }]) },
      )
      .on('GET', 'api/chatter/trade/8/', { body: sent }, { body: accepted })
    const { sockets } = renderWithStore(<Live />, { fake })
    await userEvent.click(await screen.findByRole('button', { name: /Open ticket 8/ }))
    await screen.findByText('Ticket #8 · version 3')
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({
        type: 'consideration_update',
        data: { ticket_id: 8, order_id: 8, state: 'accepted', version: 4 },
      })
    })
    expect(await screen.findByText('Order #8 · version 4')).toBeInTheDocument()
    await waitFor(() => expect(fake.callsTo('GET', 'api/chatter/trade/')).toHaveLength(2))
  })
})
