// A trade's reconstruction as the blocks of a PDF (decision 226): terms, parties, consideration,
// report and settlement, then every event in a table. Pure: no database, no clock.
import type { ReconstructionKind, TradeReconstruction } from '@bonds/domain'
import {
  formatDate,
  formatIstTime,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatYield,
} from '@bonds/pricing'
import type { ReportBlock } from '../documents/index.ts'

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
