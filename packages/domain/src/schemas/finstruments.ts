// The finstrument endpoints' request and response bodies (spec section 7, instruments and client).
import { z } from './runtime.ts'
import {
  FILTER_CATEGORIES,
  FILTER_OPERATORS,
  INSTRUMENT_TYPES,
  type FilterCategory,
  type FilterOperator,
} from '../enums.ts'
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
  /**
   * A yield for the bond (fraction, 6 decimals): the last fund disclosure's, else the latest live
   * quote's, else a trade's of the last 30 days; null when none is known.
   */
  indicative_yield: z.number().nullable().optional(),
  /** When: the disclosure's date (YYYY-MM-DD), or the quote's or trade's time (ISO instant). */
  indicative_yield_as_of: z.string().nullable().optional(),
  /** Where the yield comes from. */
  indicative_yield_source: z.enum(['disclosure', 'quote', 'trade']).nullable().optional(),
})
/** A bond in lists and search results. */
export type FinstrumentSummary = z.output<typeof finstrumentSchema>

/** All terms of one bond: what its term sheet (the security page and the PDFs) shows. */
export const finstrumentTermsSchema = finstrumentSchema.extend({
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
export type FinstrumentTerms = z.output<typeof finstrumentTermsSchema>

/** The information memorandum published for a bond, without its bytes. */
export const memorandumSummarySchema = z.object({
  file_name: z.string(),
  size: z.number().int(),
  uploaded_at: z.string(),
})
/** A published information memorandum. */
export type MemorandumSummary = z.output<typeof memorandumSummarySchema>

/**
 * One bond as the security page reads it (`GET api/v2/finstrument/info/{id}`): all its terms, and
 * its information memorandum, or null when none is published (every G-sec), so the page offers the
 * download only when there is a file to download.
 */
export const finstrumentInfoSchema = finstrumentTermsSchema.extend({
  information_memorandum: memorandumSummarySchema.nullable(),
})
/** One bond as the security page reads it. */
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

/** Credit rating grades, lowest first: the scale the rating comparisons use (SOV above AAA). */
export const RATING_GRADES = [
  'D',
  'C-',
  'C',
  'C+',
  'B-',
  'B',
  'B+',
  'BB-',
  'BB',
  'BB+',
  'BBB-',
  'BBB',
  'BBB+',
  'A-',
  'A',
  'A+',
  'AA-',
  'AA',
  'AA+',
  'AAA',
  'SOV',
] as const
/** One rating grade. */
export type RatingGrade = (typeof RATING_GRADES)[number]

/** The grade of a rating as stored ("CRISIL AA+(CE)" → "AA+", "SOV" → "SOV"), or null. */
export function ratingGrade(rating: string | null | undefined): RatingGrade | null {
  if (!rating) return null
  const grade = rating
    .replace(/\s*\(.*\)\s*$/, '')
    .trim()
    .split(/\s+/)
    .at(-1)
  return RATING_GRADES.find((g) => g === grade) ?? null
}

/** Operators each category takes (spec section 3): dates compare maturity, numbers years to it. */
export const CATEGORY_OPERATORS: Readonly<Record<FilterCategory, readonly FilterOperator[]>> = {
  bondCategory: ['equals'],
  securityType: ['equals'],
  creditRating: ['equals', 'lt', 'lte', 'gt', 'gte'],
  timeToMaturity: ['equals', 'lt', 'lte', 'gt', 'gte', 'dateIs', 'after', 'before'],
  bondSecurity: ['equals'],
}

/** Operators that compare an order (ratings by grade, time to maturity in years). */
export const COMPARISON_OPERATORS = ['lt', 'lte', 'gt', 'gte'] as const
/** Operators that compare the maturity date. */
export const DATE_OPERATORS = ['dateIs', 'after', 'before'] as const

/** Longest time to maturity a filter takes, years. */
export const MAX_YEARS_TO_MATURITY = 100

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Why a filter is not valid, or null when it is. */
export function filterProblem(filter: {
  category: FilterCategory
  operator: FilterOperator
  value: string | number
}): string | null {
  const { category, operator, value } = filter
  if (!CATEGORY_OPERATORS[category].includes(operator)) {
    return `${FILTER_OPERATORS[operator]} does not apply to ${category}`
  }
  if (operator === 'equals') {
    return typeof value === 'string' && value.trim() !== '' ? null : 'Choose a value'
  }
  if ((DATE_OPERATORS as readonly string[]).includes(operator)) {
    return typeof value === 'string' && isIsoDate(value) ? null : 'Enter a date as YYYY-MM-DD'
  }
  if (category === 'creditRating') {
    return RATING_GRADES.includes(value as RatingGrade) ? null : 'Choose a rating grade'
  }
  return typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= MAX_YEARS_TO_MATURITY
    ? null
    : `Enter years from 0 to ${MAX_YEARS_TO_MATURITY}`
}

/** One screener filter: a category, an operator of spec section 3 and a value. */
export const screenFilterSchema = z
  .object({
    category: z.enum(FILTER_CATEGORIES),
    operator: z.enum(Object.keys(FILTER_OPERATORS) as [FilterOperator, ...FilterOperator[]]),
    value: z.union([z.string().max(100), z.number()]),
  })
  .superRefine((filter, context) => {
    const problem = filterProblem(filter)
    if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem })
  })
/** One screener filter. */
export type ScreenFilter = z.output<typeof screenFilterSchema>

/** Fields the screener sorts by. */
export const SCREEN_SORT_FIELDS = ['name', 'yield', 'maturity', 'coupon'] as const
/** One screener sort field. */
export type ScreenSortField = (typeof SCREEN_SORT_FIELDS)[number]

/** Sort of a screen; bonds without the value (no yield, no coupon) come last either way. */
export const screenSortSchema = z.object({
  field: z.enum(SCREEN_SORT_FIELDS),
  direction: z.enum(['asc', 'desc']).default('asc'),
})
/** Sort of a screen. */
export type ScreenSort = z.output<typeof screenSortSchema>

/** `POST api/client-finstrument-list/`. */
export const finstrumentListRequestSchema = z.object({
  pagination_params: paginationParamsSchema.default({ limit: INSTRUMENT_PAGE_SIZE }),
  category_values: categoryValuesSchema.default({}),
  /** Instrument type filter of spec section 3 (Bond is the only one). */
  instrument_type: z.enum(INSTRUMENT_TYPES).default('Bond'),
  /** Filters with operators; all must hold, together with category_values. */
  filters: z.array(screenFilterSchema).max(20).default([]),
  /** Without it, ISIN order. */
  sort: screenSortSchema.optional(),
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
  instrument_type: z.enum(INSTRUMENT_TYPES).default('Bond'),
  filters: z.array(screenFilterSchema).max(20).default([]),
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

/** `GET /api/health/ready/`: whether the server can do its work now, and what it depends on. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'down']),
  bus: z.enum(['ok', 'down']),
})
/** The readiness answer. */
export type ReadinessResponse = z.output<typeof readinessResponseSchema>
