// The blocks the bond-details and quote PDFs share: the bond's terms, where the price came from,
// and the quote's fields for a quantity.
import { couponFrequencyLabel, securityTypeLabel, type QuoteResponse } from '@bonds/domain'
import { roundTo } from '@bonds/pricing'
import type { FinstrumentRow } from '../finstruments/index.ts'
import { dateText, percent, price, rupees, unitsText } from './format.ts'
import type { ReportBlock } from './pdf.ts'
import type { Basis } from './pdf-pricing.ts'

/** A bond's terms as a block of fields. */
export function termsBlock(row: FinstrumentRow): ReportBlock {
  const schedule = (list: readonly { date: string; price: number }[]) =>
    list.length ? list.map((o) => `${dateText(o.date)} at ${price(o.price)}`).join('; ') : 'None'
  return {
    kind: 'fields',
    rows: [
      ['Name', row.displayName],
      ['ISIN', row.isin],
      ['Issuer', row.issuer],
      ['Type', securityTypeLabel(row.securityType)],
      [
        'Coupon',
        row.isFloatingRate
          ? 'Floating'
          : row.couponRate === null
            ? 'Not known'
            : percent(row.couponRate),
      ],
      ['Frequency', couponFrequencyLabel(row.couponRate, row.frequency)],
      ['Maturity', dateText(row.maturityDate)],
      [
        'Face value',
        `${rupees(row.faceValue)} per unit${row.faceValueAssumed ? ' (assumed)' : ''}`,
      ],
      ['Rating', row.rating ?? 'Not rated'],
      ['Listed', row.isListed ? 'Yes' : 'No'],
      ['Call schedule', schedule(row.calls)],
      ['Put schedule', schedule(row.puts)],
    ],
  }
}

/** Where the price came from, in words. */
export function basisText(row: FinstrumentRow, q: QuoteResponse, basis: Basis): string {
  switch (basis) {
    case 'yield':
      return `Priced at the yield given (${percent(q.price.bond_yield)}).`
    case 'price':
      return `Yield solved from the clean price given (${price(q.price.unit_clean_price)}).`
    case 'coupon':
      return `No yield or price was given: priced at a yield equal to the coupon rate (${percent(row.couponRate ?? 0)}). This is a reference, not a market price.`
  }
}

/** A quote's fields: settlement, prices, yield, accrued, quantity, consideration. */
export function quoteFields(row: FinstrumentRow, q: QuoteResponse, quantity: number) {
  const consideration = roundTo((quantity * row.faceValue * q.dirty_price) / 100, 2)
  return [
    ['Settlement date', dateText(q.price.settlement_date)],
    ['Clean price', `${price(q.price.unit_clean_price)} per Rs. 100 of face value`],
    ['Yield (YTM)', percent(q.price.bond_yield)],
    ['Accrued interest', `${price(q.accrued_interest)} per Rs. 100 of face value`],
    ['Dirty price', `${price(q.dirty_price)} per Rs. 100 of face value`],
    ['Quantity', unitsText(quantity)],
    ['Face value traded', rupees(roundTo(quantity * row.faceValue, 2))],
    ['Consideration', rupees(consideration)],
  ] as const
}
