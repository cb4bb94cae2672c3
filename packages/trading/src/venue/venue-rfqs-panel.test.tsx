import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { THREE_FIRMS, venuePage } from './fixtures.ts'
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
})
