import { createFakeFetch } from '@bonds/api-client/testing'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { bondInfo, tradePage, trades } from './testing/fixtures.ts'
import { renderSecurity } from './testing/render.tsx'
import { TradeHistory } from './trade-history.tsx'

const PATH = 'api/trades/IN0020210244/'
const FIRST = {
  pagination: { page: 1, page_size: 20 },
  sort: { field: 'trade_date', direction: 'desc' },
  filters: {},
}

function setup(...answers: Parameters<ReturnType<typeof createFakeFetch>['on']>[2][]) {
  const fake = createFakeFetch()
  fake.on('POST', PATH, ...answers)
  const view = renderSecurity(<TradeHistory bond={bondInfo()} />, { fake })
  return {
    ...view,
    user: userEvent.setup(),
    bodies: () => fake.callsTo('POST', PATH).map((c) => c.body),
  }
}

describe('TradeHistory', () => {
  it('lists trades newest first with IST times, price, yield and size', async () => {
    const { bodies } = setup({ body: tradePage(trades(3)) })
    expect(screen.getByRole('status', { name: 'Loading trades' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: /3 trades/ })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent(
      '21-Nov-2025 14:32:03 IST99.50006.6800%50,000₹50 lakhNDS-OMReported',
    )
    expect(within(table).getByRole('columnheader', { name: /Traded at/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    expect(bodies()).toEqual([FIRST])
  })

  it('sorts by a column, descending first, then ascending', async () => {
    const { user, bodies } = setup(
      { body: tradePage(trades(3)) },
      { body: tradePage(trades(3)) },
      { body: tradePage(trades(3)) },
    )
    const table = await screen.findByRole('table', { name: /3 trades/ })
    await user.click(within(table).getByRole('button', { name: 'Yield' }))
    await user.click(await screen.findByRole('button', { name: 'Yield' }))
    const header = await screen.findByRole('columnheader', { name: /Yield/ })
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(bodies().map((b) => (b as typeof FIRST).sort)).toEqual([
      { field: 'trade_date', direction: 'desc' },
      { field: 'yield', direction: 'desc' },
      { field: 'yield', direction: 'asc' },
    ])
  })

  it('pages through the trades', async () => {
    const { user, bodies } = setup(
      { body: tradePage(trades(20), 45) },
      { body: tradePage(trades(20, 20), 45, 2) },
    )
    await screen.findByRole('table', { name: /45 trades/ })
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument()
    const pages = screen.getByRole('navigation', { name: 'Trade pages' })
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument()
    expect((bodies()[1] as typeof FIRST).pagination).toEqual({ page: 2, page_size: 20 })
  })

  it('filters by dates in India, checking them first', async () => {
    const { user, bodies } = setup({ body: tradePage(trades(3)) }, { body: tradePage([]) })
    await screen.findByRole('table', { name: /3 trades/ })
    const from = screen.getByLabelText('From')
    const to = screen.getByLabelText('To')
    await user.type(from, '2025-11-20')
    await user.type(to, '2025-11-01')
    await user.click(screen.getByRole('button', { name: 'Apply dates' }))
    expect(screen.getByText('From date must be on or before the to date')).toBeInTheDocument()
    expect(bodies()).toHaveLength(1)
    await user.clear(to)
    await user.type(to, '2025-11-21')
    await user.click(screen.getByRole('button', { name: 'Apply dates' }))
    expect(await screen.findByText('No trades between these dates')).toBeInTheDocument()
    expect((bodies()[1] as typeof FIRST).filters).toEqual({
      date_from: '2025-11-20',
      date_to: '2025-11-21',
    })
  })

  it('says when no trade is recorded', async () => {
    setup({ body: tradePage([]) })
    expect(await screen.findByText('No trades recorded yet')).toBeInTheDocument()
  })

  it('shows a failure with a retry', async () => {
    const { user } = setup('network-error', { body: tradePage(trades(1)) })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The trades could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: /1 trade;/ })).toBeInTheDocument()
  })
})
