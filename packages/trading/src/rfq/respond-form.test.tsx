import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeCluster, makeQuote } from '../testing/rfq-factory.ts'
import { RespondForm } from './respond-form.tsx'

const quote = makeQuote()
const FORMED = { eoi: { id: 11 }, cluster: makeCluster() }

describe('RespondForm', () => {
  it('responds at the quote’s price for its quantum by default', async () => {
    const fake = createFakeFetch().on('POST', 'api/eoi/add/', { status: 201, body: FORMED })
    renderWithStore(<RespondForm quote={quote} clientId="client-demo" />, { fake })
    await userEvent.click(screen.getByRole('button', { name: 'Respond' }))
    expect(
      await screen.findByText('Cluster formed: accept it under Public runs, in Your clusters.'),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/eoi/add/')[0]?.body).toEqual({
      client_id: 'client-demo',
      finstrumentId: quote.finstrument_id,
      respond_eoi_id: quote.id,
      maximum_lot_stored: 25_00_00_000,
      use_respond_eoi_price: true,
    })
  })

  it('sends one typed price for a smaller quantum, and shows the server’s field message', async () => {
    const message = 'Cannot exceed the quoted quantum'
    const fake = createFakeFetch().on(
      'POST',
      'api/eoi/add/',
      { status: 400, body: { message, fields: { maximum_lot_stored: message } } },
      { status: 201, body: FORMED },
    )
    renderWithStore(<RespondForm quote={quote} clientId="client-demo" />, { fake })
    await userEvent.click(screen.getByLabelText('At the quote’s price'))
    await userEvent.click(screen.getByRole('button', { name: 'Respond' }))
    expect(screen.getByText('Yield is required')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/eoi/add/')).toHaveLength(0)

    await userEvent.click(screen.getByRole('radio', { name: 'Price' }))
    await userEvent.type(screen.getByLabelText('Response price (per ₹100)'), '100.5')
    await userEvent.click(screen.getByRole('button', { name: 'Respond' }))
    expect(await screen.findAllByText(message)).not.toHaveLength(0)

    const quantum = screen.getByLabelText('Response quantum (₹ crore)')
    await userEvent.clear(quantum)
    await userEvent.type(quantum, '10')
    await userEvent.click(screen.getByRole('button', { name: 'Respond' }))
    await waitFor(() => expect(fake.callsTo('POST', 'api/eoi/add/')).toHaveLength(2))
    expect(fake.callsTo('POST', 'api/eoi/add/')[1]?.body).toEqual({
      client_id: 'client-demo',
      finstrumentId: quote.finstrument_id,
      respond_eoi_id: quote.id,
      maximum_lot_stored: 10_00_00_000,
      use_respond_eoi_price: false,
      unit_price_stored: 100.5,
    })
  })
})
