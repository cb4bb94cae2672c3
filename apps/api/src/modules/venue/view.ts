// An exchange RFQ as one of its firms sees it.
import type { VenueRfq } from '@bonds/domain'
import type { AuthUser } from '../../http/access.ts'
import { roleOf } from './context.ts'
import { isOpen, type namesOf, type VenueRfqRow } from './repo.ts'

/** The view of an RFQ for a caller of one of its firms. */
export function rfqView(
  row: VenueRfqRow,
  user: AuthUser,
  names: Awaited<ReturnType<typeof namesOf>>,
): VenueRfq {
  const role = roleOf(row, user) ?? 'initiator'
  const bond = names.bonds.get(row.finstrumentId)
  const other = role === 'initiator' ? row.responderClientId : row.initiatorClientId
  const open = isOpen(row)
  return {
    id: row.id,
    exchange: row.exchange as VenueRfq['exchange'],
    venue_ref: row.venueRef,
    state: row.state as VenueRfq['state'],
    role,
    group_id: row.groupId,
    finstrument_id: row.finstrumentId,
    isin: bond?.isin ?? row.finstrumentId,
    display_name: bond?.name ?? row.finstrumentId,
    quote_type: row.quoteType as VenueRfq['quote_type'],
    quantum: row.quantum,
    yield: row.yieldValue,
    price: row.price,
    settlement_date: row.settlementDate,
    turn: open ? (row.lastBy === 'initiator' ? 'responder' : 'initiator') : null,
    counterparty_name: names.firms.get(other) ?? other,
    history: row.history,
    ticket_id: row.ticketId,
    private_run_id: null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
