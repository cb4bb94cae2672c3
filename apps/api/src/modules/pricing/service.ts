// Prices, yields and cash flows of a stored bond: terms from its finstrument record, maths from
// @bonds/pricing. The server never trusts a price computed by the browser.
import type { CashflowResponse, QuoteRequest, QuoteResponse } from '@bonds/domain'
import {
  cashflows,
  priceFromYield,
  PricingError,
  roundTo,
  settlementOnCalendar,
  todayInIndia,
  yieldFromPrice,
  type BondTerms,
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

function priced<T>(compute: () => T): T {
  try {
    return compute()
  } catch (error) {
    if (error instanceof PricingError) throw new HttpError(422, error.message)
    throw error
  }
}

/** The pricing service over one database. */
export function pricingService(db: Db, today: () => string = () => todayInIndia()) {
  async function bond(id: string): Promise<FinstrumentRow> {
    const row = await findFinstrument(db, id.toUpperCase())
    if (!row) throw new HttpError(404, 'Bond not found')
    return row
  }
  const settlementOf = (
    terms: BondTerms,
    request: { settlement_date?: string; settlement_delta?: number },
  ) =>
    request.settlement_date ??
    settlementOnCalendar(
      terms.convention,
      today(),
      request.settlement_delta ?? DEFAULT_SETTLEMENT_DELTA,
    )

  return {
    /** The price at a yield, or the yield at a price, at a settlement date or T+n. */
    async quote(id: string, request: QuoteRequest): Promise<QuoteResponse> {
      const row = await bond(id)
      const terms = termsOf(row)
      const settlement = priced(() => settlementOf(terms, request))
      return priced(() => {
        const fixedYield = request.bond_yield !== undefined
        const y = fixedYield
          ? (request.bond_yield as number)
          : yieldFromPrice(terms, settlement, request.clean_price as number)
        const result = priceFromYield(terms, settlement, y)
        const clean = fixedYield ? result.cleanPrice : (request.clean_price as number)
        return {
          price: {
            unit_clean_price: roundTo(clean, 4),
            bond_yield: roundTo(y, 6),
            settlement_date: settlement,
          },
          accrued_interest: roundTo(result.accruedInterest, 6),
          dirty_price: roundTo(clean + result.accruedInterest, 4),
          fixed_field: fixedYield ? 'yield' : 'price',
          can_be_priced: true,
          allow_price_modification: true,
        }
      })
    },

    /** Dated interest and principal in rupees for `quantity` units from a reference date. */
    async cashflows(id: string, quantity: number, refDate?: string): Promise<CashflowResponse> {
      const row = await bond(id)
      const terms = termsOf(row)
      const settlement =
        refDate ??
        priced(() => settlementOnCalendar(terms.convention, today(), DEFAULT_SETTLEMENT_DELTA))
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
