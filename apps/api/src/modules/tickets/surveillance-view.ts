// A trade's reconstruction as the Compliance Officer reads it (decision 226): each source (chat
// messages, EOIs, clusters, the RFQ negotiation that made the ticket, the ticket's timeline) turned
// into events of one kind set (the PDF's blocks: surveillance-report.ts). Pure: no database, no
// clock.
import type { ReconstructionEvent, ReconstructionKind } from '@bonds/domain'
import { formatDate, formatPrice, formatQuantum, formatYield } from '@bonds/pricing'

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

/**
 * The RFQ negotiation whose deal made the ticket: each counter-quote with its note, then the
 * deal (who closed it, between which firms, through which broker).
 */
export function negotiationEvents(thread: {
  dealtAt: Date | null
  dealPrice: number | null
  dealYield: number | null
  dealQuantum: number | null
  ownerName: string
  counterpartyName: string
  brokerName: string | null
  firstName: string | null
  lastName: string | null
  entries: readonly {
    at: Date
    quantum: number
    unitPrice: number
    bondYield: number | null
    fixedField: string
    note: string | null
    firstName: string | null
    lastName: string | null
    clientName: string
  }[]
}): ReconstructionEvent[] {
  const counters = thread.entries.map((entry): ReconstructionEvent => ({
    at: entry.at.toISOString(),
    kind: 'negotiation',
    title: 'Counter-quote',
    detail: `${formatQuantum(entry.quantum)} at ${level(entry.unitPrice, entry.bondYield, entry.fixedField)}${entry.note ? `; note: ${entry.note}` : ''}`,
    actor_name: person(entry.firstName, entry.lastName),
    actor_client_name: entry.clientName,
  }))
  const { dealtAt, dealPrice, dealQuantum } = thread
  if (dealtAt === null || dealPrice === null || dealQuantum === null) return counters
  const via = thread.brokerName ? `, through ${thread.brokerName}` : ''
  const fixed = thread.entries.at(-1)?.fixedField ?? 'price'
  return [
    ...counters,
    {
      at: dealtAt.toISOString(),
      kind: 'negotiation',
      title: 'Deal agreed',
      detail: `${formatQuantum(dealQuantum)} at ${level(dealPrice, thread.dealYield, fixed)} between ${thread.ownerName} and ${thread.counterpartyName}${via}`,
      actor_name: person(thread.firstName, thread.lastName),
      actor_client_name: thread.ownerName,
    },
  ]
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
