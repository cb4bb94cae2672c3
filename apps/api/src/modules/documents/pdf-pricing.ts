// How a PDF is priced: at the yield or price given, else at a yield equal to the coupon rate
// (decision 100), through the pricing module's use cases; and its cash flows. A bond that cannot be
// priced gives the reason instead, so the PDF still says why.
import type { CashflowResponse, DocumentQuoteRequest, QuoteResponse } from '@bonds/domain'
import { PricingError, roundTo, settlementOnCalendar } from '@bonds/pricing'
import { HttpError } from '../../http/errors.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'
import { DEFAULT_SETTLEMENT_DELTA, termsOf } from '../pricing/index.ts'
import type { DocumentsContext } from './context.ts'

/** Where a PDF's price came from. */
export type Basis = 'yield' | 'price' | 'coupon'

/** A priced quote for a PDF, or why there is none. */
export type Pricing =
  | { quote: QuoteResponse; basis: Basis; quantity: number }
  | { quote: null; reason: string; quantity: number }

/**
 * Price a bond from a download's inputs: the yield or price given, else a yield equal to the
 * coupon rate (decision 100). A 422 of the pricing service comes back as the reason.
 */
export async function priceFor(
  { pricing }: DocumentsContext,
  row: FinstrumentRow,
  request: DocumentQuoteRequest,
): Promise<Pricing> {
  const quantity = request.quantity ?? 1
  const settlement =
    request.settlement_date !== undefined
      ? { settlement_date: request.settlement_date }
      : { settlement_delta: request.settlement_delta ?? DEFAULT_SETTLEMENT_DELTA }
  let basis: Basis
  let input: { bond_yield: number } | { clean_price: number }
  if (request.bond_yield !== undefined) {
    basis = 'yield'
    input = { bond_yield: request.bond_yield }
  } else if (request.clean_price !== undefined) {
    basis = 'price'
    input = { clean_price: request.clean_price }
  } else if (row.couponRate) {
    basis = 'coupon'
    input = { bond_yield: roundTo(row.couponRate, 6) }
  } else {
    return {
      quote: null,
      quantity,
      reason: row.canBePriced
        ? `No yield or price was given and ${row.displayName} pays no coupon to price at; download again with a yield or a price.`
        : `${row.displayName} cannot be priced: its terms are not known or it floats.`,
    }
  }
  try {
    const quote = await pricing.quote(row.id, { ...input, ...settlement })
    return { quote, basis, quantity }
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422) {
      return { quote: null, quantity, reason: error.message }
    }
    throw error
  }
}

/** The settlement date of cash flows when there is no quote: the one given, else T+n. */
function settlementWithoutQuote(
  today: () => string,
  row: FinstrumentRow,
  request: DocumentQuoteRequest,
) {
  if (request.settlement_date) return request.settlement_date
  return settlementOnCalendar(
    termsOf(row).convention,
    today(),
    request.settlement_delta ?? DEFAULT_SETTLEMENT_DELTA,
  )
}

/** The cash flows of a PDF at the quote's settlement (else the one asked), or why there are none. */
export async function cashflowsFor(
  { pricing, today }: DocumentsContext,
  row: FinstrumentRow,
  pricingResult: Pricing,
  request: DocumentQuoteRequest,
): Promise<CashflowResponse | string> {
  try {
    const settlement =
      pricingResult.quote?.price.settlement_date ?? settlementWithoutQuote(today, row, request)
    return await pricing.cashflows(row.id, pricingResult.quantity, settlement)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422) return error.message
    if (error instanceof PricingError) return error.message
    throw error
  }
}
