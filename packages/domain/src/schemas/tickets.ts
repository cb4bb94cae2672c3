// Trade tickets and orders of spec section 7 (chatter trade, orders, trade): what a dealer sends to
// create or change a ticket, and the ticket and order every screen shows. One record is the ticket
// and, once its consideration is accepted, the order (decision 221). Requests carry the section 5
// messages; answers are the contract the server's responses are checked against.
import { z } from './runtime.ts'
import { FIXED_FIELDS } from '../enums.ts'
import {
  TRADE_ACTIONS,
  TRADE_STATES,
  type TradeAction,
  type TradeState,
} from '../ticketing/lifecycle.ts'
import {
  formPriceField,
  formYieldField,
  quantumField,
  settlementDateField,
  tradeTimeField,
} from './fields.ts'
import { VALIDATION_MESSAGES as M } from './messages.ts'
import { strictShape } from './query.ts'

/** Largest page of the ticket and order lists. */
export const TICKET_MAX_PAGE_SIZE = 100

/** Minutes after the trade within which an OTC deal must be reported (SEBI/RBI). */
export const REPORTING_WINDOW_MINUTES = 15

/** A side of a trade as a ticket names it. */
export const TRADE_SIDES = ['buy', 'sell'] as const
/** One side. */
export type TradeSide = (typeof TRADE_SIDES)[number]

/** The clearing corporations a deal is reported to: NSE Clearing (NSCCL) or ICCL (BSE). */
export const CLEARING_EXCHANGES = ['NSE', 'BSE'] as const
/** One clearing exchange. */
export type ClearingExchange = (typeof CLEARING_EXCHANGES)[number]

/** The clearing corporation of each exchange, as screens name it. */
export const CLEARING_CORPORATION_NAMES: Record<ClearingExchange, string> = {
  NSE: 'NSE Clearing',
  BSE: 'ICCL',
}

/** The actions of `PATCH api/chatter/trade/actions/{id}/{action}/` (edit and accept have their own). */
export const TICKET_PATH_ACTIONS = [
  'send',
  'confirm',
  'reject',
  'cancel',
  'report',
  'settle',
] as const satisfies readonly TradeAction[]
/** One path action. */
export type TicketPathAction = (typeof TICKET_PATH_ACTIONS)[number]

/** Where a report to the clearing corporation stands. */
export const REPORT_STATUSES = ['not_reported', 'confirmed', 'rejected'] as const
/** One report status. */
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** The order outcomes of spec section 4 (`reported_order_status`). */
export const REPORTED_ORDER_STATUSES = ['accepted', 'rejected'] as const

/** Messages of the ticket rules (chosen: the spec shows none; decision 221). */
export const TICKET_MESSAGES = {
  priceOrYield: 'Provide a price or a yield',
  bothPriceYield: M.bothPriceYield,
  ownClient: 'The counterparty must be another firm',
  counterpartyUnknown: 'Counterparty not found',
  custodianRequired: 'Custodian is required',
  custodianUnknown: 'Custodian not found',
  stale: 'This ticket changed since you opened it. Reload it and try again.',
  noBroker: 'This ticket has no broker to send it to',
  notYetSettlement: 'This trade settles on its settlement date',
  backOfficeOnly: 'Only Back Office can report or settle a trade',
  dealerOnly: 'Only a Dealer can do this',
} as const

const id = z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative()])

/** Price or yield (percent, as typed in a form): exactly one of them. */
function onePriceOrYield(
  value: { unit_clean_price?: unknown; bond_yield?: unknown },
  ctx: z.RefinementCtx,
  required: boolean,
) {
  const price = value.unit_clean_price != null
  const yld = value.bond_yield != null
  if (price && yld) {
    ctx.addIssue({ code: 'custom', message: M.bothPriceYield, path: ['unit_clean_price'] })
  } else if (required && !price && !yld) {
    ctx.addIssue({
      code: 'custom',
      message: TICKET_MESSAGES.priceOrYield,
      path: ['unit_clean_price'],
    })
  }
}

/** A broker on a ticket: the side it acts for (spec section 3, broker_details). */
export const brokerDetailSchema = strictShape({
  buy_or_sell: z.enum(TRADE_SIDES),
  user_id: z.string().trim().min(1).max(64),
})

const optionalPrice = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  formPriceField.optional(),
)
const optionalYield = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  formYieldField.optional(),
)

/** The terms both a new ticket and an edit carry. */
function termsShape(now?: () => Date) {
  return {
    finstrument_id: z.string().trim().min(1).max(64).toUpperCase(),
    /** The creating side's side of the trade. */
    buy_or_sell: z.enum(TRADE_SIDES),
    /** Face value in rupees (section 5 quantum). */
    quantum: quantumField,
    /** Clean price per ₹100 (section 5 price): give this or bond_yield. */
    unit_clean_price: optionalPrice,
    /** Yield in percent as typed (section 5 yield), stored as a fraction. */
    bond_yield: optionalYield,
    settlement_date: settlementDateField,
    /** HH:MM, India's clock, today: not later than now. */
    trade_time: tradeTimeField(now),
    exchange: z.enum(CLEARING_EXCHANGES).default('NSE'),
    /** Brokerage in rupees (up to 2 decimals). */
    brokerage: z.number().min(0, M.cannotBeNegative).max(1e10).default(0),
  }
}

/** `POST api/chatter/trade/`: a ticket from a chat channel, carrying the channel and its quote. */
export function ticketCreateSchema(now?: () => Date) {
  return strictShape({
    ...termsShape(now),
    /** The other firm (a client id), or its user: one of them. */
    counterparty_client_id: z.string().trim().min(1).max(64).optional(),
    counterparty_user_id: z.string().trim().min(1).max(64).optional(),
    channel_url: z.string().trim().min(1).max(200).optional(),
    /** The message holding the quote the ticket came from. */
    message_id: id.optional(),
    broker_details: z.array(brokerDetailSchema).max(2).default([]),
    seller_details: strictShape({ client_id: z.string().trim().min(1).max(64) })
      .nullable()
      .optional(),
    /** The creating side's custodian. */
    custodian_id: z.string().trim().min(1).max(64).optional(),
  }).superRefine((value, ctx) => {
    onePriceOrYield(value, ctx, true)
    if (!value.counterparty_client_id && !value.counterparty_user_id) {
      ctx.addIssue({
        code: 'custom',
        message: 'Counterparty is required',
        path: ['counterparty_client_id'],
      })
    }
  })
}
/** A new ticket after defaults. */
export type TicketCreate = z.output<ReturnType<typeof ticketCreateSchema>>

/** `PATCH api/chatter/trade/{id}/`: changed terms (any of them), then optionally send. */
export function ticketUpdateSchema(now?: () => Date) {
  const terms = termsShape(now)
  return strictShape({
    quantum: terms.quantum.optional(),
    unit_clean_price: terms.unit_clean_price,
    bond_yield: terms.bond_yield,
    settlement_date: terms.settlement_date.optional(),
    trade_time: terms.trade_time.optional(),
    exchange: z.enum(CLEARING_EXCHANGES).optional(),
    brokerage: z.number().min(0, M.cannotBeNegative).max(1e10).optional(),
    /** The version the editor saw; a newer one refuses the edit (409). */
    version: z.number().int().min(1).optional(),
    /** Send the ticket to the counterparty after saving (spec: send_to_clients). */
    send_to_clients: z.boolean().default(false),
  }).superRefine((value, ctx) => onePriceOrYield(value, ctx, false))
}
/** A ticket edit after defaults. */
export type TicketUpdate = z.output<ReturnType<typeof ticketUpdateSchema>>

/** The body of an action: the version the actor saw, and a reason for a rejection or cancellation. */
export const ticketActionBodySchema = z.preprocess(
  // An action needs no body: none, or null, is an empty one.
  (value) => value ?? {},
  strictShape({
    version: z.number().int().min(1).optional(),
    reason: z.string().trim().max(500).optional(),
  }),
)
/** An action body. */
export type TicketActionBody = z.output<typeof ticketActionBodySchema>

/** `PATCH api/chatter/trade/actions/{id}/{action}/` path. */
export const ticketActionParamsSchema = strictShape({
  id: z.string().min(1).max(20),
  action: z.enum(TICKET_PATH_ACTIONS, {
    error: `Action is one of ${TICKET_PATH_ACTIONS.join(', ')}`,
  }),
})

/** A path's ticket or order id. */
export const ticketIdParamsSchema = strictShape({ id: z.string().min(1).max(20) })

/** `PATCH api/chatter/trade/accept-consideration/{id}/`. */
export const acceptConsiderationSchema = strictShape({
  custodian_id: z.string({ error: TICKET_MESSAGES.custodianRequired }).trim().min(1).max(64),
  version: z.number().int().min(1).optional(),
})

/** `PATCH api/chatter/trade/{id}/price/`: a new price or yield (one). */
export const ticketPriceSchema = strictShape({
  unit_clean_price: optionalPrice,
  bond_yield: optionalYield,
  version: z.number().int().min(1).optional(),
}).superRefine((value, ctx) => onePriceOrYield(value, ctx, true))

/** `PATCH api/trade/{id}/brokerage/`. */
export const brokerageSchema = strictShape({
  brokerage: z.number({ error: M.shouldBeNumber }).min(0, M.cannotBeNegative).max(1e10),
  version: z.number().int().min(1).optional(),
})

/** `PUT api/orders/{id}/accept-reject/` (and the procurement variant). */
export const orderAcceptRejectSchema = strictShape({
  reported_order_status: z.enum(REPORTED_ORDER_STATUSES),
  custodian_id: z.string().trim().min(1).max(64).optional(),
  reason: z.string().trim().max(500).optional(),
  version: z.number().int().min(1).optional(),
})

/** `POST api/orders/` (and `api/procurement-orders/`): report an accepted trade. */
export const orderReportSchema = strictShape({
  order_id: z.number().int().positive(),
  version: z.number().int().min(1).optional(),
})

/** `PATCH api/orders/settle-cancel/{id}/{action}/` path. */
export const settleCancelParamsSchema = strictShape({
  id: z.string().min(1).max(20),
  action: z.enum(['settle', 'cancel'], { error: 'Action is settle or cancel' }),
})

const flag = z
  .enum(['true', 'false'], { error: 'Should be true or false' })
  .transform((value) => value === 'true')

/** `GET api/chatter/trade/` and `GET api/orders/unified/` query. */
export const ticketListQuerySchema = strictShape({
  /** One state, or several separated by commas. */
  state: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined
      const states = value.split(',').map((s) => s.trim())
      for (const state of states) {
        if (!(TRADE_STATES as readonly string[]).includes(state)) {
          ctx.addIssue({ code: 'custom', message: `Unknown state ${state}` })
          return z.NEVER
        }
      }
      return states as TradeState[]
    }),
  /** Bond name or ISIN, or counterparty name (3 characters or more). */
  search: z.string().trim().max(100).optional(),
  /** Only trades past their reporting window and not reported. */
  overdue: flag.optional(),
  page: z.coerce.number({ error: M.shouldBeNumber }).int().min(1, 'Page starts at 1').default(1),
  page_size: z.coerce
    .number({ error: M.shouldBeNumber })
    .int()
    .min(1, 'Page size is at least 1')
    .max(TICKET_MAX_PAGE_SIZE, `Page size is at most ${TICKET_MAX_PAGE_SIZE}`)
    .default(20),
  /** false: every match in one answer (capped at 1000) for an export. */
  paginate: flag.default(true),
})
/** A ticket list query. */
export type TicketListQuery = z.output<typeof ticketListQuerySchema>

/** `GET api/client/search-custodians/` query. */
export const custodianSearchQuerySchema = strictShape({
  search_param: z.string().trim().max(100).default(''),
})

/** A custodian (spec section 3: client_id, name). */
export const custodianSchema = z.object({ client_id: z.string(), name: z.string() })
/** A custodian. */
export type Custodian = z.output<typeof custodianSchema>

/** A firm on a ticket. */
export const ticketPartySchema = z.object({
  client_id: z.string(),
  name: z.string(),
  /** The user who acts for it on this ticket, when known. */
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
})
/** A party. */
export type TicketParty = z.output<typeof ticketPartySchema>

/** Amounts of a trade in rupees with 2 decimals ("12345678.90"), computed by @bonds/pricing. */
export const considerationAmountsSchema = z.object({
  principal: z.string(),
  accrued_interest: z.string(),
  consideration: z.string(),
  stamp_duty: z.string(),
  brokerage: z.string(),
  total: z.string(),
  /** Accrued interest per ₹100 face at settlement, unrounded. */
  accrued_per_100: z.number(),
})
/** A trade's amounts. */
export type ConsiderationAmounts = z.output<typeof considerationAmountsSchema>

/** The report of a trade to its clearing corporation. */
export const tradeReportSchema = z.object({
  exchange: z.enum(CLEARING_EXCHANGES),
  status: z.enum(REPORT_STATUSES),
  /** The clearing corporation's reference once confirmed. */
  reference: z.string().nullable(),
  /** Why it was rejected, in the clearing corporation's words. */
  reason: z.string().nullable(),
  reported_at: z.string().nullable(),
  /** The trade time plus the reporting window. */
  due_at: z.string(),
  /** Past due and not reported: flagged to the desk and compliance. */
  overdue: z.boolean(),
})
/** A report. */
export type TradeReport = z.output<typeof tradeReportSchema>

/** One event of a ticket's timeline. */
export const ticketEventSchema = z.object({
  at: z.string(),
  action: z.string(),
  from_state: z.enum(TRADE_STATES).nullable(),
  to_state: z.enum(TRADE_STATES),
  actor_name: z.string().nullable(),
  actor_client_name: z.string().nullable(),
  /** What changed, in words ("Price 99.5 → 99.6"), or the reason given. */
  detail: z.string().nullable(),
})
/** A timeline event. */
export type TicketEvent = z.output<typeof ticketEventSchema>

/** A ticket (and, from `accepted`, the order) as a party to it sees it. */
export const ticketSchema = z.object({
  id: z.number().int(),
  state: z.enum(TRADE_STATES),
  /** Increases with every change; send it back to act on what you saw. */
  version: z.number().int(),
  /** ticket until the consideration is accepted, then order. */
  kind: z.enum(['ticket', 'order']),
  finstrument_id: z.string(),
  isin: z.string(),
  display_name: z.string(),
  /** The caller's side of the trade (the broker's: the side it acts for). */
  buy_or_sell: z.enum(TRADE_SIDES),
  /** How the caller stands to the ticket. */
  role: z.enum(['initiator', 'counterparty']),
  initiator: ticketPartySchema,
  counterparty: ticketPartySchema,
  buyer: ticketPartySchema,
  seller: ticketPartySchema,
  /** Brokers on the ticket and the side each acts for (spec section 3). */
  broker_details: z.array(
    z.object({ buy_or_sell: z.enum(TRADE_SIDES), user_id: z.string(), name: z.string() }),
  ),
  /** "buyer" or "seller" when the caller's firm is a broker on the ticket (spec section 6). */
  broker_side: z.enum(['buyer', 'seller']).nullable(),
  seller_details: z.object({ client_id: z.string(), name: z.string() }).nullable(),
  quantum: z.number(),
  unit_clean_price: z.number(),
  /** Fraction (0.071234 = 7.1234%); null for a bond that cannot be priced. */
  bond_yield: z.number().nullable(),
  fixed_field: z.enum(FIXED_FIELDS),
  settlement_date: z.string(),
  trade_date: z.string(),
  trade_time: z.string(),
  traded_at: z.string(),
  exchange: z.enum(CLEARING_EXCHANGES),
  consideration: considerationAmountsSchema,
  custodian: z.object({ client_id: z.string(), name: z.string() }).nullable(),
  channel_url: z.string().nullable(),
  message_id: z.string().nullable(),
  /** The chat message the ticket came from, as sent. */
  quote_text: z.string().nullable(),
  report: tradeReportSchema,
  settled_at: z.string().nullable(),
  /** What the caller may do now (its role and the lifecycle). */
  actions: z.array(z.enum(TRADE_ACTIONS)),
  created_at: z.string(),
  updated_at: z.string(),
})
/** A ticket or order. */
export type Ticket = z.output<typeof ticketSchema>

/** A ticket with its timeline (`GET api/chatter/trade/{id}/`, `GET api/orders/{id}/`). */
export const ticketDetailSchema = ticketSchema.extend({ timeline: z.array(ticketEventSchema) })
/** A ticket with its timeline. */
export type TicketDetail = z.output<typeof ticketDetailSchema>

/** A page of tickets or orders. */
export const ticketPageSchema = z.object({
  results: z.array(ticketSchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
})
/** A ticket page. */
export type TicketPage = z.output<typeof ticketPageSchema>

/** `GET api/chatter/trade/confirmed-trade/{id}/`: the deal confirmation both sides keep. */
export const tradeConfirmationSchema = z.object({
  ticket: ticketSchema,
  /** Confirmation number (the clearing reference once reported, else the ticket's). */
  confirmation_number: z.string(),
  generated_at: z.string(),
})
/** A deal confirmation. */
export type TradeConfirmation = z.output<typeof tradeConfirmationSchema>

/**
 * Payload of the `open_tickets`, `open_orders` and `consideration_update` socket messages: the
 * record's id under both names the caches tag it by.
 */
export const ticketSocketDataSchema = z.object({
  ticket_id: z.number().int(),
  order_id: z.number().int(),
  state: z.enum(TRADE_STATES),
  version: z.number().int(),
})
