// An RFQ to three firms on NSE RFQ as its initiator sees it (one-to-many, decision 329): Demo
// Securities and Pia Capital have quoted, Quinn Funds not yet.
import type { ParticipantList, ParticipantResult, VenueRfq, VenueRfqPage } from '@bonds/domain'

/** One leg of the RFQ. */
export const venueLeg = (over: Partial<VenueRfq> = {}): VenueRfq => ({
  id: 11,
  exchange: 'NSE',
  venue_ref: 'NSE-RFQ-20261126-000011-1',
  state: 'quoted',
  role: 'initiator',
  group_id: 11,
  finstrument_id: 'IN0020230085',
  isin: 'IN0020230085',
  display_name: '7.18% GS 2033',
  quote_type: 'BID',
  quantum: 100_000_000,
  yield: 0.0711,
  price: null,
  settlement_date: '2026-11-27',
  turn: 'initiator',
  counterparty_name: 'Demo Securities',
  history: [],
  ticket_id: null,
  private_run_id: null,
  created_at: '2026-11-26T05:00:00.000Z',
  updated_at: '2026-11-26T05:01:00.000Z',
  ...over,
})

/** The three legs, quoted by two firms. */
export const THREE_FIRMS: VenueRfq[] = [
  venueLeg(),
  venueLeg({
    id: 12,
    venue_ref: 'NSE-RFQ-20261126-000011-2',
    yield: 0.0709,
    counterparty_name: 'Pia Capital',
  }),
  venueLeg({
    id: 13,
    venue_ref: 'NSE-RFQ-20261126-000011-3',
    state: 'initiated',
    yield: 0.0712,
    turn: 'responder',
    counterparty_name: 'Quinn Funds',
  }),
]

/** An RFQ Demo Capital sent to the viewer's firm on BSE RFQ, not yet quoted. */
export const SENT_TO_US: VenueRfq = venueLeg({
  id: 9,
  group_id: null,
  venue_ref: 'BSE-RFQ-20261126-000009',
  exchange: 'BSE',
  role: 'responder',
  quote_type: 'ASK',
  counterparty_name: 'Demo Capital',
  state: 'initiated',
  turn: 'responder',
  yield: 0.0712,
})

/** A page of RFQs. */
export const venuePage = (results: VenueRfq[]): VenueRfqPage => ({
  results,
  count: results.length,
  page: 1,
  page_size: 100,
})

const firm = (
  clientId: string,
  name: string,
  userName: string | null = null,
): ParticipantResult => ({
  group: userName ? 'Member' : 'Company',
  user_id: userName ? `u-${clientId}` : null,
  client_id: clientId,
  nsccl_code: null,
  iccl_code: null,
  user_name: userName,
  brand_name: null,
  name,
  is_broker: false,
  is_partner: false,
})

/** Firms that trade RFQs on NSE, as the participant search lists them (a dealer, then firms). */
export const FIRMS_ON_NSE: ParticipantList = {
  results: [
    firm('c-pia', 'Pia Capital', 'Pia Rao'),
    firm('c-pia', 'Pia Capital'),
    firm('c-quinn', 'Quinn Funds'),
    firm('c-sec', 'Demo Securities'),
  ],
}
