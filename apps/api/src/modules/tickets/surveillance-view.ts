// A trade's reconstruction as the Compliance Officer reads it (decision 226): each source (chat
// messages, EOIs, clusters, the ticket's timeline) turned into events of one kind set, and the
// whole as the blocks of a PDF. Pure: no database, no clock.
import type { ReconstructionEvent, ReconstructionKind, TradeReconstruction } from '@bonds/domain'
import {
  formatDate,
  formatIstTime,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatYield,
} from '@bonds/pricing'
import type { ReportBlock } from '../documents/index.ts'

/** Who did something, as the reconstruction names them. */
interface Actor {
  name: string
  clientName: string | null
}

const person = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim()

/** A chat message: the deal message itself is the quote; a file shows its name. */
export function messageEvent(
  message: {
    id: number
    createdAt: Date
    messageType: string
    message: string
    file: { name: string } | null
    senderId: string | null
  },
  dealMessageId: number | null,
  people: ReadonlyMap<string, Actor>,
): ReconstructionEvent {
  const sender = message.senderId ? people.get(message.senderId) : undefined
  const isDeal = message.id === dealMessageId
  const title = isDeal
    ? 'Quote (the ticket’s deal message)'
    : message.messageType === 'file'
      ? 'File shared'
      : message.messageType === 'admin'
        ? 'Chat notice'
        : 'Message'
  const detail =
    message.messageType === 'file'
      ? [message.file?.name ?? 'File', message.message].filter(Boolean).join(': ')
      : message.message
  return {
    at: message.createdAt.toISOString(),
    kind: isDeal ? 'quote' : 'message',
    title,
    detail: detail || null,
    actor_name: sender?.name ?? null,
    actor_client_name: sender?.clientName ?? null,
  }
}

const level = (price: number, bondYield: number | null, fixedField: string) =>
  fixedField === 'yield' && bondYield !== null
    ? `${formatYield(bondYield)} (price ${formatPrice(price)})`
    : `${formatPrice(price)}${bondYield === null ? '' : ` (yield ${formatYield(bondYield)})`}`

/** An EOI (expression of interest, the market's RFQ) on the trade's bond. */
export function eoiEvent(eoi: {
  at: Date
  quoteType: string
  quantum: number
  unitPrice: number
  bondYield: number | null
  fixedField: string
  settlementDate: string
  state: string
  source: string
  respondEoiId: number | null
  firstName: string | null
  lastName: string | null
  clientName: string
}): ReconstructionEvent {
  const side = eoi.quoteType.toUpperCase()
  return {
    at: eoi.at.toISOString(),
    kind: 'rfq',
    title: eoi.respondEoiId === null ? `${side} EOI` : `${side} EOI (a response)`,
    detail: `${formatQuantum(eoi.quantum)} at ${level(eoi.unitPrice, eoi.bondYield, eoi.fixedField)}, settles ${formatDate(eoi.settlementDate)}; ${eoi.state.toLowerCase()}, from ${eoi.source}`,
    actor_name: person(eoi.firstName, eoi.lastName),
    actor_client_name: eoi.clientName,
  }
}

/** A cluster: a buyer's and a seller's EOI negotiated together. */
export function clusterEvent(cluster: {
  at: Date
  state: string
  quantity: number
  buyerPrice: number
  sellerPrice: number
  settlementDate: string
  buyerName: string
  sellerName: string
  facilitatorName: string | null
  firstName: string | null
  lastName: string | null
}): ReconstructionEvent {
  const via = cluster.facilitatorName ? `, through ${cluster.facilitatorName}` : ''
  return {
    at: cluster.at.toISOString(),
    kind: 'negotiation',
    title: cluster.state === 'CLOSED' ? 'Negotiation (closed)' : 'Negotiation (open)',
    detail: `${formatQuantum(cluster.quantity)}: ${cluster.buyerName} bids ${formatPrice(cluster.buyerPrice)}, ${cluster.sellerName} offers ${formatPrice(cluster.sellerPrice)}${via}; settles ${formatDate(cluster.settlementDate)}`,
    actor_name: person(cluster.firstName, cluster.lastName),
    actor_client_name: null,
  }
}

/** States a trade is an order in: from the accepted consideration on. */
const ORDER_STATES = new Set(['accepted', 'reported', 'settled'])

/** The kind of a ticket's timeline entry. */
export function timelineKind(action: string, fromState: string | null): ReconstructionKind {
  if (action === 'settled') return 'settlement'
  if (action === 'reported' || action === 'report rejected' || action === 'report overdue') {
    return 'report'
  }
  if (action === 'consideration accepted') return 'order'
  // Cancelled or rejected after the acceptance: the order's end.
  if (fromState !== null && ORDER_STATES.has(fromState)) return 'order'
  return 'ticket'
}

/** A ticket's timeline entry. */
export function timelineEvent(row: {
  at: Date
  action: string
  fromState: string | null
  toState: string
  detail: string | null
  firstName: string | null
  lastName: string | null
  clientName: string | null
}): ReconstructionEvent {
  const title = row.action.charAt(0).toUpperCase() + row.action.slice(1)
  return {
    at: row.at.toISOString(),
    kind: timelineKind(row.action, row.fromState),
    title: row.fromState === row.toState ? title : `${title} (now ${row.toState})`,
    detail: row.detail,
    actor_name: person(row.firstName, row.lastName),
    actor_client_name: row.clientName,
  }
}

/** Events in time order; events at the same instant keep the order of their sources. */
export function inTimeOrder(events: readonly ReconstructionEvent[]): ReconstructionEvent[] {
  return events
    .map((event, i) => ({ event, i, t: Date.parse(event.at) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((e) => e.event)
}

/** The kinds' names in the PDF's table. */
export const KIND_LABELS: Record<ReconstructionKind, string> = {
  message: 'Message',
  quote: 'Quote',
  rfq: 'RFQ',
  negotiation: 'Negotiation',
  ticket: 'Ticket',
  order: 'Order',
  report: 'Report',
  settlement: 'Settlement',
}

const rupees = (value: string) => formatRupees(Number(value))

/** A reconstruction as report blocks: terms, parties, consideration, report, the timeline. */
export function reconstructionBlocks(
  { ticket, events }: TradeReconstruction,
  viewer: { name: string; clientName: string | null },
): ReportBlock[] {
  const brokers = ticket.broker_details.map((b) => `${b.name} (${b.buy_or_sell})`).join(', ')
  const party = (p: { name: string; user_name: string | null }) =>
    p.user_name ? `${p.name} (${p.user_name})` : p.name
  return [
    {
      kind: 'paragraph',
      tone: 'muted',
      text: `Reconstructed for ${viewer.name}${viewer.clientName ? `, ${viewer.clientName}` : ''}, view only. Every text below is as its author typed it.`,
    },
    { kind: 'heading', text: 'Terms' },
    {
      kind: 'fields',
      rows: [
        ['Bond', `${ticket.display_name} (${ticket.isin})`],
        ['State', `${ticket.state} (${ticket.kind})`],
        ['Quantum', formatQuantum(ticket.quantum)],
        ['Clean price', formatPrice(ticket.unit_clean_price)],
        ['Yield', ticket.bond_yield === null ? '-' : formatYield(ticket.bond_yield)],
        ['Fixed', ticket.fixed_field],
        ['Traded', `${formatDate(ticket.trade_date)} ${ticket.trade_time} IST`],
        ['Settlement date', formatDate(ticket.settlement_date)],
        ['Exchange', ticket.exchange],
        ['From the chat', ticket.quote_text ?? 'No (made by hand)'],
      ],
    },
    { kind: 'heading', text: 'Parties' },
    {
      kind: 'fields',
      rows: [
        ['Buyer', party(ticket.buyer)],
        ['Seller', party(ticket.seller)],
        ['Made by', party(ticket.initiator)],
        ['Counterparty', party(ticket.counterparty)],
        ['Brokers', brokers || '-'],
        ['Custodian', ticket.custodian?.name ?? '-'],
      ],
    },
    { kind: 'heading', text: 'Consideration' },
    {
      kind: 'fields',
      rows: [
        ['Principal', rupees(ticket.consideration.principal)],
        ['Accrued interest', rupees(ticket.consideration.accrued_interest)],
        ['Consideration', rupees(ticket.consideration.consideration)],
        ['Stamp duty', rupees(ticket.consideration.stamp_duty)],
        ['Brokerage', rupees(ticket.consideration.brokerage)],
        ['Total', rupees(ticket.consideration.total)],
      ],
    },
    { kind: 'heading', text: 'Report and settlement' },
    {
      kind: 'fields',
      rows: [
        ['Report', ticket.report.status.replace('_', ' ')],
        ['Reference', ticket.report.reference ?? '-'],
        ['Reported', ticket.report.reported_at ? formatIstTime(ticket.report.reported_at) : '-'],
        ['Due by', formatIstTime(ticket.report.due_at)],
        ['Overdue', ticket.report.overdue ? 'Yes' : 'No'],
        ...(ticket.report.reason ? [['Reason', ticket.report.reason] as const] : []),
        ['Settled', ticket.settled_at ? formatIstTime(ticket.settled_at) : '-'],
      ],
    },
    { kind: 'heading', text: `Timeline (${events.length} events)` },
    {
      kind: 'table',
      columns: [
        { label: 'Time (IST)', width: 21 },
        { label: 'Kind', width: 11 },
        { label: 'Who', width: 18 },
        { label: 'What', width: 50, wrap: true },
      ],
      rows: events.map((e) => [
        formatIstTime(e.at).replace(' IST', ''),
        KIND_LABELS[e.kind],
        [e.actor_name, e.actor_client_name].filter(Boolean).join(', ') || '-',
        e.detail ? `${e.title}: ${e.detail}` : e.title,
      ]),
    },
  ]
}
