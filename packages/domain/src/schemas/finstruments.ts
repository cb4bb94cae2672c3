// The finstrument endpoints' request and response bodies (spec section 7, instruments and client).
import { z } from 'zod'
import { FILTER_CATEGORIES } from '../enums.ts'
import { MIN_SEARCH_LENGTH, INSTRUMENT_PAGE_SIZE } from '../constants.ts'

/** Buckets of the timeToMaturity filter. */
export const TIME_TO_MATURITY_BUCKETS = [
  'Up to 1 year',
  '1 to 3 years',
  '3 to 5 years',
  '5 to 10 years',
  'Over 10 years',
] as const

/** `GET api/trade/finstrument/?searchKey=`: at least 3 characters. */
export const finstrumentSearchQuerySchema = z.object({
  searchKey: z
    .string({ error: 'searchKey is required' })
    .trim()
    .min(MIN_SEARCH_LENGTH, `Enter at least ${MIN_SEARCH_LENGTH} characters to search`)
    .max(100, 'Search text is too long'),
})

/** A bond as lists and search return it (the spec's finstrument plus the terms a row shows). */
export const finstrumentSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  identifiers: z.object({ isin: z.string() }),
  available: z.boolean(),
  contract_parameters: z.object({ is_listed: z.boolean(), maturity_date: z.string().nullable() }),
  issuer: z.string(),
  security_type: z.string(),
  category: z.string(),
  coupon_rate: z.number().nullable(),
  rating: z.string().nullable(),
  is_matured: z.boolean(),
  can_be_priced: z.boolean(),
})
/** A bond in lists and search results. */
export type FinstrumentSummary = z.output<typeof finstrumentSchema>

/** All terms of one bond (`GET api/v2/finstrument/info/{id}`). */
export const finstrumentInfoSchema = finstrumentSchema.extend({
  frequency: z.number().nullable(),
  convention: z.enum(['GSEC', 'TBILL', 'CORPORATE']).nullable(),
  day_count: z.string().nullable(),
  issue_date: z.string().nullable(),
  face_value: z.number(),
  face_value_assumed: z.boolean(),
  security: z.string().nullable(),
  state: z.string().nullable(),
  is_floating_rate: z.boolean(),
  calls: z.array(z.object({ date: z.string(), price: z.number() })),
  puts: z.array(z.object({ date: z.string(), price: z.number() })),
  source: z.string(),
})
/** All terms of one bond. */
export type FinstrumentInfo = z.output<typeof finstrumentInfoSchema>

/** Selected values per screener category. */
export const categoryValuesSchema = z
  .object(
    Object.fromEntries(
      FILTER_CATEGORIES.map((c) => [c, z.array(z.string().max(100)).max(50).optional()]),
    ) as Record<(typeof FILTER_CATEGORIES)[number], z.ZodOptional<z.ZodArray<z.ZodString>>>,
  )
  .strict()

/** Cursor pagination parameters. */
export const paginationParamsSchema = z.object({
  cursor: z.string().max(200).nullable().optional(),
  limit: z.number().int().min(1).max(100).default(INSTRUMENT_PAGE_SIZE),
})

/** `POST api/client-finstrument-list/`. */
export const finstrumentListRequestSchema = z.object({
  pagination_params: paginationParamsSchema.default({ limit: INSTRUMENT_PAGE_SIZE }),
  category_values: categoryValuesSchema.default({}),
})
/** A finstrument list request. */
export type FinstrumentListRequest = z.output<typeof finstrumentListRequestSchema>

/** A page of bonds with the cursor of the next page (null on the last). */
export const finstrumentPageSchema = z.object({
  results: z.array(finstrumentSchema),
  next_cursor: z.string().nullable(),
})
/** A page of bonds. */
export type FinstrumentPage = z.output<typeof finstrumentPageSchema>

/** `POST api/categories/`: which categories to count, under which selections. */
export const categoriesRequestSchema = z.object({
  category_list: z
    .array(z.enum(FILTER_CATEGORIES))
    .min(1)
    .default([...FILTER_CATEGORIES]),
  category_values: categoryValuesSchema.default({}),
})

/** Values of each requested category with how many bonds each has. */
export const categoriesResponseSchema = z.record(
  z.string(),
  z.array(z.object({ value: z.string(), count: z.number().int() })),
)

/** `POST api/bonds-by-same-issuer/{id}/`. */
export const sameIssuerRequestSchema = z.object({
  pagination_params: paginationParamsSchema.default({ limit: INSTRUMENT_PAGE_SIZE }),
})

/** Path parameter of the finstrument endpoints. */
export const finstrumentIdParamsSchema = z.object({ id: z.string().min(1).max(64) })

/** `GET /api/health/`: the process can serve. */
export const healthResponseSchema = z.object({ status: z.literal('ok') })
