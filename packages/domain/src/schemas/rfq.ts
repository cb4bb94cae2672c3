// RFQ negotiation, quote updates and closes, the RFQ quotes and public runs lists, and accepting a
// cluster (spec section 7, EOI and market; docs/decisions/261-262). Requests are strict: an unknown
// field is a 400 naming it.
import { z } from './runtime.ts'
import { DEFAULT_ALLOWED_EXCHANGES, EOI_STATES, FIXED_FIELDS, QUOTE_TYPES } from '../enums.ts'
import { storedPrice, storedYield } from './fields.ts'
import { VALIDATION_MESSAGES as M } from './messages.ts'
import { clusterSchema } from './market.ts'
import { id, onePriceOrYield, quoteQuantum } from './payloads.ts'
import {
  bondIdListField,
  listFilterField,
  pageField,
  pageSizeField,
  plainText,
  queryFlag,
  strictShape,
} from './query.ts'

/** Longest note on a counter-quote. */
export const NEGOTIATION_NOTE_MAX = 500

/** Messages of the RFQ rules (chosen: the spec shows none; decisions 261 and 262). */
export const RFQ_MESSAGES = {
  threadNeeded: 'Name the negotiation to counter in (negotiation_id)',
  notYourThread: 'Negotiation not found',
  threadClosed: 'This negotiation is closed',
  respondedQuote: 'A response cannot be negotiated: negotiate the quote it answers',
  nothingToAccept: 'The other side has not countered yet: there is nothing to accept',
  opposingNotCounter: 'The opposing quote must be a counter to this quote',
  lastWordYours: 'Your counter is the last one: wait for the other side',
  priceMismatch: 'The price does not match the cluster at its settlement: price it again',
  clusterChanged: 'The cluster changed since you priced it: review it again',
  exchangeNotAllowed: 'Your firm cannot execute on this exchange',
  alreadyAccepted: 'You have already accepted this cluster',
} as const

/** A price or a yield, one required and never both (`unit_price_stored`, `yield_stored`). */
function priceOrYield(
  value: { unit_price_stored?: unknown; yield_stored?: unknown },
  ctx: z.RefinementCtx,
) {
  onePriceOrYield(value, ctx)
  if (value.unit_price_stored == null && value.yield_stored == null) {
    ctx.addIssue({ code: 'custom', message: M.priceOrYieldNeeded, path: ['yield_stored'] })
  }
}

/** `POST api/eoi/add-negotiation/`: a counter-quote on an EOI (a thread per counterparty firm). */
export const eoiNegotiationSchema = strictShape({
  eoi_id: id,
  /** The thread to counter in: required of the quote's owner, optional for the counterparty. */
  negotiation_id: id.nullable().optional(),
  quantum: quoteQuantum,
  unit_price_stored: storedPrice.nullable().optional(),
  yield_stored: storedYield.nullable().optional(),
  note: plainText(NEGOTIATION_NOTE_MAX, `Should be at most ${NEGOTIATION_NOTE_MAX} characters`)
    .nullable()
    .optional(),
}).superRefine(priceOrYield)
/** A counter-quote. */
export type EoiNegotiationPayload = z.output<typeof eoiNegotiationSchema>

/** Who made a counter-quote: the quote's owner or the counterparty. */
export const NEGOTIATION_SIDES = ['OWNER', 'COUNTERPARTY'] as const
/** One side of a negotiation. */
export type NegotiationSide = (typeof NEGOTIATION_SIDES)[number]

/** Life of a negotiation. */
export const NEGOTIATION_STATES = ['OPEN', 'DEALT', 'CLOSED', 'EXPIRED'] as const
/** One negotiation state. */
export type NegotiationState = (typeof NEGOTIATION_STATES)[number]

/** One counter-quote of a thread. */
export const negotiationEntrySchema = z.object({
  id: z.number().int(),
  by: z.enum(NEGOTIATION_SIDES),
  quantum: z.number(),
  unit_price_stored: z.number(),
  yield_stored: z.number().nullable(),
  fixed_field: z.enum(FIXED_FIELDS),
  note: z.string().nullable(),
  created_at: z.string(),
})
/** A counter-quote. */
export type NegotiationEntry = z.output<typeof negotiationEntrySchema>

/** A negotiation as one of its two firms sees it. */
export const negotiationSchema = z.object({
  id: z.number().int(),
  eoi_id: z.number().int(),
  counter_eoi_id: z.number().int(),
  finstrument_id: z.string(),
  isin: z.string(),
  display_name: z.string(),
  /** The side of the quote negotiated (the counterparty's is the other). */
  quote_type: z.enum(QUOTE_TYPES),
  /** The caller's part. */
  side: z.enum(NEGOTIATION_SIDES),
  owner_name: z.string(),
  counterparty_name: z.string(),
  /** The other firm when it is a broker firm: a broker the caller's deal may name (decision 383). */
  other_broker: z.object({ client_id: z.string(), name: z.string() }).nullable(),
  state: z.enum(NEGOTIATION_STATES),
  entries: z.array(negotiationEntrySchema),
  deal: z
    .object({
      unit_price_stored: z.number(),
      yield_stored: z.number().nullable(),
      quantum: z.number(),
      broker_id: z.string().nullable(),
      dealt_at: z.string(),
      /** The ticket the deal became (sent to the other firm at once; decision 328). */
      ticket_id: z.number().int().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
/** A negotiation. */
export type Negotiation = z.output<typeof negotiationSchema>

/** `PUT api/eoi/update/{id}/`: change one's own live quote (only what is sent changes). */
export const eoiUpdateSchema = strictShape({
  quantum: quoteQuantum.optional(),
  fixed_field: z.enum(FIXED_FIELDS).optional(),
  unit_price_stored: storedPrice.nullable().optional(),
  yield_stored: storedYield.nullable().optional(),
  /** Minutes from now. */
  validity: z.number().int().positive().optional(),
  expiry_date_stored: z.iso.datetime({ offset: true }).optional(),
}).superRefine(onePriceOrYield)
/** A quote update. */
export type EoiUpdatePayload = z.output<typeof eoiUpdateSchema>

/** `PUT api/trade/d/eoi/{id}/close/`: close one's quote against an opposing one. */
export const eoiCloseSchema = strictShape({
  /** The counterparty's opposing quote (its counter in a negotiation). */
  opposing_eoi: id,
  /** true: deal at the opposing quote's last counter; false: decline it. */
  confirm: z.boolean({ error: 'Should be true or false' }),
  /**
   * The deal's broker, with `confirm: true` only: the other firm if it is a broker firm, or a
   * broker firm in the caller's network (decision 383).
   */
  broker_id: id.nullable().optional(),
})
/** A close. */
export type EoiClosePayload = z.output<typeof eoiCloseSchema>

/** `PUT api/trade/d/eoi/close/`: withdraw the caller's firm's live quotes (all, or those named). */
export const eoiCloseAllSchema = z.preprocess(
  (value) => value ?? {},
  strictShape({
    eoi_ids: z.array(id).max(500, 'At most 500 quotes at once').optional(),
    finstrument_id: z.string().trim().toUpperCase().max(32).optional(),
  }),
)
/** A bulk close. */
export type EoiCloseAllPayload = z.output<typeof eoiCloseAllSchema>

/** What a bulk close closed. */
export const eoiCloseAllResultSchema = z.object({ closed: z.array(z.number().int()) })
/** A bulk close's result. */
export type EoiCloseAllResult = z.output<typeof eoiCloseAllResultSchema>

/** `GET api/eoi/rfq-quote/`: live quotes in the market (search, my_quotes, paginate). */
export const rfqQuoteQuerySchema = strictShape({
  search: listFilterField,
  my_quotes: queryFlag.optional(),
  /** false: every live quote in one answer (at most `RFQ_UNPAGED_MAX`). */
  paginate: queryFlag.optional(),
  page: pageField,
  page_size: pageSizeField,
})
/** An RFQ quotes query. */
export type RfqQuoteQuery = z.output<typeof rfqQuoteQuerySchema>

/** Most quotes an unpaginated RFQ quotes answer holds. */
export const RFQ_UNPAGED_MAX = 2000

/** A live quote as the market sees it (anonymous), with the caller's negotiations on it. */
export const rfqQuoteSchema = z.object({
  id: z.number().int(),
  finstrument_id: z.string(),
  isin: z.string(),
  display_name: z.string(),
  quote_type: z.enum(QUOTE_TYPES),
  quantum: z.number(),
  unit_price_stored: z.number(),
  yield_stored: z.number().nullable(),
  fixed_field: z.enum(FIXED_FIELDS),
  settlement_date: z.string(),
  expiry_date_stored: z.string(),
  state: z.enum(EOI_STATES),
  /** The caller's firm posted it. */
  mine: z.boolean(),
  negotiations: z.array(negotiationSchema),
  created_at: z.string(),
  updated_at: z.string(),
})
/** A quote of the RFQ quotes list. */
export type RfqQuote = z.output<typeof rfqQuoteSchema>

/**
 * A quote as a `quotes_eoi` socket message carries it (decision 310): the list's row without the
 * caller's part (`mine`, negotiations), its bond's names when the server had them.
 */
export type StreamedQuote = Omit<RfqQuote, 'mine' | 'negotiations' | 'isin' | 'display_name'> &
  Partial<Pick<RfqQuote, 'isin' | 'display_name'>>

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })

/** A page of RFQ quotes. */
export const rfqQuotePageSchema = pageOf(rfqQuoteSchema)
/** A page of RFQ quotes. */
export type RfqQuotePage = z.output<typeof rfqQuotePageSchema>

/** The most bonds one public runs read may name (`finstrument_id`): a client's patch window. */
export const PUBLIC_RUNS_MAX_BONDS_PER_READ = 100

/**
 * `GET api/trade/d/market/`: the public runs (page, page_size, search, my_quotes; `finstrument_id`:
 * only these bonds' lines, ids separated by commas, at most PUBLIC_RUNS_MAX_BONDS_PER_READ:
 * what a client asks for the bonds its stream named, decision 410).
 */
export const publicRunQuerySchema = strictShape({
  search: listFilterField,
  my_quotes: queryFlag.optional(),
  page: pageField,
  page_size: pageSizeField,
  finstrument_id: bondIdListField(PUBLIC_RUNS_MAX_BONDS_PER_READ, {
    separated: 'Bond ids in finstrument_id are separated by commas',
    tooMany: `At most ${PUBLIC_RUNS_MAX_BONDS_PER_READ} bonds in finstrument_id`,
  }),
})
/** A public runs query. */
export type PublicRunQuery = z.output<typeof publicRunQuerySchema>

/** The best level of one side of a run. */
export const runLevelSchema = z.object({
  unit_price_stored: z.number(),
  yield_stored: z.number().nullable(),
  /** Rupees of face value at the best price. */
  quantum: z.number(),
  settlement_date: z.string(),
})

/** One bond's line of the public runs: best bid and offer, and the caller's open clusters on it. */
export const publicRunSchema = z.object({
  finstrument_id: z.string(),
  isin: z.string(),
  display_name: z.string(),
  bid: runLevelSchema.nullable(),
  ask: runLevelSchema.nullable(),
  /** Live quotes on the bond. */
  quotes: z.number().int(),
  /** The caller's firm has a live quote on the bond. */
  mine: z.boolean(),
  clusters: z.array(clusterSchema),
  updated_at: z.string(),
})
/** A public run line. */
export type PublicRun = z.output<typeof publicRunSchema>

/** A page of public runs. */
export const publicRunPageSchema = pageOf(publicRunSchema)
/** A page of public runs. */
export type PublicRunPage = z.output<typeof publicRunPageSchema>

/** `POST api/cluster/{id}/accept/?lsId=`: the cluster's version (its `updated_at`) the caller priced. */
export const clusterAcceptQuerySchema = strictShape({
  lsId: z.string().min(1).max(40),
})

/** `POST api/cluster/{id}/accept/` body: the numbers the caller accepts, checked by the server. */
export const clusterAcceptSchema = strictShape({
  bond_yield: storedYield.nullable(),
  unit_clean_price: storedPrice,
  /** Rupees for the cluster's quantity. */
  total_accrued_interest: z.number().nonnegative(),
  exchange: z.enum(DEFAULT_ALLOWED_EXCHANGES),
})
/** A cluster acceptance. */
export type ClusterAccept = z.output<typeof clusterAcceptSchema>
