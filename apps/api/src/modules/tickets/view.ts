// A ticket as one party sees it: its side, the counterparty, the amounts as rupee strings, the
// report's window and the actions its role may take now.
import {
  tradeActionsFor,
  type Role,
  type Ticket,
  type TicketEvent,
  type TradeAction,
  type TradeState,
} from '@bonds/domain'
import { paiseToRupees } from '@bonds/pricing'
import type { AuthUser } from '../../http/access.ts'
import type { Names, TicketWithBond } from './repo.ts'

/** States a deal is open in and must still be reported from. */
export const UNREPORTED_STATES: readonly TradeState[] = ['draft', 'sent', 'confirmed', 'accepted']

/** What a role may do to a trade (spec: Dealer acts, Trade Viewer reads, Back Office settles and reports). */
export function roleAllows(roles: readonly string[], action: TradeAction): boolean {
  const has = (role: Role) => roles.includes(role)
  if (action === 'report' || action === 'settle') return has('backoffice')
  if (action === 'cancel') return has('clientdealer') || has('backoffice')
  return has('clientdealer')
}

/** Whether a trade is past its reporting window and not reported. */
export function isOverdue(row: TicketWithBond, now: Date): boolean {
  return (
    row.reportStatus !== 'confirmed' &&
    UNREPORTED_STATES.includes(row.state as TradeState) &&
    row.reportDueAt.getTime() < now.getTime()
  )
}

const other = (side: string) => (side === 'buy' ? 'sell' : 'buy')

/** The ticket as `viewer`'s client sees it. */
export function ticketView(
  row: TicketWithBond,
  viewer: Pick<AuthUser, 'clientId' | 'roles'>,
  names: Names,
  now: Date,
): Ticket {
  const initiator = row.initiatorClientId === viewer.clientId
  const party = (clientId: string, userId: string | null) => {
    const user = userId ? names.user.get(userId) : undefined
    return {
      client_id: clientId,
      name: names.client.get(clientId) ?? clientId,
      user_id: userId,
      user_name: user?.name ?? null,
    }
  }
  const initiatorParty = party(row.initiatorClientId, row.initiatorUserId)
  const counterpartyParty = party(row.counterpartyClientId, row.counterpartyUserId)
  const initiatorBuys = row.initiatorSide === 'buy'
  const brokers = row.brokerDetails.map((b) => ({
    buy_or_sell: b.buy_or_sell,
    user_id: b.user_id,
    name: names.user.get(b.user_id)?.name ?? b.user_id,
  }))
  // Spec section 6: the caller's firm is the buyer-side or seller-side broker per broker_details.
  const mine = row.brokerDetails.find(
    (b) => names.user.get(b.user_id)?.clientId === viewer.clientId,
  )
  const side = initiator ? row.initiatorSide : other(row.initiatorSide)
  const state = row.state as TradeState
  const actions = tradeActionsFor(state, { initiator }).filter((action) =>
    roleAllows(viewer.roles, action),
  )
  return {
    id: row.id,
    state,
    version: row.version,
    // An order from the accepted consideration on (accepting names the custodian).
    kind: row.custodianId ? 'order' : 'ticket',
    finstrument_id: row.finstrumentId,
    isin: row.isin,
    display_name: row.displayName,
    buy_or_sell: side as 'buy' | 'sell',
    role: initiator ? 'initiator' : 'counterparty',
    initiator: initiatorParty,
    counterparty: counterpartyParty,
    buyer: initiatorBuys ? initiatorParty : counterpartyParty,
    seller: initiatorBuys ? counterpartyParty : initiatorParty,
    broker_details: brokers,
    broker_side: mine ? (mine.buy_or_sell === 'buy' ? 'buyer' : 'seller') : null,
    seller_details: row.sellerClientId
      ? { client_id: row.sellerClientId, name: names.client.get(row.sellerClientId) ?? '' }
      : null,
    quantum: row.quantum,
    unit_clean_price: row.cleanPrice,
    bond_yield: row.bondYield,
    fixed_field: row.fixedField as 'yield' | 'price',
    settlement_date: row.settlementDate,
    trade_date: row.tradeDate,
    trade_time: row.tradeTime,
    traded_at: row.tradedAt.toISOString(),
    exchange: row.exchange as 'NSE' | 'BSE',
    consideration: {
      principal: paiseToRupees(row.principalPaise),
      accrued_interest: paiseToRupees(row.accruedPaise),
      consideration: paiseToRupees(row.considerationPaise),
      stamp_duty: paiseToRupees(row.stampDutyPaise),
      brokerage: paiseToRupees(row.brokeragePaise),
      total: paiseToRupees(row.totalPaise),
      accrued_per_100: row.accruedPer100,
    },
    custodian: row.custodianId
      ? { client_id: row.custodianId, name: names.custodian.get(row.custodianId) ?? '' }
      : null,
    channel_url: row.channelUrl,
    message_id: row.messageId === null ? null : String(row.messageId),
    quote_text: row.quoteText,
    report: {
      exchange: row.exchange as 'NSE' | 'BSE',
      status: row.reportStatus as 'not_reported' | 'confirmed' | 'rejected',
      reference: row.reportReference,
      reason: row.reportReason,
      reported_at: row.reportedAt?.toISOString() ?? null,
      due_at: row.reportDueAt.toISOString(),
      overdue: isOverdue(row, now),
    },
    settled_at: row.settledAt?.toISOString() ?? null,
    actions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** A timeline row as the screen shows it. */
export function eventView(row: {
  at: Date
  action: string
  fromState: string | null
  toState: string
  detail: string | null
  firstName: string | null
  lastName: string | null
  clientName: string | null
}): TicketEvent {
  return {
    at: row.at.toISOString(),
    action: row.action,
    from_state: row.fromState as TradeState | null,
    to_state: row.toState as TradeState,
    actor_name: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
    actor_client_name: row.clientName,
    detail: row.detail,
  }
}
