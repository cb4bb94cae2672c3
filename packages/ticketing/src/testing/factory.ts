// Tickets for tests and stories: a sent ticket of a ₹5 cr G-sec between two firms, changed by
// overrides.
import type {
  ReconstructionEvent,
  Ticket,
  TicketDetail,
  TicketPage,
  TradeReconstruction,
} from '@bonds/domain'

const party = (client_id: string, name: string, user_name: string) => ({
  client_id,
  name,
  user_id: `${client_id}-u`,
  user_name,
})

/** A ticket (sent by us, Alpha Capital, to Beta Bank), with `overrides`. */
export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  const alpha = party('c-alpha', 'Alpha Capital', 'Asha Rao')
  const beta = party('c-beta', 'Beta Bank', 'Vikram Shah')
  return {
    id: 101,
    state: 'sent',
    version: 3,
    kind: 'ticket',
    finstrument_id: 'GS2032',
    isin: 'IN0020210244',
    display_name: '6.54% GS 2032',
    buy_or_sell: 'buy',
    role: 'initiator',
    initiator: alpha,
    counterparty: beta,
    buyer: alpha,
    seller: beta,
    broker_details: [],
    broker_side: null,
    seller_details: null,
    quantum: 5_00_00_000,
    unit_clean_price: 99.5,
    bond_yield: 0.0654,
    fixed_field: 'price',
    settlement_date: '2026-11-27',
    trade_date: '2026-11-26',
    trade_time: '10:30',
    traded_at: '2026-11-26T05:00:00.000Z',
    exchange: 'NSE',
    consideration: {
      principal: '49750000.00',
      accrued_interest: '1234567.89',
      consideration: '50984567.89',
      stamp_duty: '50.98',
      brokerage: '0.00',
      total: '50984618.87',
      accrued_per_100: 2.46913578,
    },
    custodian: null,
    channel_url: null,
    message_id: null,
    quote_text: null,
    report: {
      exchange: 'NSE',
      status: 'not_reported',
      reference: null,
      reason: null,
      reported_at: null,
      due_at: '2026-11-26T05:15:00.000Z',
      overdue: false,
    },
    settled_at: null,
    actions: ['edit', 'cancel'],
    created_at: '2026-11-26T05:00:00.000Z',
    updated_at: '2026-11-26T05:01:00.000Z',
    ...overrides,
  }
}

/** A ticket with a timeline of its creation and sending. */
export function makeTicketDetail(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...makeTicket(overrides),
    timeline: [
      {
        at: '2026-11-26T05:00:00.000Z',
        action: 'create',
        from_state: null,
        to_state: 'draft',
        actor_name: 'Asha Rao',
        actor_client_name: 'Alpha Capital',
        detail: null,
      },
      {
        at: '2026-11-26T05:01:00.000Z',
        action: 'send',
        from_state: 'draft',
        to_state: 'sent',
        actor_name: 'Asha Rao',
        actor_client_name: 'Alpha Capital',
        detail: null,
      },
    ],
    ...(overrides.timeline ? { timeline: overrides.timeline } : {}),
  }
}

/** One page holding `tickets`. */
export function makePage(tickets: Ticket[], count = tickets.length, page = 1): TicketPage {
  return { results: tickets, count, page, page_size: 20 }
}

const event = (
  at: string,
  kind: ReconstructionEvent['kind'],
  title: string,
  detail: string | null,
  actor: [string, string] | null,
): ReconstructionEvent => ({
  at,
  kind,
  title,
  detail,
  actor_name: actor?.[0] ?? null,
  actor_client_name: actor?.[1] ?? null,
})

/** A settled order from a chat deal, reconstructed: the chat, the quote, an RFQ, the lifecycle. */
export function makeReconstruction(
  overrides: Partial<TradeReconstruction> = {},
): TradeReconstruction {
  const asha: [string, string] = ['Asha Rao', 'Alpha Capital']
  const vikram: [string, string] = ['Vikram Shah', 'Beta Bank']
  return {
    ticket: makeTicket({
      kind: 'order',
      state: 'settled',
      actions: [],
      channel_url: 'trading-group',
      message_id: '42',
      quote_text: 'Done 5 cr 6.54 GS 2032 @ 99.50',
      custodian: { client_id: 'hdfc-bank', name: 'HDFC Bank Limited' },
      report: {
        exchange: 'NSE',
        status: 'confirmed',
        reference: 'NCL20261126000101001',
        reason: null,
        reported_at: '2026-11-26T05:03:00.000Z',
        due_at: '2026-11-26T05:15:00.000Z',
        overdue: false,
      },
      settled_at: '2026-11-27T04:30:00.000Z',
    }),
    events: [
      event(
        '2026-11-26T04:40:00.000Z',
        'rfq',
        'BID EOI',
        '₹5 cr at 99.4800, settles 27-Nov-2026',
        asha,
      ),
      event(
        '2026-11-26T04:55:00.000Z',
        'message',
        'Message',
        'Need 5 cr 6.54 GS 32 <b>today</b>',
        asha,
      ),
      event('2026-11-26T04:56:00.000Z', 'message', 'File shared', 'runs-morning.csv', vikram),
      event(
        '2026-11-26T04:59:00.000Z',
        'quote',
        'Quote (the ticket’s deal message)',
        'Done 5 cr 6.54 GS 2032 @ 99.50',
        vikram,
      ),
      event('2026-11-26T05:00:00.000Z', 'ticket', 'Created (now draft)', null, asha),
      event('2026-11-26T05:01:00.000Z', 'ticket', 'Sent (now sent)', null, asha),
      event(
        '2026-11-26T05:02:00.000Z',
        'order',
        'Consideration accepted (now accepted)',
        'Consideration ₹5,09,84,618.87 with HDFC Bank Limited',
        vikram,
      ),
      event(
        '2026-11-26T05:03:00.000Z',
        'report',
        'Reported (now reported)',
        'NSE Clearing confirmed NCL20261126000101001',
        null,
      ),
      event('2026-11-27T04:30:00.000Z', 'settlement', 'Settled (now settled)', null, null),
    ],
    ...overrides,
  }
}
