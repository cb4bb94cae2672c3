// What the venue publishes: `rfq_negotiation` to the traders of both firms of an exchange RFQ at
// each step (initiated, quoted, countered, dealt, cancelled); `inquiries` to the traders of the
// firm an RFQ is sent to (decision 391).
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

    /** An exchange RFQ was sent to a firm: an inquiry for that firm's traders only. */
    inquiry: (rfq: {
      id: number
      exchange: string
      finstrumentId: string
      responderClientId: string
    }) =>
      publish({
        audience: {
          kind: 'clients',
          permission: PERMISSIONS.canTrade,
          clientIds: [rfq.responderClientId],
        },
        message: {
          type: 'inquiries',
          data: {
            venue_rfq_id: rfq.id,
            exchange: rfq.exchange,
            finstrument_id: rfq.finstrumentId,
          },
        },
      }),
  }
}

/** The venue's events. */
export type VenueEvents = ReturnType<typeof venueEvents>
