// What tickets publish on the bus, and to whom: the people of both firms on a ticket (a draft only
// to the firm that made it). `open_tickets` for a ticket's changes, `consideration_update` when its
// amounts change, `open_orders` once it is an order.
import type { Publish } from '../../server-module.ts'
import type { TicketRow } from './repo.ts'

/** The tickets' events over a publisher. */
export function ticketEvents(publish: Publish) {
  const send = (
    type: 'open_tickets' | 'open_orders' | 'consideration_update',
    row: Pick<
      TicketRow,
      'id' | 'state' | 'version' | 'initiatorClientId' | 'counterpartyClientId' | 'custodianId'
    >,
  ) =>
    publish({
      audience: {
        kind: 'clients',
        clientIds:
          row.state === 'draft'
            ? [row.initiatorClientId]
            : [row.initiatorClientId, row.counterpartyClientId],
      },
      message: {
        type,
        data: { ticket_id: row.id, order_id: row.id, state: row.state, version: row.version },
      },
    })
  return {
    /** A ticket was made or changed; an order's change also goes out as `open_orders`. */
    async changed(row: Parameters<typeof send>[1], { amounts = false } = {}) {
      await send('open_tickets', row)
      if (amounts) await send('consideration_update', row)
      // An order from the accepted consideration on (accepting names the custodian), as the view says.
      if (row.custodianId) await send('open_orders', row)
    },
  }
}

/** The tickets' events. */
export type TicketEvents = ReturnType<typeof ticketEvents>
