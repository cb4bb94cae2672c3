// A stored bond's pricing terms and the one way the server prices: terms from the finstrument
// record, maths from @bonds/pricing, settlement on the bond's calendar. Market, documents and the
// pricing endpoints all price through these.
import {
  priceFromYield,
  PricingError,
  roundTo,
  settlementOnCalendar,
  yieldFromPrice,
  type BondTerms,
  type Convention,
} from '@bonds/pricing'
import { HttpError } from '../../http/errors.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'

/** T+1: the default settlement of G-sec and corporate trades (bond-math.md §4). */
export const DEFAULT_SETTLEMENT_DELTA = 1

/** The pricing terms of a stored bond, or why it cannot be priced. */
export function termsOf(row: FinstrumentRow): BondTerms {
  if (!row.canBePriced || !row.convention || !row.maturityDate || row.couponRate === null) {
    throw new HttpError(
      422,
      `${row.displayName} cannot be priced: its terms are not known or it floats`,
    )
  }
  return {
    convention: row.convention as BondTerms['convention'],
    maturityDate: row.maturityDate,
    couponRate: row.couponRate,
    ...(row.frequency ? { frequency: row.frequency as 1 | 2 | 4 | 12 } : {}),
    calls: row.calls,
    puts: row.puts,
    floating: row.isFloatingRate,
  }
}

/**
 * The market calendar a bond settles on: its convention, else (floating and unknown terms) G-sec
 * for government ISINs (IN0–IN4) and corporate for the rest.
 */
export function conventionOf(row: Pick<FinstrumentRow, 'convention' | 'isin'>): Convention {
  if (row.convention) return row.convention as Convention
  return /^IN[0-4]/.test(row.isin) ? 'GSEC' : 'CORPORATE'
}

/** A request's settlement: its date, else T+delta (default T+1) from `today` on the bond's calendar. */
export function settlementFor(
  convention: Convention,
  request: { settlement_date?: string | null; settlement_delta?: number | null },
  today: string,
): string {
  return (
    request.settlement_date ??
    settlementOnCalendar(convention, today, request.settlement_delta ?? DEFAULT_SETTLEMENT_DELTA)
  )
}

/** Run a computation of the pricing library; its PricingError becomes a 422 with its message. */
export function priced<T>(compute: () => T): T {
  try {
    return compute()
  } catch (error) {
    if (error instanceof PricingError) throw new HttpError(422, error.message)
    throw error
  }
}

/** A price and its yield at a settlement, with the accrued interest (per ₹100, rounded as stored). */
export interface PricedAt {
  price: { unit_clean_price: number; bond_yield: number; settlement_date: string }
  accrued_interest: number
  dirty_price: number
}

/**
 * The clean price at a yield, or the yield at a clean price, at a settlement date: what every
 * price the server shows or stores comes from. A fixed price is kept as given, a fixed yield too;
 * the other is computed. Throws the library's PricingError.
 */
export function priceAt(
  terms: BondTerms,
  settlement: string,
  fixed: { bond_yield: number } | { clean_price: number },
): PricedAt {
  const y =
    'bond_yield' in fixed ? fixed.bond_yield : yieldFromPrice(terms, settlement, fixed.clean_price)
  const result = priceFromYield(terms, settlement, y)
  // The dirty price is the quoted (rounded) clean price plus the accrued, as the browser shows it.
  const clean = roundTo('clean_price' in fixed ? fixed.clean_price : result.cleanPrice, 4)
  return {
    price: { unit_clean_price: clean, bond_yield: roundTo(y, 6), settlement_date: settlement },
    accrued_interest: roundTo(result.accruedInterest, 6),
    dirty_price: roundTo(clean + result.accruedInterest, 4),
  }
}

/** Whether a priceable bond's computed price may be modified (decision 021: every priceable bond). */
export const ALLOW_PRICE_MODIFICATION = true
