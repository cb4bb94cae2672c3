// Prices, yields and cash flows of a stored bond: terms from its finstrument record, maths from
// @bonds/pricing. The server never trusts a price computed by the browser.
import {
  MARKET_MESSAGES,
  type CashflowResponse,
  type PriceInfoRequest,
  type PriceInfoResponse,
  type QuoteRequest,
  type QuoteResponse,
} from '@bonds/domain'
import {
  cashflows,
  priceFromYield,
  PricingError,
  roundTo,
  settlementOnCalendar,
  todayInIndia,
  yieldFromPrice,
  type BondTerms,
  type Convention,
} from '@bonds/pricing'
import type { Db } from '../../db/index.ts'
import { HttpError } from '../../http/errors.ts'
import { findFinstrument, type FinstrumentRow } from '../finstruments/repo.ts'

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
const ALLOW_PRICE_MODIFICATION = true

/** The pricing service over one database. */
export function pricingService(db: Db, today: () => string = () => todayInIndia()) {
  async function bond(id: string): Promise<FinstrumentRow> {
    const row = await findFinstrument(db, id.toUpperCase())
    if (!row) throw new HttpError(404, 'Bond not found')
    return row
  }

  return {
    /** The price at a yield, or the yield at a price, at a settlement date or T+n. */
    async quote(id: string, request: QuoteRequest): Promise<QuoteResponse> {
      const row = await bond(id)
      const terms = termsOf(row)
      const settlement = priced(() => settlementFor(terms.convention, request, today()))
      const fixed =
        request.bond_yield !== undefined
          ? { bond_yield: request.bond_yield }
          : { clean_price: request.clean_price as number }
      return {
        ...priced(() => priceAt(terms, settlement, fixed)),
        fixed_field: 'bond_yield' in fixed ? 'yield' : 'price',
        can_be_priced: true,
        allow_price_modification: ALLOW_PRICE_MODIFICATION,
      }
    },

    /**
     * The pricing callback: the price (and yield) from a yield or a price at T+n, whether the bond
     * can be priced at all, and whether its price may be modified. A bond that cannot be priced
     * (its terms, or matured by the settlement) is an answer with the reason, not an error; a
     * price no yield reaches is the caller's input, a 422 as by the quote.
     */
    async priceInfo(id: string, request: PriceInfoRequest): Promise<PriceInfoResponse> {
      const row = await bond(id)
      if (String(request.finstrument_id).toUpperCase() !== row.id) {
        throw new HttpError(400, MARKET_MESSAGES.otherFinstrument, {
          finstrument_id: MARKET_MESSAGES.otherFinstrument,
        })
      }
      const unpriced = (reason: string): PriceInfoResponse => ({
        price: null,
        accrued_interest: null,
        dirty_price: null,
        can_be_priced: false,
        allow_price_modification: false,
        reason,
      })
      let terms: BondTerms
      try {
        terms = termsOf(row)
      } catch (error) {
        if (error instanceof HttpError) return unpriced(error.message)
        throw error
      }
      const settlement = priced(() => settlementFor(terms.convention, request, today()))
      const fixed =
        request.fixed_field === 'yield'
          ? { bond_yield: request.bond_yield as number }
          : { clean_price: request.clean_price as number }
      try {
        return {
          ...priceAt(terms, settlement, fixed),
          can_be_priced: true,
          allow_price_modification: ALLOW_PRICE_MODIFICATION,
          reason: null,
        }
      } catch (error) {
        if (error instanceof PricingError && error.code === 'MATURED') {
          return unpriced(error.message)
        }
        return priced(() => {
          throw error
        })
      }
    },

    /** Dated interest and principal in rupees for `quantity` units from a reference date. */
    async cashflows(id: string, quantity: number, refDate?: string): Promise<CashflowResponse> {
      const row = await bond(id)
      const terms = termsOf(row)
      const settlement = refDate ?? priced(() => settlementFor(terms.convention, {}, today()))
      const flows = priced(() => cashflows(terms, settlement))
      const rupeesPer100 = (quantity * row.faceValue) / 100
      return {
        quantity,
        face_value: row.faceValue,
        settlement_date: settlement,
        cashflows: flows.map((f) => {
          const interest = roundTo(f.interest * rupeesPer100, 2)
          const principal = roundTo(f.principal * rupeesPer100, 2)
          return { date: f.date, interest, principal, total: roundTo(interest + principal, 2) }
        }),
      }
    },
  }
}

/** The pricing service's type. */
export type PricingService = ReturnType<typeof pricingService>
