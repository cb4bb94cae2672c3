import { createFakeFetch } from '@bonds/api-client/testing'
import { TRADE_RESTRICTION_TEXT } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeCluster, makeRun, makeRunPage } from '../testing/rfq-factory.ts'
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
      await screen.findByText(/you sell to Demo Securities ₹10 cr at 100.4523/),
    ).toBeInTheDocument()
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

  it('shows the trade-timing text without trade access', async () => {
    const fake = createFakeFetch().on('GET', 'api/trade/d/market/', { body: makeRunPage([]) })
    renderWithStore(<PublicRunsTab canTrade={false} exchanges={[]} />, { fake })
    expect(await screen.findByText(TRADE_RESTRICTION_TEXT)).toBeInTheDocument()
  })
})
