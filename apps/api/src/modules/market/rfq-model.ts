// The RFQ negotiation's wire view: a thread as one of its two firms sees it (decision 261).
import type { Negotiation, NegotiationSide, QuoteType } from '@bonds/domain'
import type { NegotiationEntryRow, NegotiationWithNames } from './rfq-repo.ts'

const iso = (value: Date) => value.toISOString()

/** The caller's part in a negotiation, or null when its firm is not in it. */
export function negotiationSide(
  row: Pick<NegotiationWithNames, 'ownerClientId' | 'counterpartyClientId'>,
  clientId: string,
): NegotiationSide | null {
  if (row.ownerClientId === clientId) return 'OWNER'
  if (row.counterpartyClientId === clientId) return 'COUNTERPARTY'
  return null
}

/** The other firm of the thread when it is a broker firm: a broker a deal may name (decision 383). */
function otherBroker(
  row: NegotiationWithNames,
  side: NegotiationSide,
): Negotiation['other_broker'] {
  const [id, name, isBroker] =
    side === 'OWNER'
      ? [row.counterpartyClientId, row.counterpartyName, row.counterpartyIsBroker]
      : [row.ownerClientId, row.ownerName, row.ownerIsBroker]
  return isBroker ? { client_id: id, name } : null
}

/** A negotiation with its counter-quotes, as one of its firms sees it. */
export function negotiationView(
  row: NegotiationWithNames,
  entries: readonly NegotiationEntryRow[],
  side: NegotiationSide,
): Negotiation {
  return {
    id: row.id,
    eoi_id: row.eoiId,
    counter_eoi_id: row.counterEoiId,
    finstrument_id: row.finstrumentId,
    isin: row.isin,
    display_name: row.displayName,
    quote_type: row.quoteType as QuoteType,
    side,
    owner_name: row.ownerName,
    counterparty_name: row.counterpartyName,
    other_broker: otherBroker(row, side),
    state: row.state as Negotiation['state'],
    entries: entries
      .filter((entry) => entry.negotiationId === row.id)
      .map((entry) => ({
        id: entry.id,
        by: entry.clientId === row.ownerClientId ? 'OWNER' : 'COUNTERPARTY',
        quantum: entry.quantum,
        unit_price_stored: entry.unitPrice,
        yield_stored: entry.bondYield,
        fixed_field: entry.fixedField as 'yield' | 'price',
        note: entry.note,
        created_at: iso(entry.createdAt),
      })),
    deal:
      row.state === 'DEALT' && row.dealPrice !== null && row.dealQuantum !== null && row.dealtAt
        ? {
            unit_price_stored: row.dealPrice,
            yield_stored: row.dealYield,
            quantum: row.dealQuantum,
            broker_id: row.brokerClientId,
            dealt_at: iso(row.dealtAt),
            ticket_id: row.ticketId,
          }
        : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }
}
