// What the market publishes on the bus, and to whom: an EOI's change to every user whose client may
// trade (client.can_trade); a cluster's change to the clients party to it (buyer, seller,
// facilitator).
import { PERMISSIONS } from '@bonds/domain'
import type { DomainEvent } from '../../events/bus.ts'
import type { Publish } from '../../server-module.ts'
import type { EoiRow } from './repo.ts'

const MARKET_AUDIENCE = { kind: 'permission', permission: PERMISSIONS.canTrade } as const

/** The parties of a cluster and its state, as its event names them. */
export interface ClusterChange {
  id: number
  finstrumentId: string
  state: string
  buyerClientId: string
  sellerClientId: string
  facilitatorClientId: string | null
}

/** The two firms of a negotiation and its state, as its event names them. */
export interface NegotiationChange {
  id: number
  eoiId: number
  finstrumentId: string
  state: string
  ownerClientId: string
  counterpartyClientId: string
}

/** What an EOI's event names of it. */
export type EoiChange = Pick<EoiRow, 'id' | 'finstrumentId' | 'quoteType' | 'state'>

/** `quotes_eoi`: an EOI was posted, answered, withdrawn, closed or is live again. */
export function eoiEvent(eoi: EoiChange): DomainEvent {
  return {
    audience: MARKET_AUDIENCE,
    message: {
      type: 'quotes_eoi',
      data: {
        eoi_id: eoi.id,
        finstrument_id: eoi.finstrumentId,
        quote_type: eoi.quoteType,
        state: eoi.state,
      },
    },
  }
}

/** The market's events over a publisher. */
export function marketEvents(publish: Publish) {
  return {
    /** `rfq_negotiation`: a counter-quote, a deal, a decline or an expiry, to the two firms' traders. */
    negotiation: (change: NegotiationChange) =>
      publish({
        audience: {
          kind: 'clients',
          permission: PERMISSIONS.canTrade,
          clientIds: [change.ownerClientId, change.counterpartyClientId],
        },
        message: {
          type: 'rfq_negotiation',
          data: {
            negotiation_id: change.id,
            eoi_id: change.eoiId,
            finstrument_id: change.finstrumentId,
            state: change.state,
          },
        },
      }),

    /** `quotes_eoi`: an EOI was posted, answered, withdrawn, closed or is live again. */
    eoi: (eoi: EoiChange) => publish(eoiEvent(eoi)),

    /** `quotes_cluster`: a cluster was opened, negotiated or closed. */
    cluster: (cluster: ClusterChange) =>
      publish({
        // The parties' traders: not their compliance officers or researchers (no client.can_trade).
        audience: {
          kind: 'clients',
          permission: PERMISSIONS.canTrade,
          clientIds: [
            cluster.buyerClientId,
            cluster.sellerClientId,
            ...(cluster.facilitatorClientId ? [cluster.facilitatorClientId] : []),
          ],
        },
        message: {
          type: 'quotes_cluster',
          data: {
            cluster_id: cluster.id,
            finstrument_id: cluster.finstrumentId,
            state: cluster.state,
          },
        },
      }),
  }
}

/** The market's events. */
export type MarketEvents = ReturnType<typeof marketEvents>
