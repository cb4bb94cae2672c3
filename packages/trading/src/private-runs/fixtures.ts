// Private-run lines for the tab's tests and stories: a broker's two-way on 7.18% GS 2033 and an
// unsure quote, as the server answers them.
import type { PrivateRunLine, PrivateRunPage, VenueRfq } from '@bonds/domain'

/** A line of the run; override what a case needs. */
export function runLine(over: Partial<PrivateRunLine> = {}): PrivateRunLine {
  return {
    id: 1,
    status: 'live',
    isin: 'IN0020230085',
    finstrument_id: 'IN0020230085',
    display_name: '7.18% GS 2033',
    quote_type: 'BID',
    yield: 0.0712,
    price: null,
    quantum: 250_000_000,
    settlement_delta: null,
    confidence: 1,
    auto: true,
    doubts: [],
    corrected: false,
    channel_url: 'ch_00000000000000000000000000000001',
    channel_name: 'Bharat Broker',
    message_id: 41,
    line: 1,
    source: '7.18 gs 2033 7.12/7.10 25cr',
    sender_id: 'u-broker',
    sender_name: 'Bharat Broker',
    counterparty_client_id: 'c-sec',
    counterparty_name: 'Demo Securities',
    received_at: '2026-11-26T05:00:00.000Z',
    updated_at: '2026-11-26T05:00:00.000Z',
    rfq: null,
    ...over,
  }
}

/** An exchange RFQ made from a line. */
export function lineRfq(over: Partial<VenueRfq> = {}): VenueRfq {
  return {
    id: 7,
    exchange: 'NSE',
    venue_ref: 'NSE-RFQ-20261126-000007',
    state: 'initiated',
    role: 'initiator',
    group_id: null,
    finstrument_id: 'IN0020230085',
    isin: 'IN0020230085',
    display_name: '7.18% GS 2033',
    quote_type: 'BID',
    quantum: 250_000_000,
    yield: 0.071,
    price: null,
    settlement_date: '2026-11-27',
    turn: 'responder',
    counterparty_name: 'Demo Securities',
    history: [],
    ticket_id: null,
    private_run_id: 2,
    created_at: '2026-11-26T05:01:00.000Z',
    updated_at: '2026-11-26T05:01:00.000Z',
    ...over,
  }
}

/** The broker's two-way, and an unsure quote from another message. */
export const TWO_WAY: readonly PrivateRunLine[] = [
  runLine({ id: 1, quote_type: 'BID', yield: 0.0712 }),
  runLine({ id: 2, quote_type: 'ASK', yield: 0.071 }),
  runLine({
    id: 3,
    message_id: 40,
    status: 'pending',
    auto: false,
    confidence: 0.8,
    doubts: ['indicative'],
    quote_type: 'BID',
    yield: 0.0713,
    quantum: 50_000_000,
    source: '7.18 gs 2033 indicative bid 7.13 5cr',
    received_at: '2026-11-26T04:50:00.000Z',
  }),
]

/** A page of the run. */
export const runPage = (lines: readonly PrivateRunLine[]): PrivateRunPage => ({
  results: [...lines],
  count: lines.length,
  page: 1,
  page_size: 100,
})
