import type { MarketDepth } from '@bonds/domain'
import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useTradeStreamQuery } from '@bonds/api-client'
import { MarketDepthLadder } from './market-depth.tsx'

const ISIN = 'IN0020210244'
const depth = (asks: [number, number][], mine = 0): MarketDepth => ({
  finstrument_id: ISIN,
  isin: ISIN,
  display_name: '6.54% GS 2032',
  bids: [
    {
      unit_clean_price: 99.5,
      bond_yield: 0.0654,
      settlement_date: '2026-11-26',
      quantum: 1e8,
      quotes: 1,
      mine,
    },
  ],
  asks: asks.map(([price, quantum]) => ({
    unit_clean_price: price,
    bond_yield: 0.0653,
    settlement_date: '2026-11-26',
    quantum,
    quotes: 1,
    mine: 0,
  })),
  as_of: '2026-11-25T05:00:00.000Z',
})

/** The ladder and the stream, as the workspace mounts them. */
function Live() {
  useTradeStreamQuery()
  return <MarketDepthLadder isin={ISIN} />
}

describe('MarketDepthLadder', () => {
  it('shows bids and offers with sizes in crore, yields and prices, and the time in IST', async () => {
    const fake = createFakeFetch().on('GET', 'api/quote/depth/', {
      body: depth([[99.6, 5e7]], 5e7),
    })
    renderWithStore(<MarketDepthLadder isin={ISIN} />, { fake })
    const table = await screen.findByRole('table', { name: 'Market depth of 6.54% GS 2032' })
    const [, row] = within(table).getAllByRole('row')
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['₹10 cr, ₹5 cr of it yours', '6.5400%', '99.5000', '99.6000', '6.5300%', '₹5 cr'])
    expect(screen.getByText('as of 10:30:00 IST')).toBeInTheDocument()
    expect(fake.callsTo('GET', 'api/quote/depth/')[0]?.query.get('isin')).toBe(ISIN)
  })

  it('fetches again when a quote on the bond streams in, and says what changed by how much', async () => {
    const fake = createFakeFetch().on(
      'GET',
      'api/quote/depth/',
      { body: depth([[99.6, 5e7]]) },
      {
        body: depth([
          [99.55, 2e7],
          [99.6, 3e7],
        ]),
      },
    )
    const { sockets } = renderWithStore(<Live />, { fake })
    const table = await screen.findByRole('table')
    // The first answer has nothing to compare with: no arrow, no mark.
    expect(within(table).queryAllByRole('img')).toHaveLength(0)
    expect(table).not.toHaveTextContent(/[▲▼]/)
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({
        type: 'quotes_eoi',
        data: { eoi_id: 9, finstrument_id: ISIN, quote_type: 'ASK', state: 'DEFAULT' },
      })
    })
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3))
    const [, first, second] = screen.getAllByRole('row')
    // A new level says so, with no arrow: it moved from nothing.
    const fresh = within(first!).getAllByRole('cell').at(-1)!
    expect(fresh).toHaveAttribute('data-move', 'new')
    expect(within(fresh).getByRole('img', { name: 'new level' })).toHaveTextContent(/^new$/)
    // A level that shrank: the arrow with the amount, labelled with the size it moved from.
    const shrank = within(second!).getAllByRole('cell').at(-1)!
    expect(shrank).toHaveAttribute('data-move', 'down')
    expect(within(shrank).getByRole('img', { name: 'down ₹2 cr from ₹5 cr' })).toHaveTextContent(
      '▼ ₹2 cr',
    )
    // The unchanged bid: no arrow, no mark.
    const bid = within(first!).getAllByRole('cell')[0]!
    expect(bid).not.toHaveAttribute('data-move')
    expect(within(bid).queryByRole('img')).not.toBeInTheDocument()
    expect(bid).toHaveTextContent(/^₹10 cr$/)
  })

  it('says when the bond has no live quotes, and offers a retry when the depth fails', async () => {
    const fake = createFakeFetch()
    fake.on('GET', 'api/quote/depth/', {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'No such bond' },
    })
    renderWithStore(<MarketDepthLadder isin={ISIN} />, { fake })
    const retry = await screen.findByRole('button', { name: 'Retry' })
    fake.on('GET', 'api/quote/depth/', { body: { ...depth([]), bids: [] } })
    await userEvent.click(retry)
    expect(
      await screen.findByText('No live quotes on 6.54% GS 2032 right now.'),
    ).toBeInTheDocument()
  })
})
