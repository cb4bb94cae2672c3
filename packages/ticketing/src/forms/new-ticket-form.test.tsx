import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { makeTicket } from '../testing/factory.ts'
import { NewTicketForm, type RenderBondPicker } from './new-ticket-form.tsx'

// 10:35 IST.
const now = () => new Date('2026-11-26T05:05:00.000Z')

/** A stand-in for the app's bond search: one button picks the 2032 G-sec. */
const picker: RenderBondPicker = (onPick) => (
  <button
    type="button"
    onClick={() => onPick({ finstrument_id: 'GS2032', display_name: '6.54% GS 2032' })}
  >
    Pick 6.54% GS 2032
  </button>
)

const participants = {
  results: [
    {
      group: 'Companies',
      user_id: null,
      client_id: 'c-beta',
      nsccl_code: null,
      iccl_code: null,
      user_name: null,
      brand_name: 'Beta',
      name: 'Beta Bank',
      is_broker: false,
      is_partner: true,
    },
  ],
}

describe('NewTicketForm', () => {
  it('says what is missing with section 5’s messages before anything is sent', async () => {
    const fake = createFakeFetch()
    renderWithStore(
      <NewTicketForm renderBondPicker={picker} onCreated={vi.fn()} onCancel={vi.fn()} now={now} />,
      { fake },
    )
    const form = screen.getByRole('form', { name: 'New ticket' })
    await userEvent.click(within(form).getByRole('radio', { name: 'Yield' }))
    await userEvent.type(within(form).getByRole('textbox', { name: /Yield/ }), '101')
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }))
    expect(await within(form).findByText('Choose a bond')).toBeInTheDocument()
    expect(within(form).getByText('Counterparty is required')).toBeInTheDocument()
    expect(within(form).getByText('This field is required')).toBeInTheDocument()
    expect(within(form).getByText('Yield above 100%')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('starts a ticket made after the close on the next settlement day, and says so', async () => {
    // Friday 27 November 2026, 17:30 IST: the next settlement day is Monday.
    const evening = () => new Date('2026-11-27T12:00:00.000Z')
    renderWithStore(
      <NewTicketForm
        renderBondPicker={picker}
        onCreated={vi.fn()}
        onCancel={vi.fn()}
        now={evening}
      />,
    )
    const field = screen.getByLabelText(/^Settlement date/)
    expect(field).toHaveValue('2026-11-30')
    expect(field).toHaveAccessibleDescription(
      'After the market’s close (17:00 IST) a new ticket settles on the next settlement day, 2026-11-30.',
    )
    // A date the dealer picks is theirs: the note goes.
    await userEvent.clear(field)
    await userEvent.type(field, '2026-12-01')
    expect(field).not.toHaveAccessibleDescription()
  })

  it('starts a ticket made before the close on today, with nothing to explain', () => {
    renderWithStore(
      <NewTicketForm renderBondPicker={picker} onCreated={vi.fn()} onCancel={vi.fn()} now={now} />,
    )
    const field = screen.getByLabelText(/^Settlement date/)
    expect(field).toHaveValue('2026-11-26')
    expect(field).not.toHaveAccessibleDescription()
  })

  it('makes a ticket by hand with a searched counterparty', async () => {
    const onCreated = vi.fn()
    const fake = createFakeFetch()
      .on('GET', 'api/chatter/search-trade-participants', { body: participants })
      .on('POST', 'api/chatter/trade/manual-ticket/', {
        status: 201,
        body: makeTicket({ id: 77, state: 'draft' }),
      })
    renderWithStore(
      <NewTicketForm
        renderBondPicker={picker}
        onCreated={onCreated}
        onCancel={vi.fn()}
        now={now}
      />,
      { fake },
    )
    const form = screen.getByRole('form', { name: 'New ticket' })
    await userEvent.click(within(form).getByRole('button', { name: 'Pick 6.54% GS 2032' }))
    await userEvent.type(within(form).getByRole('combobox', { name: 'Counterparty' }), 'Beta')
    await userEvent.click(await within(form).findByRole('option', { name: 'Beta Bank' }))
    await userEvent.click(within(form).getByRole('radio', { name: 'Sell' }))
    await userEvent.type(within(form).getByRole('textbox', { name: /Quantum/ }), '2500000')
    expect(within(form).getByText('₹25 lakh')).toBeInTheDocument()
    await userEvent.type(within(form).getByRole('textbox', { name: /Clean price/ }), '99.5')
    await userEvent.click(within(form).getByRole('combobox', { name: /Clearing corporation/ }))
    await userEvent.click(await within(form).findByRole('option', { name: 'ICCL' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }))
    await waitFor(() => expect(onCreated).toHaveBeenCalled())
    expect(fake.callsTo('POST', 'api/chatter/trade/manual-ticket/')[0]?.body).toEqual({
      finstrument_id: 'GS2032',
      buy_or_sell: 'sell',
      quantum: 2500000,
      unit_clean_price: 99.5,
      settlement_date: '2026-11-26',
      trade_time: '10:35',
      exchange: 'BSE',
      brokerage: 0,
      counterparty_client_id: 'c-beta',
      broker_details: [],
    })
  })
})
