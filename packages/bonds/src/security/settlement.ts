// The calculator's settlement: T+n business days on the bond's market calendar, or a chosen date.
import type { DocumentQuoteRequest } from '@bonds/domain'
import { settlementDate, settlementOnCalendar, type BondTerms } from '@bonds/pricing'
import type { PricingValue } from '@bonds/pricing/react'

/** The T+n choices the calculator offers (T+1 is the market default, bond-math §4). */
export const SETTLEMENT_DELTAS = [0, 1, 2] as const

/** Settlement as chosen: T+`delta`, or a date (YYYY-MM-DD). */
export type SettlementChoice = { kind: 'delta'; delta: number } | { kind: 'date'; date: string }

/** T+1, the default. */
export const DEFAULT_SETTLEMENT: SettlementChoice = { kind: 'delta', delta: 1 }

/**
 * The settlement date of a choice: T+n on the bond's market calendar (weekends only for a bond
 * that cannot be priced), the same rule the server applies to `settlement_delta`.
 */
export function resolveSettlement(
  choice: SettlementChoice,
  terms: BondTerms | null,
  today: string,
): string {
  if (choice.kind === 'date') return choice.date
  return terms
    ? settlementOnCalendar(terms.convention, today, choice.delta)
    : settlementDate(today, choice.delta)
}

/** "T+1" or "chosen date", for the settlement line. */
export function settlementLabel(choice: SettlementChoice): string {
  return choice.kind === 'delta' ? `T+${choice.delta}` : 'chosen date'
}

/**
 * The body of the bond-details and quote downloads: the calculator's fixed field only (the server
 * derives the other), the settlement as chosen, and the cash-flow quantity when one is set.
 */
export function documentRequest(
  value: PricingValue,
  choice: SettlementChoice,
  quantity: number | null,
): DocumentQuoteRequest {
  const body: DocumentQuoteRequest = {}
  if (value.fixedField === 'yield' && value.bondYield !== null) body.bond_yield = value.bondYield
  if (value.fixedField === 'price' && value.cleanPrice !== null) body.clean_price = value.cleanPrice
  if (choice.kind === 'date') body.settlement_date = choice.date
  else body.settlement_delta = choice.delta
  if (quantity !== null) body.quantity = quantity
  return body
}
