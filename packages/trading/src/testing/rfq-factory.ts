// Factories of RFQ quotes, negotiations and public runs for the trading package's tests and stories.
import type { Cluster, Negotiation, NegotiationEntry, PublicRun, RfqQuote } from '@bonds/domain'

/** A live offer on 7.18% GS 2033. */
export function makeQuote(patch: Partial<RfqQuote> = {}): RfqQuote {
  return {
    id: 10,
    finstrument_id: 'IN0020230085',
    isin: 'IN0020230085',
    display_name: '7.18% GS 2033',
    quote_type: 'ASK',
    quantum: 25_00_00_000,
    unit_price_stored: 100.4523,
    yield_stored: 0.0712,
    fixed_field: 'yield',
    settlement_date: '2026-11-30',
    expiry_date_stored: '2026-11-27T11:30:00.000Z',
    state: 'DEFAULT',
    mine: false,
    negotiations: [],
    created_at: '2026-11-27T05:00:00.000Z',
    updated_at: '2026-11-27T05:00:00.000Z',
    ...patch,
  }
}

/** A counter-quote. */
export function makeEntry(patch: Partial<NegotiationEntry> = {}): NegotiationEntry {
  return {
    id: 1,
    by: 'COUNTERPARTY',
    quantum: 10_00_00_000,
    unit_price_stored: 100.3,
    yield_stored: 0.0714,
    fixed_field: 'yield',
    note: null,
    created_at: '2026-11-27T05:01:00.000Z',
    ...patch,
  }
}

/** An open negotiation on quote 10 seen by its owner. */
export function makeNegotiation(patch: Partial<Negotiation> = {}): Negotiation {
  return {
    id: 1,
    eoi_id: 10,
    counter_eoi_id: 11,
    finstrument_id: 'IN0020230085',
    isin: 'IN0020230085',
    display_name: '7.18% GS 2033',
    quote_type: 'ASK',
    side: 'OWNER',
    owner_name: 'Demo Capital',
    counterparty_name: 'Demo Securities',
    other_broker: null,
    state: 'OPEN',
    entries: [makeEntry()],
    deal: null,
    created_at: '2026-11-27T05:01:00.000Z',
    updated_at: '2026-11-27T05:01:00.000Z',
    ...patch,
  }
}

/** A page of RFQ quotes. */
export function makeQuotePage(results: RfqQuote[]) {
  return { results, count: results.length, page: 1, page_size: 2000 }
}

/** An open cluster on the bond, the caller selling. */
export function makeCluster(patch: Partial<Cluster> = {}): Cluster {
  return {
    id: 5,
    finstrument_id: 'IN0020230085',
    isin: 'IN0020230085',
    display_name: '7.18% GS 2033',
    buyer_eoi_id: 12,
    seller_eoi_id: 10,
    side: 'SELLER',
    buyer_name: 'Demo Securities',
    seller_name: 'Demo Capital',
    quantity: 10_00_00_000,
    buyer_price: 100.4523,
    seller_price: 100.4523,
    seller_spread: 0,
    settlement_date: '2026-11-30',
    facilitator: null,
    facilitator_name: null,
    state: 'OPEN',
    buyer_accepted_at: null,
    seller_accepted_at: null,
    created_at: '2026-11-27T05:02:00.000Z',
    updated_at: '2026-11-27T05:02:00.000Z',
    closed_at: null,
    ...patch,
  }
}

/** A public run line on 7.18% GS 2033. */
export function makeRun(patch: Partial<PublicRun> = {}): PublicRun {
  return {
    finstrument_id: 'IN0020230085',
    isin: 'IN0020230085',
    display_name: '7.18% GS 2033',
    bid: {
      unit_price_stored: 100.31,
      yield_stored: 0.0714,
      quantum: 10_00_00_000,
      settlement_date: '2026-11-30',
    },
    ask: {
      unit_price_stored: 100.4523,
      yield_stored: 0.0712,
      quantum: 25_00_00_000,
      settlement_date: '2026-11-30',
    },
    quotes: 3,
    mine: false,
    clusters: [],
    updated_at: '2026-11-27T05:02:00.000Z',
    ...patch,
  }
}

/** A page of public runs. */
export function makeRunPage(results: PublicRun[]) {
  return { results, count: results.length, page: 1, page_size: 100 }
}

/** The data of a `quotes_eoi` message for a quote, as the server sends it (decision 310). */
export function makeQuoteMessage(
  patch: Partial<RfqQuote> = {},
  extra: { mine?: true; respond_eoi_id?: number | null } = {},
): Record<string, unknown> {
  const { mine: _mine, negotiations: _negotiations, ...quote } = makeQuote(patch)
  return {
    eoi_id: quote.id,
    finstrument_id: quote.finstrument_id,
    quote_type: quote.quote_type,
    state: quote.state,
    respond_eoi_id: extra.respond_eoi_id ?? null,
    quote,
    ...(extra.mine ? { mine: true } : {}),
  }
}
