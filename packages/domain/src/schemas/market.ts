// The market of spec section 7 (EOI and market, instruments): EOIs as shown, market depth, the
// market quote, the pricing callback and clusters. Requests carry the spec's messages; answers are
// the contract the server's responses are checked against (docs/decisions/120-market-quotes.md).
import { z } from './runtime.ts'
import { CLUSTER_STATES, EOI_STATES, FIXED_FIELDS, QUOTE_TYPES } from '../enums.ts'
import { isoDateField, storedPrice, storedYield } from './fields.ts'
import { VALIDATION_MESSAGES as M } from './messages.ts'
import {
  eoiCreateSchema,
  eoiResponseSchema,
  id,
  oneSettlement,
  priceQuoteSchema,
  settlementDelta,
} from './payloads.ts'

/** Largest page of the EOI and cluster lists. */
export const MARKET_MAX_PAGE_SIZE = 100

/** Depth levels a side shows unless asked for more. */
export const DEPTH_DEFAULT_LEVELS = 10

/** Most depth levels a side can show. */
export const DEPTH_MAX_LEVELS = 50

/** Where a market quote came from: a live EOI, the last trade, or the yield the issuer disclosed. */
export const MARKET_QUOTE_SOURCES = ['QUOTE', 'TRADE', 'INDICATIVE'] as const
/** One market quote source. */
export type MarketQuoteSource = (typeof MARKET_QUOTE_SOURCES)[number]

/** A caller's part in a cluster. */
export const CLUSTER_SIDES = ['BUYER', 'SELLER', 'FACILITATOR'] as const
/** One part in a cluster. */
export type ClusterSide = (typeof CLUSTER_SIDES)[number]

/** How long a quote may be live, at most (its validity or its expiry), days (issue 19). */
export const MAX_QUOTE_VALIDITY_DAYS = 7

/** Messages of the market's rules (chosen: the spec shows none; decision 120). */
export const MARKET_MESSAGES = {
  quoteNotLive: 'This quote is no longer live',
  ownQuote: 'You cannot respond to your own quote',
  otherBond: 'The response must be for the same bond as the quote',
  otherClient: 'You can respond only for your own client',
  aboveQuantum: 'Cannot exceed the quoted quantum',
  expiryPast: 'Expiry must be in the future',
  expiryTooFar: `A quote can be live for at most ${MAX_QUOTE_VALIDITY_DAYS} days`,
  settlementPast: 'Settlement date cannot be in the past',
  settlementAfterMaturity: 'Settlement date must be before the maturity date',
  clusterClosed: 'This cluster is closed',
  spreadMismatch: 'Seller spread must be the buyer price less the seller price',
  samePriceWithoutFacilitator: 'Without a facilitator the buyer and seller price must be the same',
  facilitatorNotBroker: 'The facilitator must be a broker',
  overrideNeedsBoth: 'An overridden price needs both a price and a yield',
  overrideNotAllowed: 'Your role cannot override the price',
  unpricedNeedsPrice: 'This bond cannot be priced: quote a price',
  otherFinstrument: 'The finstrument id must be the bond of the path',
  isinOrId: 'Provide an ISIN or a finstrument id',
} as const

/** A path's id of an EOI or cluster (a number; anything else is not found, a 404). */
export const marketIdParamsSchema = z.object({ id: z.string().min(1).max(20) })

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `POST api/eoi/add/`: a response to an EOI when the body names `respond_eoi_id`, else a new EOI;
 * each validated by its own schema, so the messages are that schema's.
 */
export const eoiAddSchema = z
  .unknown()
  .transform(
    (
      value,
      ctx,
    ):
      | ({ kind: 'response' } & z.output<typeof eoiResponseSchema>)
      | ({ kind: 'create' } & z.output<typeof eoiCreateSchema>) => {
      const response = isObject(value) && value.respond_eoi_id != null
      const result = (response ? eoiResponseSchema : eoiCreateSchema).safeParse(value)
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] })
        }
        return z.NEVER
      }
      return response
        ? { kind: 'response', ...(result.data as z.output<typeof eoiResponseSchema>) }
        : { kind: 'create', ...(result.data as z.output<typeof eoiCreateSchema>) }
    },
  )
  .meta({
    description:
      'A new EOI (the EOI create payload), or with respond_eoi_id a response to one (the EOI response payload).',
  })
/** A parsed `POST api/eoi/add/` body. */
export type EoiAddPayload = z.output<typeof eoiAddSchema>

/** An EOI as its own client sees it. */
export const eoiSchema = z.object({
  id: z.number().int(),
  finstrument_id: z.string(),
  isin: z.string(),
  display_name: z.string(),
  quote_type: z.enum(QUOTE_TYPES),
  /** Rupees of face value. */
  quantum: z.number(),
  unit_price_stored: z.number().nullable(),
  yield_stored: z.number().nullable(),
  fixed_field: z.enum(FIXED_FIELDS),
  price_overridden: z.boolean(),
  settlement_date: z.string(),
  settlement_delta: z.number().int().nullable(),
  expiry_date_stored: z.string(),
  state: z.enum(EOI_STATES),
  source: z.string(),
  respond_eoi_id: z.number().int().nullable(),
  replaces: z.number().int().nullable(),
  client_id: z.string(),
  user_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
/** An EOI. */
export type Eoi = z.output<typeof eoiSchema>

const page = z.coerce
  .number({ error: M.shouldBeNumber })
  .int()
  .min(1, 'Page starts at 1')
  .default(1)
const pageSize = z.coerce
  .number({ error: M.shouldBeNumber })
  .int()
  .min(1, 'Page size is at least 1')
  .max(MARKET_MAX_PAGE_SIZE, `Page size is at most ${MARKET_MAX_PAGE_SIZE}`)
  .default(20)
const flag = z
  .enum(['true', 'false'], { error: 'Should be true or false' })
  .transform((value) => value === 'true')

/** `GET api/trade/eoi/` query: the caller's client's EOIs, newest first. */
export const eoiListQuerySchema = z.object({
  finstrument_id: z.string().trim().toUpperCase().optional(),
  /** Only EOIs still in the market (DEFAULT or RESPONDED, not expired). */
  live: flag.optional(),
  page,
  page_size: pageSize,
})
/** An EOI list query. */
export type EoiListQuery = z.output<typeof eoiListQuerySchema>

/** A numbered page of items and how many match in all. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })

/** One page of EOIs. */
export const eoiPageSchema = pageOf(eoiSchema)
/** A page of EOIs. */
export type EoiPage = z.output<typeof eoiPageSchema>

/** `GET api/quote/depth/` query: one bond by ISIN or finstrument id. */
export const depthQuerySchema = z
  .object({
    isin: z.string().trim().toUpperCase().optional(),
    finstrument_id: z.string().trim().toUpperCase().optional(),
    levels: z.coerce
      .number({ error: M.shouldBeNumber })
      .int()
      .min(1, 'Levels is at least 1')
      .max(DEPTH_MAX_LEVELS, `Levels is at most ${DEPTH_MAX_LEVELS}`)
      .default(DEPTH_DEFAULT_LEVELS),
  })
  .refine((query) => query.isin || query.finstrument_id, {
    message: MARKET_MESSAGES.isinOrId,
    path: ['isin'],
  })
/** A depth query. */
export type DepthQuery = z.output<typeof depthQuerySchema>

/** One level of depth: the live quotes of one side at one clean price and settlement date. */
export const depthLevelSchema = z.object({
  unit_clean_price: z.number(),
  /** Null for a bond that cannot be priced (its quotes are prices only). */
  bond_yield: z.number().nullable(),
  settlement_date: z.string(),
  /** Rupees of face value at this level. */
  quantum: z.number(),
  quotes: z.number().int(),
  /** Rupees of face value of the caller's own quotes at this level. */
  mine: z.number(),
})
/** A depth level. */
export type DepthLevel = z.output<typeof depthLevelSchema>

/** Market depth of one bond: bids best (highest price) first, asks best (lowest) first. */
export const marketDepthSchema = z.object({
  finstrument_id: z.string(),
  isin: z.string(),
  display_name: z.string(),
  bids: z.array(depthLevelSchema),
  asks: z.array(depthLevelSchema),
  as_of: z.string(),
})
/** Market depth. */
export type MarketDepth = z.output<typeof marketDepthSchema>

/** `POST api/quote/market/{id}/`: the best live quote of a side, or a level inferred from the market. */
export const marketQuoteRequestSchema = z.preprocess(
  // No body (or null) asks for the defaults.
  (value) => value ?? {},
  z
    .object({
      /** Without a live quote, infer a level from the last trade or the disclosed yield. */
      infer_from_market: z.boolean({ error: 'Should be true or false' }).default(false),
      quote_type: z.enum(QUOTE_TYPES).default('ASK'),
      /** Settlement of an inferred level (a live quote keeps its own); T+1 by default. */
      settlement_date: isoDateField.optional(),
      settlement_delta: settlementDelta.optional(),
    })
    .superRefine(oneSettlement),
)
/** A market quote request. */
export type MarketQuoteRequest = z.output<typeof marketQuoteRequestSchema>

/** The market quote: a price with its source and time, or none (`price` null). */
export const marketQuoteResponseSchema = z.object({
  quote_type: z.enum(QUOTE_TYPES),
  source: z.enum(MARKET_QUOTE_SOURCES).nullable(),
  /** When the quote was made, the trade done or the yield disclosed (ISO). */
  as_of: z.string().nullable(),
  /** Rupees of face value behind the level (live quotes and trades). */
  quantum: z.number().nullable(),
  price: z
    .object({
      unit_clean_price: z.number(),
      bond_yield: z.number().nullable(),
      settlement_date: z.string(),
    })
    .nullable(),
  accrued_interest: z.number().nullable(),
  dirty_price: z.number().nullable(),
  can_be_priced: z.boolean(),
  allow_price_modification: z.boolean(),
})
/** A market quote. */
export type MarketQuote = z.output<typeof marketQuoteResponseSchema>

/**
 * The pricing callback (spec section 7, `POST api/v1/finstrument/master/quote/{id}`): a clean price
 * or a yield, the fixed field, a settlement delta (or date) and the finstrument id.
 */
export const priceInfoRequestSchema = z
  .object({
    finstrument_id: id,
    fixed_field: z.enum(FIXED_FIELDS).default('yield'),
    bond_yield: storedYield.nullable().optional(),
    clean_price: storedPrice.nullable().optional(),
    settlement_delta: settlementDelta.optional(),
    settlement_date: isoDateField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.bond_yield != null && value.clean_price != null) {
      ctx.addIssue({ code: 'custom', message: M.bothPriceYield, path: ['bond_yield'] })
    } else if (value.fixed_field === 'yield' && value.bond_yield == null) {
      ctx.addIssue({ code: 'custom', message: M.yieldRequired, path: ['bond_yield'] })
    } else if (value.fixed_field === 'price' && value.clean_price == null) {
      ctx.addIssue({ code: 'custom', message: M.priceRequired, path: ['clean_price'] })
    }
    oneSettlement(value, ctx)
  })
/** A pricing callback request. */
export type PriceInfoRequest = z.output<typeof priceInfoRequestSchema>

/** The pricing callback's answer (`PriceInfo`), with why a bond cannot be priced. */
export const priceInfoResponseSchema = z.object({
  price: priceQuoteSchema.nullable(),
  accrued_interest: z.number().nullable(),
  dirty_price: z.number().nullable(),
  can_be_priced: z.boolean(),
  allow_price_modification: z.boolean(),
  reason: z.string().nullable(),
})
/** A pricing callback answer. */
export type PriceInfoResponse = z.output<typeof priceInfoResponseSchema>

/** A cluster as one of its parties sees it. */
export const clusterSchema = z.object({
  id: z.number().int(),
  finstrument_id: z.string(),
  isin: z.string(),
  display_name: z.string(),
  buyer_eoi_id: z.number().int(),
  seller_eoi_id: z.number().int(),
  /** The caller's part. */
  side: z.enum(CLUSTER_SIDES),
  buyer_name: z.string(),
  seller_name: z.string(),
  /** Rupees of face value. */
  quantity: z.number(),
  buyer_price: z.number(),
  seller_price: z.number(),
  seller_spread: z.number(),
  settlement_date: z.string(),
  facilitator: z.string().nullable(),
  facilitator_name: z.string().nullable(),
  state: z.enum(CLUSTER_STATES),
  /** When the buyer's and the seller's traders accepted it (null until they do). */
  buyer_accepted_at: z.string().nullable(),
  seller_accepted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
})
/** A cluster. */
export type Cluster = z.output<typeof clusterSchema>

/** `GET api/trade/cluster/` query: the clusters the caller's client is a party to. */
export const clusterListQuerySchema = z.object({
  finstrument_id: z.string().trim().toUpperCase().optional(),
  /** Only open clusters. */
  open: flag.optional(),
  page,
  page_size: pageSize,
})
/** A cluster list query. */
export type ClusterListQuery = z.output<typeof clusterListQuerySchema>

/** One page of clusters. */
export const clusterPageSchema = pageOf(clusterSchema)
/** A page of clusters. */
export type ClusterPage = z.output<typeof clusterPageSchema>

/** A cluster and the EOI that formed it (a response to an EOI). */
export const eoiResponseResultSchema = z.object({ eoi: eoiSchema, cluster: clusterSchema })
/** What responding to an EOI made. */
export type EoiResponseResult = z.output<typeof eoiResponseResultSchema>

/** `GET api/cluster/{id}/?price=`: a clean price (the caller's side's price when absent). */
export const clusterPriceQuerySchema = z.object({
  price: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    storedPrice.optional(),
  ),
})

/** A cluster priced: yield, accrued and consideration for its quantity at its settlement. */
export const clusterPriceSchema = z.object({
  cluster_id: z.number().int(),
  unit_clean_price: z.number(),
  bond_yield: z.number().nullable(),
  settlement_date: z.string(),
  quantity: z.number(),
  /** Per ₹100 of face value. */
  accrued_interest: z.number(),
  /** Rupees for the quantity. */
  total_accrued_interest: z.number(),
  /** Rupees the buyer pays: quantity × (clean + accrued) / 100. */
  consideration: z.number(),
})
/** A priced cluster. */
export type ClusterPrice = z.output<typeof clusterPriceSchema>
