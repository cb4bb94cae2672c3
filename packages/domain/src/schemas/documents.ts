// Downloads and records of one bond (spec section 7, instruments and client): the bond-details and
// quote PDFs, the information memorandum, trades the platform knows and credit rationale.
import { z } from './runtime.ts'
import { isoDateField, storedPrice, storedYield } from './fields.ts'
import { VALIDATION_MESSAGES as M } from './messages.ts'

/** Largest page of `POST api/trades/{id}/`. */
export const TRADES_MAX_PAGE_SIZE = 100

/** Default page size of `POST api/trades/{id}/`. */
export const TRADES_DEFAULT_PAGE_SIZE = 20

/** Fields trades can be sorted by. */
export const TRADE_SORT_FIELDS = ['trade_date', 'price', 'yield', 'quantity'] as const
/** A field trades can be sorted by. */
export type TradeSortField = (typeof TRADE_SORT_FIELDS)[number]

/** Message when a bond has no information memorandum yet (a 404, never a broken file). */
export const NO_INFORMATION_MEMORANDUM = 'No information memorandum is available for this bond yet'

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/

/**
 * Pricing inputs of the bond-details and quote PDFs: the calculator's fields of `POST api/quote/{id}/`
 * (price or yield, settlement date or delta, never both), all optional, plus a quantity in units.
 */
export const documentQuoteRequestSchema = z
  .object({
    bond_yield: storedYield.optional(),
    clean_price: storedPrice.optional(),
    settlement_date: isoDateField.optional(),
    settlement_delta: z.number({ error: M.shouldBeNumber }).int().min(0).max(30).optional(),
    quantity: z
      .number({ error: M.shouldBeNumber })
      .positive(M.cannotBeZero)
      .int(M.wholeUnits)
      .max(999_999_999_999, M.quantumTooLong)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.bond_yield !== undefined && value.clean_price !== undefined) {
      ctx.addIssue({ code: 'custom', message: M.bothPriceYield, path: ['bond_yield'] })
    }
    if (value.settlement_date !== undefined && value.settlement_delta !== undefined) {
      ctx.addIssue({ code: 'custom', message: M.bothSettlement, path: ['settlement_date'] })
    }
  })
/** Pricing inputs of a PDF download. */
export type DocumentQuoteRequest = z.output<typeof documentQuoteRequestSchema>

/** `POST api/im/download/ {isin}`. */
export const imDownloadRequestSchema = z.object({
  isin: z
    .string({ error: 'ISIN is required' })
    .trim()
    .toUpperCase()
    .min(1, 'ISIN is required')
    .regex(ISIN, 'Please enter a valid ISIN.'),
})

/** The stored information memorandum after an upload. */
export const imUploadResponseSchema = z.object({
  isin: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
})
/** An upload's answer. */
export type ImUploadResponse = z.output<typeof imUploadResponseSchema>

/** `POST api/trades/{id}/ {pagination, sort, filters}`. */
export const tradesRequestSchema = z.object({
  pagination: z
    .object({
      page: z.number({ error: M.shouldBeNumber }).int().min(1, 'Page starts at 1').default(1),
      page_size: z
        .number({ error: M.shouldBeNumber })
        .int()
        .min(1, 'Page size is at least 1')
        .max(TRADES_MAX_PAGE_SIZE, `Page size is at most ${TRADES_MAX_PAGE_SIZE}`)
        .default(TRADES_DEFAULT_PAGE_SIZE),
    })
    .default({ page: 1, page_size: TRADES_DEFAULT_PAGE_SIZE }),
  sort: z
    .object({
      field: z
        .enum(TRADE_SORT_FIELDS, { error: `Sort by one of ${TRADE_SORT_FIELDS.join(', ')}` })
        .default('trade_date'),
      direction: z
        .enum(['asc', 'desc'], { error: 'Sort direction is asc or desc' })
        .default('desc'),
    })
    .default({ field: 'trade_date', direction: 'desc' }),
  filters: z
    .object({ date_from: isoDateField.optional(), date_to: isoDateField.optional() })
    .refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
      message: 'From date must be on or before the to date',
      path: ['date_to'],
    })
    .default({}),
})
/** A trades request after defaults. */
export type TradesRequest = z.output<typeof tradesRequestSchema>

/** One trade of a bond the platform knows. */
export const tradeSchema = z.object({
  id: z.string(),
  trade_date: z.string(),
  clean_price: z.number(),
  bond_yield: z.number().nullable(),
  quantity: z.number(),
  face_value: z.number(),
  venue: z.string(),
  source: z.string(),
})
/** One trade. */
export type Trade = z.output<typeof tradeSchema>

/** A page of trades. */
export const tradePageSchema = z.object({
  results: z.array(tradeSchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
})
/** A page of trades. */
export type TradePage = z.output<typeof tradePageSchema>

/** One stored credit-rating rationale of a bond. */
export const creditRationaleSchema = z.object({
  id: z.string(),
  agency: z.string(),
  rating: z.string(),
  rated_on: z.string(),
  summary: z.string(),
  source_url: z.string().nullable(),
})
/** One credit rationale. */
export type CreditRationale = z.output<typeof creditRationaleSchema>

/** `GET api/credit-rationale/{id}/`: the bond's rationales, newest first (empty when none). */
export const creditRationaleListSchema = z.object({ results: z.array(creditRationaleSchema) })
/** The rationales of a bond. */
export type CreditRationaleList = z.output<typeof creditRationaleListSchema>
