// The rules of an upload's rows, in the spec's words (unknown ISIN, matured bond, quantity not a
// multiple of the bond's lot, price and yield both given), checked all at once so the preview lists
// every error by row; a clean row carries the price, yield and consideration it is saved with.
import {
  INVENTORY_MESSAGES as IM,
  INVENTORY_UPLOAD_HEADER,
  isBoundedIsoDate,
  isIsoDate,
  MARKET_MESSAGES as MM,
  VALIDATION_MESSAGES as M,
  type InventoryUploadError,
  type InventoryUploadRow,
} from '@bonds/domain'
import {
  accruedInterest,
  formatRupees,
  PricingError,
  roundTo,
  tradeConsideration,
} from '@bonds/pricing'
import { HttpError } from '../../http/errors.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'
import { priceAt } from '../pricing/index.ts'
import { termsOrNull } from './valuation.ts'

/** A clean row as it is saved. */
export interface EntryDraft {
  finstrumentId: string
  book: string
  faceValue: number
  cleanPrice: number
  bondYield: number | null
  tradeDate: string
  settlementDate: string
  accruedPer100: number | null
  principalPaise: number
  accruedPaise: number
  considerationPaise: number
}

/** The header row is the pinned one (cells trimmed, case ignored, empty trailing cells allowed). */
export function checkHeader(header: readonly string[] | undefined): void {
  const cells = (header ?? []).map((cell) => cell.trim().toLowerCase())
  while (cells.length > INVENTORY_UPLOAD_HEADER.length && cells.at(-1) === '') cells.pop()
  if (cells.join(',') !== INVENTORY_UPLOAD_HEADER.join(',')) {
    throw new HttpError(400, IM.badHeader, { file: IM.badHeader })
  }
}

/** A number cell: null when empty; NaN when not a number. */
function numberCell(text: string): number | null {
  const t = text.trim().replaceAll(',', '')
  if (t === '') return null
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN
}

/** The price and yield of a row at its settlement, and its consideration; a PricingError is the field's. */
export function priceRow(
  bond: FinstrumentRow,
  settlement: string,
  given: { cleanPrice: number | null; yieldPercent: number | null },
):
  | { cleanPrice: number; bondYield: number | null; accruedPer100: number | null }
  | { field: string; message: string } {
  const terms = termsOrNull(bond)
  if (!terms) {
    if (given.cleanPrice === null) return { field: 'yield', message: MM.unpricedNeedsPrice }
    return { cleanPrice: roundTo(given.cleanPrice, 4), bondYield: null, accruedPer100: null }
  }
  try {
    const at = priceAt(
      terms,
      settlement,
      given.cleanPrice !== null
        ? { clean_price: roundTo(given.cleanPrice, 4) }
        : { bond_yield: roundTo((given.yieldPercent ?? 0) / 100, 6) },
    )
    return {
      cleanPrice: at.price.unit_clean_price,
      bondYield: at.price.bond_yield,
      // Unrounded: the consideration rounds once, to the paisa (decision 220).
      accruedPer100: accruedInterest(terms, settlement),
    }
  } catch (error) {
    if (error instanceof PricingError) {
      return { field: given.cleanPrice !== null ? 'clean_price' : 'yield', message: error.message }
    }
    throw error
  }
}

/** Check every data row; bonds by ISIN; `today` in India; `before` rows of the file precede `data`. */
export function checkRows(
  data: readonly string[][],
  bonds: ReadonlyMap<string, FinstrumentRow>,
  today: string,
  before = 0,
): { rows: InventoryUploadRow[]; errors: InventoryUploadError[]; drafts: EntryDraft[] } {
  const rows: InventoryUploadRow[] = []
  const errors: InventoryUploadError[] = []
  const drafts: EntryDraft[] = []
  data.forEach((cells, index) => {
    const row = before + index + 1
    const cell = (i: number) => (cells[i] ?? '').trim()
    const isin = cell(0).toUpperCase()
    const bond = bonds.get(isin)
    const face = numberCell(cell(1))
    const price = numberCell(cell(2))
    const yieldPercent = numberCell(cell(3))
    const tradeDate = cell(4)
    const settlementDate = cell(5)
    const book = cell(6)
    rows.push({
      row,
      isin,
      display_name: bond?.displayName ?? null,
      face_value: face !== null && Number.isFinite(face) ? face : null,
      clean_price: price !== null && Number.isFinite(price) ? price : null,
      yield: yieldPercent !== null && Number.isFinite(yieldPercent) ? yieldPercent : null,
      trade_date: tradeDate,
      settlement_date: settlementDate,
      book,
    })
    const found = errors.length
    const fail = (field: string, message: string) => errors.push({ row, field, message })

    if (isin === '') fail('isin', 'ISIN is required')
    else if (!bond) fail('isin', IM.unknownIsin)
    else if (bond.maturityDate && bond.maturityDate <= today) fail('isin', IM.matured)

    if (face === null) fail('face_value', M.fieldRequired)
    else if (Number.isNaN(face)) fail('face_value', M.shouldBeNumber)
    else if (face <= 0) fail('face_value', M.cannotBeZero)
    else if (!Number.isSafeInteger(face) || face > 999_999_999_999)
      fail('face_value', M.quantumTooLong)
    else if (bond && bond.faceValue > 0 && face % bond.faceValue !== 0) {
      fail('face_value', IM.notLotMultiple(formatRupees(bond.faceValue, 0)))
    }

    if (price !== null && yieldPercent !== null) fail('clean_price', IM.bothPriceYield)
    else if (price === null && yieldPercent === null) fail('clean_price', IM.priceOrYield)
    else if (price !== null) {
      if (Number.isNaN(price)) fail('clean_price', M.shouldBeNumber)
      else if (price <= 0) fail('clean_price', M.cannotBeZero)
      else if (price > 250) fail('clean_price', M.priceBelow250)
    } else if (yieldPercent !== null) {
      if (Number.isNaN(yieldPercent)) fail('yield', M.shouldBeNumber)
      else if (yieldPercent < 0) fail('yield', M.cannotBeNegative)
      else if (yieldPercent > 100) fail('yield', M.yieldAbove100)
    }

    const tradeOk = isIsoDate(tradeDate) && isBoundedIsoDate(tradeDate)
    const settleOk = isIsoDate(settlementDate) && isBoundedIsoDate(settlementDate)
    if (!tradeOk) fail('trade_date', IM.dateFormat)
    else if (tradeDate > today) fail('trade_date', IM.tradeDateFuture)
    if (!settleOk) fail('settlement_date', IM.dateFormat)
    else if (tradeOk && settlementDate < tradeDate)
      fail('settlement_date', IM.settlementBeforeTrade)

    if (book === '') fail('book', IM.bookRequired)
    else if (book.length > 60) fail('book', IM.bookTooLong)

    if (errors.length > found || !bond || face === null) return
    const pricedRow = priceRow(bond, settlementDate, { cleanPrice: price, yieldPercent })
    if ('field' in pricedRow) {
      fail(pricedRow.field, pricedRow.message)
      return
    }
    const money = tradeConsideration({
      faceAmount: face,
      cleanPrice: pricedRow.cleanPrice,
      accruedPer100: pricedRow.accruedPer100 ?? 0,
    })
    drafts.push({
      finstrumentId: bond.id,
      book,
      faceValue: face,
      cleanPrice: pricedRow.cleanPrice,
      bondYield: pricedRow.bondYield,
      tradeDate,
      settlementDate,
      accruedPer100: pricedRow.accruedPer100,
      principalPaise: money.principal,
      accruedPaise: money.accruedInterest,
      considerationPaise: money.consideration,
    })
  })
  return { rows, errors, drafts }
}
