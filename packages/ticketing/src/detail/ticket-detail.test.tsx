import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { makeTicket, makeTicketDetail } from '../testing/factory.ts'
import { TicketDetailView } from './ticket-detail.tsx'

const now = () => Date.parse('2026-11-26T05:05:00.000Z')

describe('TicketDetailView', () => {
  it('offers the app’s report-issue for the ticket and its consideration, marking the areas', async () => {
    const draft = makeTicketDetail({ id: 8, state: 'draft', actions: ['edit', 'send'] })
    const fake = createFakeFetch().on('GET', 'api/chatter/trade/8/', { body: draft })
    const contexts: string[] = []
    renderWithStore(
      <TicketDetailView
        id={8}
        viewer={{ roles: ['clientdealer'] }}
        now={now}
        reportIssue={(context, details) => {
          contexts.push(`${context}:${details.ticket_id}`)
          return <button type="button">{`Report ${context}`}</button>
        }}
      />,
      { fake },
    )
    const region = await screen.findByRole('region', { name: 'Ticket 8' })
    expect(region).toHaveAttribute('data-support-capture', 'ticket-detail')
    const consideration = within(region).getByRole('button', { name: 'Report consideration' })
    expect(consideration.closest('[data-support-capture="consideration"]')).not.toBeNull()
    expect(consideration.closest('[data-support-ignore]')).not.toBeNull()
    expect(within(region).getByRole('group', { name: 'Actions' })).toHaveAttribute(
      'data-support-ignore',
      'ticket-actions',
    )
    expect(new Set(contexts)).toEqual(new Set(['ticketing:8', 'consideration:8']))
  })

  it('sets the brokerage with the schema’s messages and the version seen', async () => {
    const draft = makeTicketDetail({ id: 8, state: 'draft', actions: ['edit', 'send'] })
    const fake = createFakeFetch()
      .on('GET', 'api/chatter/trade/8/', { body: draft }, { body: draft })
      .on('PATCH', 'api/trade/8/brokerage/', { body: draft })
    renderWithStore(<TicketDetailView id={8} viewer={{ roles: ['clientdealer'] }} now={now} />, {
      fake,
    })
    const form = await screen.findByRole('form', { name: 'Brokerage' })
    const input = within(form).getByRole('textbox', { name: 'Brokerage (₹)' })
    await userEvent.clear(input)
    await userEvent.type(input, '-5')
    await userEvent.click(within(form).getByRole('button', { name: 'Set brokerage' }))
    expect(await within(form).findByText('Cannot be negative')).toBeInTheDocument()
    await userEvent.clear(input)
    await userEvent.type(input, '2,500.50')
    await userEvent.click(within(form).getByRole('button', { name: 'Set brokerage' }))
    await waitFor(() =>
      expect(fake.callsTo('PATCH', 'api/trade/8/brokerage/')[0]?.body).toEqual({
        brokerage: 2500.5,
        version: 3,
      }),
    )
  })

  it('shows the deal confirmation of a reported order, read through the orders endpoint', async () => {
    const reported = makeTicketDetail({ id: 9, kind: 'order', state: 'reported', actions: [] })
    const fake = createFakeFetch()
      .on('GET', 'api/orders/9/', { body: reported })
      .on('GET', 'api/chatter/trade/confirmed-trade/9/', {
        body: {
          ticket: makeTicket({ id: 9, state: 'reported' }),
          confirmation_number: 'NSCCL-000123',
          generated_at: '2026-11-26T05:10:00.000Z',
        },
      })
    renderWithStore(
      <TicketDetailView id={9} source="order" viewer={{ roles: ['clientviewer'] }} now={now} />,
      { fake },
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Deal confirmation' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deal confirmation' })
    expect(await within(dialog).findByText('Confirmation NSCCL-000123')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Beta Bank sells to Alpha Capital ₹5 cr of 6.54% GS 2032')
    expect(screen.queryByText(/left to report/)).toBeNull()

    // The confirmation PDF, saved under the server's name.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = () => 'blob:confirmation'
    URL.revokeObjectURL = () => {}
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    onTestFinished(() => {
      URL.createObjectURL = saved.create
      URL.revokeObjectURL = saved.revoke
      click.mockRestore()
    })
    fake.on('GET', 'api/chatter/trade/confirmed-trade/9/pdf/', {
      body: '%PDF-1.7\n%test\n',
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="deal-confirmation-9.pdf"',
      },
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Saved deal-confirmation-9.pdf',
    )
    expect(click).toHaveBeenCalledTimes(1)
  })

  it('puts a refused edit’s field messages (400) on the form', async () => {
    const draft = makeTicketDetail({ id: 8, state: 'draft', actions: ['edit', 'send'] })
    const fake = createFakeFetch()
      .on('GET', 'api/chatter/trade/8/', { body: draft }, { body: draft })
      .on('PATCH', 'api/chatter/trade/8/', {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid request',
          fields: { settlement_date: 'Settlement date cannot be a holiday' },
        },
      })
    renderWithStore(<TicketDetailView id={8} viewer={{ roles: ['clientdealer'] }} now={now} />, {
      fake,
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Edit terms' }))
    const form = screen.getByRole('form', { name: 'Edit terms' })
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Settlement date cannot be a holiday',
    )
    expect(within(form).getByLabelText(/Settlement date/)).toHaveAccessibleDescription(
      /Settlement date cannot be a holiday/,
    )
  })

  it('sends a ticket with brokers to the broker', async () => {
    const draft = makeTicketDetail({
      id: 8,
      state: 'draft',
      actions: ['edit', 'send'],
      broker_details: [{ buy_or_sell: 'buy', user_id: 'b1', name: 'Gamma Brokers' }],
    })
    const fake = createFakeFetch()
      .on('GET', 'api/chatter/trade/8/', { body: draft }, { body: draft })
      .on('PATCH', 'api/chatter/trade/send-to-broker/8/', { body: draft })
    renderWithStore(<TicketDetailView id={8} viewer={{ roles: ['clientdealer'] }} now={now} />, {
      fake,
    })
    expect(await screen.findByText('Gamma Brokers (buyer)')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Send to broker' }))
    await waitFor(() =>
      expect(fake.callsTo('PATCH', 'api/chatter/trade/send-to-broker/8/')).toHaveLength(1),
    )
  })
})
