// The blocks the bond-details and quote PDFs share: the bond's terms (the term sheet the security
// page shows, written by the same function), where the price came from, and the quote's fields for
// a quantity, all in the screen's formats.
import type { QuoteResponse } from '@bonds/domain'
import {
  formatDate,
  formatPrice,
  formatRupees,
  formatYield,
  roundTo,
  termRows,
  type TermRow,
} from '@bonds/pricing'
import { toTerms, type FinstrumentRow } from '../finstruments/index.ts'
import { unitsText } from './format.ts'
import type { ReportBlock } from './pdf.ts'
import type { Basis } from './pdf-pricing.ts'

/** A bond's term-sheet rows on `today` (India), as the security page's terms table shows them. */
export function termSheet(row: FinstrumentRow, today: string): TermRow[] {
  return termRows(toTerms(row, today))
}

/** Some term-sheet rows by label, in the order asked. */
export function termFields(
  row: FinstrumentRow,
  today: string,
  labels: readonly string[],
): ReportBlock {
  const rows = termSheet(row, today)
  return {
    kind: 'fields',
    rows: labels.flatMap((label) => {
      const found = rows.find((r) => r.label === label)
      return found ? [[found.label, found.value] as const] : []
    }),
  }
}

/** A bond's terms as a block of fields. */
export function termsBlock(row: FinstrumentRow, today: string): ReportBlock {
  return { kind: 'fields', rows: termSheet(row, today).map((r) => [r.label, r.value] as const) }
}

/** Where the price came from, in words. */
export function basisText(
  row: Pick<FinstrumentRow, 'couponRate'>,
  q: QuoteResponse,
  basis: Basis,
): string {
  switch (basis) {
    case 'yield':
      return `Priced at the yield given (${formatYield(q.price.bond_yield)}).`
    case 'price':
      return `Yield solved from the clean price given (${formatPrice(q.price.unit_clean_price)}).`
    case 'coupon':
      return `No yield or price was given: priced at a yield equal to the coupon rate (${formatYield(row.couponRate ?? 0)}). This is a reference, not a market price.`
  }
}

/** A quote's fields: settlement, prices, yield, accrued, quantity, consideration. */
export function quoteFields(
  row: Pick<FinstrumentRow, 'faceValue'>,
  q: QuoteResponse,
  quantity: number,
) {
  const consideration = roundTo((quantity * row.faceValue * q.dirty_price) / 100, 2)
  return [
    ['Settlement date', formatDate(q.price.settlement_date)],
    ['Clean price', `${formatPrice(q.price.unit_clean_price)} per ₹100 of face value`],
    ['Yield (YTM)', formatYield(q.price.bond_yield)],
    ['Accrued interest', `${formatPrice(q.accrued_interest)} per ₹100 of face value`],
    ['Dirty price', `${formatPrice(q.dirty_price)} per ₹100 of face value`],
    ['Quantity', unitsText(quantity)],
    ['Face value traded', formatRupees(roundTo(quantity * row.faceValue, 2))],
    ['Consideration', formatRupees(consideration)],
  ] as const
}
