// The market's pure rules and wire views: when an EOI expires by default, the state a reader sees,
// and the EOI and cluster records as spec section 7 sends them.
import {
  MAX_QUOTE_VALIDITY_DAYS,
  type Cluster,
  type ClusterSide,
  type Eoi,
  type EoiState,
  type QuoteType,
} from '@bonds/domain'
import { isBusinessDay, settlementOnCalendar, todayInIndia, type Convention } from '@bonds/pricing'
import { LIVE_STATES, type ClusterWithNames, type EoiRow, type EoiWithBond } from './repo.ts'

/** An EOI without an expiry given lasts until the market's close, 17:00 IST, of its day. */
export const MARKET_CLOSE_IST = '17:00'

/** How many minutes `validity` counts, at most (the same bound caps `expiry_date_stored`). */
export const MAX_VALIDITY_MINUTES = MAX_QUOTE_VALIDITY_DAYS * 24 * 60

const iso = (value: Date | string) => new Date(value).toISOString()

/** The instant of `time` (HH:MM) in India on a date. */
function istInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`)
}

/** An EOI's default expiry: today's close in India if still ahead on a business day, else the next one's. */
export function defaultExpiry(convention: Convention, now: Date): Date {
  const today = todayInIndia(now)
  const close = istInstant(today, MARKET_CLOSE_IST)
  if (isBusinessDay(convention, today) && now < close) return close
  return istInstant(settlementOnCalendar(convention, today, 1), MARKET_CLOSE_IST)
}

/** The state a reader sees: a live state past its expiry reads EXPIRED. */
export function visibleState(row: Pick<EoiRow, 'state' | 'expiresAt'>, now: Date): EoiState {
  const live = (LIVE_STATES as readonly string[]).includes(row.state)
  return (live && row.expiresAt <= now ? 'EXPIRED' : row.state) as EoiState
}

/** Whether an EOI is still in the market at `now` (DEFAULT or RESPONDED, before its expiry). */
export function isLive(row: Pick<EoiRow, 'state' | 'expiresAt'>, now: Date): boolean {
  const state = visibleState(row, now)
  return state === 'DEFAULT' || state === 'RESPONDED'
}

/** An EOI as its client sees it. */
export function eoiView(row: EoiWithBond, now: Date): Eoi {
  return {
    id: row.id,
    finstrument_id: row.finstrumentId,
    isin: row.isin,
    display_name: row.displayName,
    quote_type: row.quoteType as QuoteType,
    quantum: row.quantum,
    unit_price_stored: row.unitPrice,
    yield_stored: row.bondYield,
    fixed_field: row.fixedField as Eoi['fixed_field'],
    price_overridden: row.priceOverridden,
    settlement_date: row.settlementDate,
    settlement_delta: row.settlementDelta,
    expiry_date_stored: iso(row.expiresAt),
    state: visibleState(row, now),
    source: row.source,
    respond_eoi_id: row.respondEoiId,
    replaces: row.replaces,
    client_id: row.clientId,
    user_id: row.userId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }
}

/** The caller's part in a cluster, or null when the caller's client is not a party. */
export function clusterSide(
  row: Pick<ClusterWithNames, 'buyerClientId' | 'sellerClientId' | 'facilitatorClientId'>,
  clientId: string,
): ClusterSide | null {
  if (row.buyerClientId === clientId) return 'BUYER'
  if (row.sellerClientId === clientId) return 'SELLER'
  if (row.facilitatorClientId === clientId) return 'FACILITATOR'
  return null
}

/** A cluster as one of its parties sees it. */
export function clusterView(row: ClusterWithNames, side: ClusterSide): Cluster {
  return {
    id: row.id,
    finstrument_id: row.finstrumentId,
    isin: row.isin,
    display_name: row.displayName,
    buyer_eoi_id: row.buyerEoiId,
    seller_eoi_id: row.sellerEoiId,
    side,
    buyer_name: row.buyerName,
    seller_name: row.sellerName,
    quantity: row.quantity,
    buyer_price: row.buyerPrice,
    seller_price: row.sellerPrice,
    seller_spread: row.sellerSpread,
    settlement_date: row.settlementDate,
    facilitator: row.facilitatorClientId,
    facilitator_name: row.facilitatorName,
    state: row.state as Cluster['state'],
    buyer_accepted_at: row.buyerAcceptedAt ? iso(row.buyerAcceptedAt) : null,
    seller_accepted_at: row.sellerAcceptedAt ? iso(row.sellerAcceptedAt) : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    closed_at: row.closedAt ? iso(row.closedAt) : null,
  }
}
