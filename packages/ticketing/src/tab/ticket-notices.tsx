// Toasts when the other firm moves one of the viewer's tickets on, whichever tab is open: a
// dealer chatting in the Chat tab hears that the broker accepted the consideration, or that a new
// ticket arrived. It reads the open tickets as the Ticketing tab's first page does (one cache
// entry, refetched by the socket's ticket messages) and compares each answer with the last.
import type { Ticket, TradeState } from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import { useEffect, useRef } from 'react'
import { useTicketsQuery } from '../api/ticket-list.ts'
import { OPEN_STATES, TICKETS_PAGE_SIZE } from './open-states.ts'

/** What to tell the viewer of a ticket that went from `before` (undefined: new to the list). */
export function ticketNotice(ticket: Ticket, before: TradeState | undefined): string | null {
  const other = ticket.role === 'initiator' ? ticket.counterparty.name : ticket.initiator.name
  if (before === undefined) {
    // A ticket the other firm sent: the viewer's own new drafts need no news.
    return ticket.role === 'counterparty' && ticket.state === 'sent'
      ? `${other} sent ticket ${ticket.id} (${ticket.display_name}) for your confirmation`
      : null
  }
  if (before === ticket.state || ticket.role !== 'initiator') return null
  // Accepting the consideration is the counterparty's act; a firm that reports straight through
  // reports at once, so "accepted" may be skipped on the way to "reported".
  if (ticket.state === 'accepted' || (ticket.state === 'reported' && before !== 'accepted')) {
    return `${other} accepted the consideration of ticket ${ticket.id} (${ticket.display_name})`
  }
  if (ticket.state === 'confirmed' && before === 'sent') {
    return `${other} confirmed ticket ${ticket.id} (${ticket.display_name})`
  }
  return null
}

/** Mount once in the workspace: shows `ticketNotice`'s toasts; renders nothing. */
export function TicketNotices() {
  const { data } = useTicketsQuery({ state: OPEN_STATES, page: 1, page_size: TICKETS_PAGE_SIZE })
  const seen = useRef<Map<number, TradeState> | null>(null)
  useEffect(() => {
    if (!data) return
    const before = seen.current
    seen.current = new Map(data.results.map((ticket) => [ticket.id, ticket.state]))
    // The first answer is where the viewer starts: nothing in it is news.
    if (!before) return
    for (const ticket of data.results) {
      const text = ticketNotice(ticket, before.get(ticket.id))
      if (text) void toast.show({ severity: 'info', summary: `Ticket ${ticket.id}`, detail: text })
    }
  }, [data])
  return null
}
