import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { NewRfqForm } from './new-rfq-form.tsx'
import { FIRMS_ON_NSE, THREE_FIRMS } from './fixtures.ts'

const picker = (onPick: (bond: { finstrument_id: string; display_name: string }) => void) => (
  <button
    type="button"
    onClick={() => onPick({ finstrument_id: 'IN0020230085', display_name: '7.18% GS 2033' })}
  >
    Pick 7.18% GS 2033
  </button>
)

const PARTICIPANTS = 'api/chatter/search-trade-participants'

async function pickFirm(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Firms to ask/ }))
  await userEvent.click(await screen.findByRole('option', { name }))
}

describe('NewRfqForm', () => {
  it('sends an RFQ to two firms that trade on the exchange: crores as rupees, the yield as a fraction', async () => {
    const fake = createFakeFetch()
      .on('GET', PARTICIPANTS, { body: FIRMS_ON_NSE })
      .on('POST', 'api/venue/rfq/', { status: 201, body: { results: THREE_FIRMS.slice(0, 2) } })
    const onDone = vi.fn()
    renderWithStore(<NewRfqForm exchanges={['NSE']} renderBondPicker={picker} onDone={onDone} />, {
      fake,
    })
    expect(screen.getByText('NSE RFQ')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Pick 7.18% GS 2033' }))
    await userEvent.type(screen.getByLabelText('Yield (%)'), '7.12')
    await userEvent.type(screen.getByLabelText('Quantum (₹ crore)'), '125')
    expect(screen.getByText('₹1,25,00,00,000')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('radio', { name: 'T+0' }))
    await pickFirm('Pia Capital')
    await pickFirm('Quinn Funds')
    await userEvent.click(screen.getByRole('button', { name: 'Send RFQ' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(2))
    const [call] = fake.callsTo('POST', 'api/venue/rfq/')
    expect(call?.body).toEqual({
      exchange: 'NSE',
      finstrument_id: 'IN0020230085',
      quote_type: 'BID',
      quantum: 1_25_00_00_000,
      yield: 0.0712,
      settlement_delta: 0,
      counterparty_client_ids: ['c-pia', 'c-quinn'],
    })
    const [search] = fake.callsTo('GET', PARTICIPANTS)
    expect(Object.fromEntries(search!.query)).toEqual({
      exchange: 'NSE',
      for_rfq: 'true',
      limit: '50',
    })
  })

  it('stops an incomplete RFQ in the form, with the server’s messages, and sends nothing', async () => {
    const fake = createFakeFetch().on('GET', PARTICIPANTS, { body: FIRMS_ON_NSE })
    renderWithStore(<NewRfqForm exchanges={['NSE']} renderBondPicker={picker} onDone={vi.fn()} />, {
      fake,
    })
    await userEvent.click(screen.getByRole('button', { name: 'Send RFQ' }))
    expect(screen.getByText('Choose a bond')).toBeInTheDocument()
    expect(screen.getByText('Give a yield or a price')).toBeInTheDocument()
    expect(screen.getByText('Quantum is required')).toBeInTheDocument()
    expect(screen.getByText('Name at least one counterparty')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/venue/rfq/')).toHaveLength(0)
  })

  it('shows the venue’s refusal on the field it names, and one naming no field above the buttons', async () => {
    const fake = createFakeFetch()
      .on('GET', PARTICIPANTS, { body: FIRMS_ON_NSE })
      .on(
        'POST',
        'api/venue/rfq/',
        {
          status: 422,
          body: {
            message:
              'BSE RFQ takes whole bonds: the size must be a multiple of the face value ₹1,00,00,000',
            fields: {
              quantum:
                'BSE RFQ takes whole bonds: the size must be a multiple of the face value ₹1,00,00,000',
            },
          },
        },
        {
          status: 422,
          body: { message: 'BSE RFQ is closed: its session is 09:00–17:00 IST on business days' },
        },
      )
    const onDone = vi.fn()
    renderWithStore(
      <NewRfqForm exchanges={['NSE', 'BSE']} renderBondPicker={picker} onDone={onDone} />,
      { fake },
    )
    await userEvent.click(screen.getByRole('radio', { name: 'BSE RFQ' }))
    await userEvent.click(screen.getByRole('button', { name: 'Pick 7.18% GS 2033' }))
    await userEvent.click(screen.getByRole('radio', { name: 'Price' }))
    await userEvent.type(screen.getByLabelText('Price (per ₹100)'), '99.5')
    await userEvent.type(screen.getByLabelText('Quantum (₹ crore)'), '0.55')
    await pickFirm('Pia Capital')
    await userEvent.click(screen.getByRole('button', { name: 'Send RFQ' }))
    const quantum = screen.getByLabelText('Quantum (₹ crore)')
    await vi.waitFor(() => expect(quantum).toHaveAttribute('aria-invalid', 'true'))
    expect(
      screen.getByText(
        'BSE RFQ takes whole bonds: the size must be a multiple of the face value ₹1,00,00,000',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Send RFQ' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'BSE RFQ is closed: its session is 09:00–17:00 IST on business days',
    )
    expect(fake.callsTo('POST', 'api/venue/rfq/')[0]?.body).toMatchObject({
      exchange: 'BSE',
      price: 99.5,
      quantum: 55_00_000,
    })
    expect(onDone).not.toHaveBeenCalled()
  })
})
