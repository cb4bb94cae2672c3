import { createFakeFetch } from '@bonds/api-client/testing'
import { useTradeStreamQuery } from '@bonds/api-client'
import { toast } from '@bonds/ui-kit'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useTicketQuery } from '../api/tickets.ts'
import { makePage, makeTicket, makeTicketDetail } from '../testing/factory.ts'
import { ticketNotice, TicketNotices } from './ticket-notices.tsx'

afterEach(() => vi.restoreAllMocks())

const mine = makeTicket({ id: 8, role: 'initiator', state: 'sent' })
const theirs = makeTicket({ id: 9, role: 'counterparty', state: 'sent' })

describe('ticketNotice', () => {
  it('tells the initiator what the counterparty did, and the counterparty what arrived', () => {
    expect(ticketNotice({ ...mine, state: 'confirmed' }, 'sent')).toBe(
      'Beta Bank confirmed ticket 8 (6.54% GS 2032)',
    )
    expect(ticketNotice({ ...mine, state: 'accepted' }, 'confirmed')).toBe(
      'Beta Bank accepted the consideration of ticket 8 (6.54% GS 2032)',
    )
    // Straight-through reporting skips "accepted" on the way.
    expect(ticketNotice({ ...mine, state: 'reported' }, 'sent')).toMatch(/accepted the consid/)
    expect(ticketNotice(theirs, undefined)).toBe(
      'Alpha Capital sent ticket 9 (6.54% GS 2032) for your confirmation',
    )
  })

  it('stays quiet about the viewer’s own moves and what did not change', () => {
    expect(ticketNotice(mine, 'sent')).toBeNull()
    expect(ticketNotice({ ...mine, state: 'draft' }, undefined)).toBeNull()
    expect(ticketNotice({ ...mine, state: 'reported' }, 'accepted')).toBeNull()
    expect(ticketNotice({ ...theirs, state: 'confirmed' }, 'sent')).toBeNull()
  })
})

/** The notices and the stream, as the workspace mounts them. */
function Live() {
  useTradeStreamQuery()
  return <TicketNotices />
}

describe('TicketNotices', () => {
  it('toasts the counterparty’s acceptance that arrives over the socket, not what was there', async () => {
    const shown = vi.spyOn(toast, 'show').mockImplementation(() => 'id')
    const fake = createFakeFetch().on(
      'GET',
      'api/chatter/trade/',
      { body: makePage([mine]) },
      { body: makePage([{ ...mine, state: 'accepted', version: 4 }]) },
    )
    const { sockets } = renderWithStore(<Live />, { fake })
    await waitFor(() => expect(fake.callsTo('GET', 'api/chatter/trade/')).toHaveLength(1))
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    expect(shown).not.toHaveBeenCalled()
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({
        type: 'open_tickets',
        data: { ticket_id: 8, order_id: 8, state: 'accepted', version: 4 },
      })
    })
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith({
        severity: 'info',
        summary: 'Ticket 8',
        detail: 'Beta Bank accepted the consideration of ticket 8 (6.54% GS 2032)',
      }),
    )
    expect(fake.callsTo('GET', 'api/chatter/trade/')[0]?.query.get('page_size')).toBe('20')
  })

  it('reloads the open tickets and an open ticket on a refresh of tickets (a sweep, decision 401)', async () => {
    const shown = vi.spyOn(toast, 'show').mockImplementation(() => 'id')
    const fake = createFakeFetch()
      .on(
        'GET',
        'api/chatter/trade/',
        { body: makePage([mine]) },
        { body: makePage([mine, theirs]) },
      )
      .on(
        'GET',
        'api/chatter/trade/8/',
        { body: makeTicketDetail({ id: 8, state: 'sent' }) },
        { body: makeTicketDetail({ id: 8, state: 'settled' }) },
      )
    function WithTicket() {
      const { data } = useTicketQuery(8)
      return <p>{data ? `Ticket 8 ${data.state}` : 'loading'}</p>
    }
    const { sockets, findByText } = renderWithStore(
      <>
        <Live />
        <WithTicket />
      </>,
      { fake },
    )
    expect(await findByText('Ticket 8 sent')).toBeInTheDocument()
    await waitFor(() => expect(fake.callsTo('GET', 'api/chatter/trade/')).toHaveLength(1))
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
      sockets.last().receive({ type: 'refresh', target: 'tickets' })
    })
    expect(await findByText('Ticket 8 settled')).toBeInTheDocument()
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith({
        severity: 'info',
        summary: 'Ticket 9',
        detail: 'Alpha Capital sent ticket 9 (6.54% GS 2032) for your confirmation',
      }),
    )
    expect(fake.callsTo('GET', 'api/chatter/trade/')).toHaveLength(2)
  })
})
