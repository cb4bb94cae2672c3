// The firm's exchange RFQs as the panel shows them: the legs of an RFQ sent to several firms
// together (one-to-many, decision 329), open ones first.
import type { VenueRfq } from '@bonds/domain'
import { failureText } from '../shared-failure.ts'

/** What the venue (or the server) said when it refused a step. */
export const venueRefusal = (error: unknown) =>
  failureText(error, 'The venue did not take it.').message

/** One RFQ: its legs (one a firm it went to), the first one standing for the RFQ. */
export interface VenueRfqGroup {
  key: number
  first: VenueRfq
  legs: VenueRfq[]
}

const OPEN = new Set<VenueRfq['state']>(['initiated', 'quoted', 'negotiating'])

/** Whether an RFQ leg still takes steps. */
export const isOpenLeg = (leg: Pick<VenueRfq, 'state'>) => OPEN.has(leg.state)

/** RFQs with their legs together, in the list's order (latest change first), legs by id. */
export function groupRfqs(rfqs: readonly VenueRfq[]): VenueRfqGroup[] {
  const groups = new Map<number, VenueRfqGroup>()
  for (const rfq of rfqs) {
    const key = rfq.group_id ?? rfq.id
    const group = groups.get(key)
    if (group) group.legs.push(rfq)
    else groups.set(key, { key, first: rfq, legs: [rfq] })
  }
  for (const group of groups.values()) group.legs.sort((a, b) => a.id - b.id)
  return [...groups.values()]
}

/** Whether the caller may accept this leg's quote now: its turn, on a quoted leg. */
export const canAccept = (leg: VenueRfq) =>
  isOpenLeg(leg) && leg.state !== 'initiated' && leg.turn === leg.role

/** Whether the caller's firm may quote this leg now: an RFQ sent to it, not yet quoted. */
export const canQuote = (leg: VenueRfq) =>
  leg.role === 'responder' && leg.state === 'initiated' && leg.turn === 'responder'

/** Whether the caller may counter the other side's last level now (its turn, on a quoted leg). */
export const canCounter = canAccept

/** Whether the caller's firm may withdraw the RFQ: it sent it and a leg is still open. */
export const canWithdraw = (group: VenueRfqGroup) =>
  group.first.role === 'initiator' && group.legs.some(isOpenLeg)

/** Whether a leg is levelled by yield (else by price): as the RFQ was sent. */
export const byYield = (leg: Pick<VenueRfq, 'yield' | 'price'>) =>
  leg.yield !== null || leg.price === null

/** A level typed on the screen (yield in %, price per ₹100) as the venue takes it. */
export function levelOf(isYield: boolean, typed: number): { yield: number } | { price: number } {
  return isYield ? { yield: Number((typed / 100).toFixed(6)) } : { price: typed }
}

/** A level as the desk reads it: "7.0900%" or "₹99.5000". */
export function levelWords(leg: Pick<VenueRfq, 'yield' | 'price'>): string {
  if (leg.yield !== null) return `${(leg.yield * 100).toFixed(4)}%`
  if (leg.price !== null) return `₹${leg.price.toFixed(4)}`
  return '—'
}
