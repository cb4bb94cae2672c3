// Private runs (issue 21; spec sections 2, 6 and 7 `GET api/eoi/private-run/`): quotes read from
// the chats a user receives, each linked to its message, and the exchange RFQs ("send to RFQ")
// made from them on the NSE RFQ and BSE RFQ venue. The spec shows the path and query of the list
// only; the line, the confirm / correct / dismiss calls and the venue's calls are ours
// (docs/decisions/265-private-runs.md, 266-rfq-venue.md).
import { z } from './runtime.ts'
import { RFQ_EXCHANGES } from '../private-runs.ts'
import { QUOTE_TYPES } from '../enums.ts'
import { quantumField, storedPrice, storedYield } from './fields.ts'
import { listFilterField, pageField, pageSizeField, strictShape } from './query.ts'

/** Where a private-run line stands: in the run, waiting for one-tap confirm, or dismissed. */
export const PRIVATE_RUN_STATUSES = ['live', 'pending', 'dismissed'] as const
/** One private-run line status. */
export type PrivateRunStatus = (typeof PRIVATE_RUN_STATUSES)[number]

/** An exchange RFQ's life cycle on the venue: initiate → quote → negotiate → accept (a deal). */
export const VENUE_RFQ_STATES = [
  'initiated',
  'quoted',
  'negotiating',
  'dealt',
  'cancelled',
  /** Closed by the venue: another firm's quote on the same RFQ was accepted (decision 329). */
  'closed',
] as const
/** One venue RFQ state. */
export type VenueRfqState = (typeof VENUE_RFQ_STATES)[number]

/** Messages of the private runs and the venue (chosen: the spec shows none). */
export const PRIVATE_RUN_MESSAGES = {
  lineNotFound: 'Quote not found in your private run',
  notPending: 'This quote is not waiting for confirmation',
  bondRequired: 'Choose the bond before confirming',
  levelRequired: 'Give a yield or a price',
  bothLevels: 'Cannot provide both price and yield',
  sizeRequired: 'Give the size before sending to RFQ',
  notLive: 'Only a quote in your run can be sent to RFQ',
  alreadySent: 'This quote is already on the exchange',
  noExchange: 'Your firm trades on no RFQ exchange',
  exchangeNotAllowed: 'Your firm does not trade on this RFQ exchange',
  counterpartyNotOnExchange: 'The counterparty does not trade on this RFQ exchange',
  rfqNotFound: 'RFQ not found',
  notYourTurn: 'Waiting for the other side',
  rfqClosed: 'This RFQ is closed',
  ownFirm: 'An RFQ goes to other firms',
  sameFirmTwice: 'Each counterparty once',
  anotherAccepted: 'Another quote on this RFQ was accepted',
} as const

/** `GET api/eoi/private-run/` query (spec section 7: page, page_size, search). */
export const privateRunQuerySchema = strictShape({
  page: pageField,
  page_size: pageSizeField,
  /** Bond name, ISIN or the counterparty's name. */
  search: listFilterField,
})
/** A private-run query. */
export type PrivateRunQuery = z.output<typeof privateRunQuerySchema>

/** An exchange RFQ as either party sees it. */
export const venueRfqSchema = z.object({
  id: z.number().int(),
  exchange: z.enum(RFQ_EXCHANGES),
  /** The venue's own reference ("NSE-RFQ-20261127-000001"). */
  venue_ref: z.string(),
  state: z.enum(VENUE_RFQ_STATES),
  /** The caller's part: the firm that sent it, or the one it was sent to. */
  role: z.enum(['initiator', 'responder']),
  /**
   * An RFQ sent to several firms at once is one quote each (one-to-many, decision 329): they share
   * `group_id` (the first one's id); null for an RFQ to one firm.
   */
  group_id: z.number().int().nullable(),
  finstrument_id: z.string(),
  isin: z.string(),
  display_name: z.string(),
  /** The initiator's side. */
  quote_type: z.enum(QUOTE_TYPES),
  quantum: z.number(),
  yield: z.number().nullable(),
  price: z.number().nullable(),
  settlement_date: z.string(),
  /** Whose move it is: the side that did not make the last level accepts or counters. */
  turn: z.enum(['initiator', 'responder']).nullable(),
  counterparty_name: z.string(),
  history: z.array(
    z.object({
      at: z.string(),
      /** `venue`: a step the venue took by its rules (closing the other quotes at a deal). */
      by: z.enum(['initiator', 'responder', 'venue']),
      action: z.enum(['initiate', 'quote', 'negotiate', 'accept', 'cancel', 'close']),
      yield: z.number().nullable(),
      price: z.number().nullable(),
      quantum: z.number().nullable(),
    }),
  ),
  /** The ticket (an order once the consideration is accepted) the deal became. */
  ticket_id: z.number().int().nullable(),
  private_run_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
/** An exchange RFQ. */
export type VenueRfq = z.output<typeof venueRfqSchema>

/** One line of a private run: a quote read from one message the user received. */
export const privateRunLineSchema = z.object({
  id: z.number().int(),
  status: z.enum(PRIVATE_RUN_STATUSES),
  isin: z.string().nullable(),
  finstrument_id: z.string().nullable(),
  display_name: z.string().nullable(),
  quote_type: z.enum(QUOTE_TYPES),
  /** A fraction (6 decimals), or null when the quote is a price. */
  yield: z.number().nullable(),
  /** Clean per ₹100 (4 decimals), or null when the quote is a yield. */
  price: z.number().nullable(),
  /** Rupees of face value, or null when the message gives no size. */
  quantum: z.number().nullable(),
  settlement_delta: z.union([z.literal(0), z.literal(1)]).nullable(),
  confidence: z.number().min(0).max(1),
  auto: z.boolean(),
  /** Why the parser was unsure, in words (empty when sure). */
  doubts: z.array(z.string()),
  /** Corrected by the user (not as read). */
  corrected: z.boolean(),
  /** The message the quote came from, and the line of it. */
  channel_url: z.string(),
  channel_name: z.string(),
  message_id: z.number().int(),
  line: z.number().int(),
  source: z.string(),
  /** Who sent it: the counterparty. */
  sender_id: z.string(),
  sender_name: z.string(),
  counterparty_client_id: z.string(),
  counterparty_name: z.string(),
  received_at: z.string(),
  updated_at: z.string(),
  /** The exchange RFQ made from this line, if any. */
  rfq: venueRfqSchema.nullable(),
})
/** A private-run line. */
export type PrivateRunLine = z.output<typeof privateRunLineSchema>

/** One page of a private run, newest message first. */
export const privateRunPageSchema = z.object({
  results: z.array(privateRunLineSchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
})
/** A page of a private run. */
export type PrivateRunPage = z.output<typeof privateRunPageSchema>

/** A path's id of a private-run line or a venue RFQ (anything but digits is a 404). */
export const runIdParamsSchema = strictShape({ id: z.string().min(1).max(20) })

/** `POST api/eoi/private-run/{id}/correct/`: what the parser read wrong; the line then joins the run. */
export const privateRunCorrectSchema = strictShape({
  finstrument_id: z.string().trim().min(1).max(64).toUpperCase().optional(),
  quote_type: z.enum(QUOTE_TYPES).optional(),
  yield: storedYield.nullable().optional(),
  price: storedPrice.nullable().optional(),
  quantum: quantumField.nullable().optional(),
  settlement_delta: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .optional(),
}).superRefine((value, ctx) => {
  if (value.yield != null && value.price != null) {
    ctx.addIssue({ code: 'custom', message: PRIVATE_RUN_MESSAGES.bothLevels, path: ['price'] })
  }
})
/** A correction. */
export type PrivateRunCorrection = z.output<typeof privateRunCorrectSchema>

/** `POST api/eoi/private-run/{id}/send-to-rfq/`: the exchange to place the line on. */
export const sendToRfqSchema = strictShape({ exchange: z.enum(RFQ_EXCHANGES) })
/** A send-to-RFQ request. */
export type SendToRfq = z.output<typeof sendToRfqSchema>

/** `POST api/venue/rfq/{id}/quote/` and `…/negotiate/`: a level (yield or price) and a size. */
export const venueLevelSchema = strictShape({
  yield: storedYield.optional(),
  price: storedPrice.optional(),
  quantum: quantumField.optional(),
}).superRefine((value, ctx) => {
  if (value.yield !== undefined && value.price !== undefined) {
    ctx.addIssue({ code: 'custom', message: PRIVATE_RUN_MESSAGES.bothLevels, path: ['price'] })
  } else if (value.yield === undefined && value.price === undefined) {
    ctx.addIssue({ code: 'custom', message: PRIVATE_RUN_MESSAGES.levelRequired, path: ['yield'] })
  }
})
/** A level on the venue. */
export type VenueLevel = z.output<typeof venueLevelSchema>

/** Most firms one RFQ goes to at once (the simulator's rule; decision 329). */
export const VENUE_MAX_RESPONDERS = 10

/** `POST api/venue/rfq/`: an RFQ to one or several firms on an exchange both sides trade on. */
export const venueRfqCreateSchema = strictShape({
  exchange: z.enum(RFQ_EXCHANGES),
  finstrument_id: z.string().trim().min(1).max(64).toUpperCase(),
  /** The initiator's side: BID buys, ASK sells. */
  quote_type: z.enum(QUOTE_TYPES),
  quantum: quantumField,
  yield: storedYield.optional(),
  price: storedPrice.optional(),
  /** T+0 or T+1 (T+1 when not said). */
  settlement_delta: z.union([z.literal(0), z.literal(1)], { error: 'Should be 0 or 1' }).default(1),
  /** The firms asked to quote (client ids), each once. */
  counterparty_client_ids: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'Name at least one counterparty')
    .max(VENUE_MAX_RESPONDERS, `At most ${VENUE_MAX_RESPONDERS} counterparties`),
}).superRefine((value, ctx) => {
  if (value.yield !== undefined && value.price !== undefined) {
    ctx.addIssue({ code: 'custom', message: PRIVATE_RUN_MESSAGES.bothLevels, path: ['price'] })
  } else if (value.yield === undefined && value.price === undefined) {
    ctx.addIssue({ code: 'custom', message: PRIVATE_RUN_MESSAGES.levelRequired, path: ['yield'] })
  }
  if (new Set(value.counterparty_client_ids).size !== value.counterparty_client_ids.length) {
    ctx.addIssue({
      code: 'custom',
      message: PRIVATE_RUN_MESSAGES.sameFirmTwice,
      path: ['counterparty_client_ids'],
    })
  }
})
/** A new exchange RFQ. */
export type VenueRfqCreate = z.output<typeof venueRfqCreateSchema>

/** What `POST api/venue/rfq/` made: one quote a counterparty, as the initiator sees them. */
export const venueRfqCreatedSchema = z.object({ results: z.array(venueRfqSchema) })
/** The RFQ's quotes, as made. */
export type VenueRfqCreated = z.output<typeof venueRfqCreatedSchema>

/** `GET api/venue/rfq/` query. */
export const venueRfqQuerySchema = strictShape({ page: pageField, page_size: pageSizeField })

/** One page of exchange RFQs. */
export const venueRfqPageSchema = z.object({
  results: z.array(venueRfqSchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
})
/** A page of exchange RFQs. */
export type VenueRfqPage = z.output<typeof venueRfqPageSchema>
