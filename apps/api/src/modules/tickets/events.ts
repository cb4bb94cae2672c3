// What tickets publish on the bus, and to whom: the people of both firms on a ticket (a draft only
// to the firm that made it). `open_tickets` for a ticket's changes, `consideration_update` when its
// amounts change, `open_orders` once it is an order; `refresh` `tickets` to the firms of a sweep
// that changed many tickets at once (decision 401).
import type { Publish } from '../../server-module.ts'
import type { TicketRow } from './repo.ts'

/**
 * The most tickets one sweep pass (settlement, overdue flags) tells of one by one; past it their
 * firms hear one `refresh` `tickets` instead (decision 401).
 */
export const BULK_TICKET_MESSAGES = 20

/** The firms told of a ticket: both sides, a draft only its maker. */
export const partiesOf = (
  row: Pick<TicketRow, 'state' | 'initiatorClientId' | 'counterpartyClientId'>,
): string[] =>
  row.state === 'draft'
    ? [row.initiatorClientId]
    : [row.initiatorClientId, row.counterpartyClientId]

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
      audience: { kind: 'clients', clientIds: partiesOf(row) },
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

    /** These firms' tickets changed wholesale: one `refresh` `tickets` to their people. */
    refresh: async (clientIds: Iterable<string>) => {
      const firms = [...new Set(clientIds)].sort()
      if (firms.length === 0) return
      await publish({
        audience: { kind: 'clients', clientIds: firms },
        message: { type: 'refresh', target: 'tickets' },
      })
    },
  }
}

/** The tickets' events. */
export type TicketEvents = ReturnType<typeof ticketEvents>
