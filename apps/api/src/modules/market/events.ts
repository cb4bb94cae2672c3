// What the market publishes on the bus, and to whom: an EOI's change to every user whose client may
// trade (client.can_trade), a response's or counter's to its two firms only; a cluster's change to
// the clients party to it (buyer, seller, facilitator).
import { PERMISSIONS, type StreamedQuote } from '@bonds/domain'
import type { DomainEvent } from '../../events/bus.ts'
import type { Publish } from '../../server-module.ts'
import type { EoiRow } from './repo.ts'

/** An EOI as its `quotes_eoi` message carries it: the row, and its bond's names when known. */
export type EoiChange = Pick<
  EoiRow,
  | 'id'
  | 'finstrumentId'
  | 'quoteType'
  | 'state'
  | 'clientId'
  | 'quantum'
  | 'unitPrice'
  | 'bondYield'
  | 'fixedField'
  | 'settlementDate'
  | 'expiresAt'
  | 'respondEoiId'
  | 'createdAt'
  | 'updatedAt'
> & { isin?: string; displayName?: string }

/**
 * The quote as the RFQ quotes list shows it, anonymous (no firm, no `mine`, no negotiations): what
 * a client patches its rows with instead of fetching the list again (decision 310).
 */
function marketQuote(eoi: EoiChange): StreamedQuote {
  return {
    id: eoi.id,
    finstrument_id: eoi.finstrumentId,
    ...(eoi.isin === undefined ? {} : { isin: eoi.isin }),
    ...(eoi.displayName === undefined ? {} : { display_name: eoi.displayName }),
    quote_type: eoi.quoteType as StreamedQuote['quote_type'],
    quantum: eoi.quantum,
    unit_price_stored: eoi.unitPrice,
    yield_stored: eoi.bondYield,
    fixed_field: eoi.fixedField as StreamedQuote['fixed_field'],
    settlement_date: eoi.settlementDate,
    expiry_date_stored: eoi.expiresAt.toISOString(),
    state: eoi.state as StreamedQuote['state'],
    created_at: eoi.createdAt.toISOString(),
    updated_at: eoi.updatedAt.toISOString(),
  }
}

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

/**
 * `quotes_eoi`: an EOI was posted, answered, withdrawn, closed or is live again, to every trader;
 * when it `appeared` (new to the market), once more to its own firm's traders with `mine: true`.
 * A response or counter (`respond_eoi_id`) is addressed to one firm, never the market: it goes to
 * its own firm's traders and those of `answered`, the firm of the quote it answers (decision 385).
 */
export function eoiEvents(
  eoi: EoiChange,
  appeared = false,
  answered: string | null = null,
): DomainEvent[] {
  const data = {
    eoi_id: eoi.id,
    finstrument_id: eoi.finstrumentId,
    quote_type: eoi.quoteType,
    state: eoi.state,
    respond_eoi_id: eoi.respondEoiId,
    quote: marketQuote(eoi),
  }
  if (eoi.respondEoiId !== null) {
    const parties = [eoi.clientId, answered].filter((id): id is string => Boolean(id))
    if (parties.length === 0) return []
    return [
      {
        audience: { kind: 'clients', permission: PERMISSIONS.canTrade, clientIds: parties },
        message: { type: 'quotes_eoi', data },
      },
    ]
  }
  const events: DomainEvent[] = [
    { audience: MARKET_AUDIENCE, message: { type: 'quotes_eoi', data } },
  ]
  if (appeared && eoi.respondEoiId === null && eoi.clientId) {
    events.push({
      audience: { kind: 'clients', permission: PERMISSIONS.canTrade, clientIds: [eoi.clientId] },
      message: { type: 'quotes_eoi', data: { ...data, mine: true } },
    })
  }
  return events
}

/** The firm of a quote, by id (null when unknown): who a response or counter is addressed to. */
export type QuoteFirm = (eoiId: number) => Promise<string | null>

/** The market's events over a publisher; `firmOf` finds the firm a response or counter answers. */
export function marketEvents(publish: Publish, firmOf?: QuoteFirm) {
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

    /**
     * `quotes_eoi`: an EOI was posted, answered, withdrawn, closed or is live again; with the quote
     * itself (`quote`) and `respond_eoi_id` (a response is no market quote). `appeared`: the quote
     * is new to the market (posted, uploaded, live again), so its firm's traders hear it once more
     * with `mine: true`, which the anonymous message cannot say (decision 310).
     */
    eoi: async (eoi: EoiChange, appeared = false) => {
      const answered = eoi.respondEoiId !== null && firmOf ? await firmOf(eoi.respondEoiId) : null
      for (const event of eoiEvents(eoi, appeared, answered)) await publish(event)
    },

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

// ---- the bond's market, inquiries and wholesale changes (decisions 390, 391) ----

/**
 * The most quote messages one bulk change (an upload, the expiry sweep) sends one by one; past it
 * the market hears one `refresh` of the public runs instead (decision 390).
 */
export const BULK_QUOTE_MESSAGES = 50

/** `quotes_stream`: these bonds' markets (depth, market quote) changed; one message per bond. */
export function marketStreamEvents(finstrumentIds: Iterable<string>): DomainEvent[] {
  return [...new Set(finstrumentIds)].map((finstrumentId) => ({
    audience: MARKET_AUDIENCE,
    message: { type: 'quotes_stream', data: { finstrument_id: finstrumentId } },
  }))
}

/** A response arriving on one firm's quote: the inquiry that firm's traders hear of. */
export interface InquiryChange {
  /** The response (the inquiry itself). */
  id: number
  /** The firm's quote it answers. */
  eoiId: number
  finstrumentId: string
  /** The firm whose quote it is. */
  clientId: string
  clusterId: number | null
}

/** `inquiries`: a response arrived on the firm's quote; to that firm's traders only. */
export function inquiryEvent(change: InquiryChange): DomainEvent {
  return {
    audience: { kind: 'clients', permission: PERMISSIONS.canTrade, clientIds: [change.clientId] },
    message: {
      type: 'inquiries',
      data: {
        inquiry_id: change.id,
        eoi_id: change.eoiId,
        finstrument_id: change.finstrumentId,
        cluster_id: change.clusterId,
      },
    },
  }
}

/** `refresh` of the public runs: the market's quotes changed wholesale; to every trader. */
export function publicRunsRefreshEvent(): DomainEvent {
  return {
    audience: MARKET_AUDIENCE,
    message: { type: 'refresh', target: 'public_runs' },
  }
}

/**
 * The market's events for one write, with what follows from them: every quote change notes its
 * bond, and `flush` (once the write's own messages are out) sends one `quotes_stream` per bond
 * touched; `inquiry`, `publicRunsRefresh` and `touched` (bonds changed without a quote message).
 */
export function streamingMarketEvents(publish: Publish, firmOf?: QuoteFirm) {
  const base = marketEvents(publish, firmOf)
  const bonds = new Set<string>()
  return {
    ...base,
    eoi: async (eoi: EoiChange, appeared = false) => {
      bonds.add(eoi.finstrumentId)
      await base.eoi(eoi, appeared)
    },
    /** Bonds whose market changed though no quote message was sent (a bulk change). */
    touched: (finstrumentIds: Iterable<string>) => {
      for (const id of finstrumentIds) bonds.add(id)
    },
    inquiry: (change: InquiryChange) => publish(inquiryEvent(change)),
    publicRunsRefresh: () => publish(publicRunsRefreshEvent()),
    /** One `quotes_stream` per bond touched since the last flush. */
    flush: async () => {
      const events = marketStreamEvents(bonds)
      bonds.clear()
      for (const event of events) await publish(event)
    },
  }
}

/** The market's events for one write (`streamingMarketEvents`). */
export type StreamingMarketEvents = ReturnType<typeof streamingMarketEvents>
