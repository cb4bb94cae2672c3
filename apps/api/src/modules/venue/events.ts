// What the venue publishes: `rfq_negotiation` to the traders of both firms of an exchange RFQ at
// each step (initiated, quoted, countered, dealt, cancelled).
import { PERMISSIONS } from '@bonds/domain'
import type { Publish } from '../../server-module.ts'

/** The venue's events over a publisher. */
export function venueEvents(publish: Publish) {
  return {
    /** An exchange RFQ moved. */
    changed: (rfq: {
      id: number
      exchange: string
      state: string
      initiatorClientId: string
      responderClientId: string
    }) =>
      publish({
        audience: {
          kind: 'clients',
          permission: PERMISSIONS.canTrade,
          clientIds: [rfq.initiatorClientId, rfq.responderClientId],
        },
        message: {
          type: 'rfq_negotiation',
          data: { venue_rfq_id: rfq.id, exchange: rfq.exchange, state: rfq.state },
        },
      }),
  }
}

/** The venue's events. */
export type VenueEvents = ReturnType<typeof venueEvents>
