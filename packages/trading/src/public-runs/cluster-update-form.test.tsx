import { createFakeFetch } from '@bonds/api-client/testing'
import { MARKET_MESSAGES as MM } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeCluster } from '../testing/rfq-factory.ts'
import { ClusterUpdateForm } from './cluster-update-form.tsx'

const cluster = makeCluster()
const BROKER = {
  group: 'Company',
  user_id: null,
  client_id: 'client-broker',
  nsccl_code: null,
  iccl_code: null,
  user_name: null,
  brand_name: null,
  name: 'Demo Securities',
  is_broker: true,
  is_partner: true,
}

const withFacilitators = () =>
  createFakeFetch().on('GET', 'api/trade/facilitator/', { body: { results: [BROKER] } })

describe('ClusterUpdateForm', () => {
  it('sends the terms typed: quantity, facilitator, both prices and their spread, settlement', async () => {
    const answer = {
      ...cluster,
      quantity: 8_00_00_000,
      buyer_price: 100.6,
      seller_price: 100.45,
      seller_spread: 0.15,
      facilitator: 'client-broker',
      facilitator_name: 'Demo Securities',
      updated_at: '2026-11-27T05:05:00.000Z',
    }
    const fake = withFacilitators().on('PUT', 'api/trade/cluster/5/', { body: answer })
    renderWithStore(<ClusterUpdateForm cluster={cluster} />, { fake })
    const quantity = screen.getByLabelText('Quantity (₹ crore)')
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '8')
    await userEvent.click(screen.getByRole('combobox', { name: 'Facilitator' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Demo Securities' }))
    // A facilitator's two prices start at the one price agreed so far.
    const buyer = screen.getByLabelText('Buyer’s price (per ₹100)')
    const seller = screen.getByLabelText('Seller’s price (per ₹100)')
    expect(seller).toHaveValue('100.4523')
    await userEvent.clear(buyer)
    await userEvent.type(buyer, '100.6')
    await userEvent.clear(seller)
    await userEvent.type(seller, '100.45')
    expect(screen.getByText('Facilitator spread: 0.1500')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Update cluster' }))
    expect(await screen.findByText('Cluster updated.')).toBeInTheDocument()
    expect(fake.callsTo('PUT', 'api/trade/cluster/5/')[0]?.body).toEqual({
      quantity: 8_00_00_000,
      buyer_price: 100.6,
      seller_price: 100.45,
      seller_spread: 0.15,
      settlement_date: '2026-11-30',
      close: false,
      facilitator: 'client-broker',
    })
  })

  it('checks the pricing input before sending, then shows the server’s messages in place', async () => {
    const fake = withFacilitators().on('PUT', 'api/trade/cluster/5/', {
      status: 400,
      body: {
        message: MM.aboveQuantum,
        fields: { quantity: MM.aboveQuantum },
      },
    })
    renderWithStore(<ClusterUpdateForm cluster={cluster} />, { fake })
    const price = screen.getByLabelText('Price (per ₹100)')
    await userEvent.clear(price)
    await userEvent.click(screen.getByRole('button', { name: 'Update cluster' }))
    expect(screen.getByText('Price is required')).toBeInTheDocument()
    expect(fake.callsTo('PUT', 'api/trade/cluster/5/')).toHaveLength(0)

    await userEvent.type(price, '100.5{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(MM.aboveQuantum)
    expect(screen.getByLabelText('Quantity (₹ crore)')).toHaveAccessibleDescription(MM.aboveQuantum)
    expect(fake.callsTo('PUT', 'api/trade/cluster/5/')[0]?.body).toMatchObject({
      buyer_price: 100.5,
      seller_price: 100.5,
      seller_spread: 0,
      facilitator: null,
    })
  })

  it('closes at the terms as they stand, after a confirmation reached by keyboard', async () => {
    const fake = withFacilitators().on(
      'PUT',
      'api/trade/cluster/5/',
      { status: 409, body: { message: MM.clusterClosed } },
      { body: { ...cluster, state: 'CLOSED', closed_at: '2026-11-27T05:06:00.000Z' } },
    )
    renderWithStore(<ClusterUpdateForm cluster={cluster} />, { fake })
    const price = screen.getByLabelText('Price (per ₹100)')
    await userEvent.clear(price)
    await userEvent.type(price, '99') // not saved: a close does not send it
    await userEvent.click(screen.getByRole('button', { name: 'Close cluster' }))
    expect(screen.getByRole('button', { name: 'Yes, close' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(MM.clusterClosed)

    await userEvent.click(screen.getByRole('button', { name: 'Close cluster' }))
    await userEvent.click(screen.getByRole('button', { name: 'Keep open' }))
    expect(fake.callsTo('PUT', 'api/trade/cluster/5/')).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Close cluster' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, close' }))
    await waitFor(() => expect(fake.callsTo('PUT', 'api/trade/cluster/5/')).toHaveLength(2))
    expect(fake.callsTo('PUT', 'api/trade/cluster/5/')[1]?.body).toEqual({
      quantity: cluster.quantity,
      buyer_price: cluster.buyer_price,
      seller_price: cluster.seller_price,
      seller_spread: 0,
      settlement_date: cluster.settlement_date,
      close: true,
      facilitator: null,
    })
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  })
})
