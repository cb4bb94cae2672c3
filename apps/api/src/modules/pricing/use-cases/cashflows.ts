// A bond's dated interest and principal in rupees for a quantity of units, from a reference date
// (the settlement by default).
import type { CashflowResponse } from '@bonds/domain'
import { cashflows as bondCashflows, roundTo } from '@bonds/pricing'
import { bondOf, type PricingContext } from '../context.ts'
import { priced, settlementFor, termsOf } from '../terms.ts'

/** Dated interest and principal in rupees for `quantity` units from a reference date. */
export async function cashflows(
  { db, today }: PricingContext,
  id: string,
  quantity: number,
  refDate?: string,
): Promise<CashflowResponse> {
  const row = await bondOf(db, id)
  const terms = termsOf(row)
  const settlement = refDate ?? priced(() => settlementFor(terms.convention, {}, today()))
  const flows = priced(() => bondCashflows(terms, settlement))
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
}
