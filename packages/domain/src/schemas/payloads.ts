// Request payloads of spec sections 3 and 7 as zod schemas: defaults and cross-field rules.
import { z } from './runtime.ts'
import {
  CLIENT_TYPES,
  FIXED_FIELDS,
  INDIVIDUAL_CATEGORIES,
  OTP_MODES,
  QUOTE_TYPES,
} from '../enums.ts'
import {
  emailField,
  isoDateField,
  mobileField,
  nameField,
  newPasswordField,
  panField,
  storedPrice,
  storedYield,
} from './fields.ts'
import { VALIDATION_MESSAGES as M } from './messages.ts'
import { plainText, strictShape } from './query.ts'
import { MIN_QUANTUM } from '../constants.ts'

/** Longest id string a payload may send (ids are UUIDs or short codes). */
const ID_MAX_LENGTH = 64
/** An id as the spec's payloads send it: a string or a non-negative integer. */
export const id = z.union([
  z.string().min(1).max(ID_MAX_LENGTH, `Should be at most ${ID_MAX_LENGTH} characters`),
  z.number().int().nonnegative(),
])

/** Bounds of the EOI payloads' free text and JSON (issue 19: nothing unbounded is stored). */
export const EOI_TEXT_LIMITS = {
  source: 32,
  yieldType: 16,
  clearingCorporation: 16,
  rfqMode: 32,
  /** The OTO participant details, as JSON text. */
  otoDetailsBytes: 16 * 1024,
} as const

/** Short text of at most `max` characters, no control characters. */
const shortText = (max: number) => plainText(max, `Should be at most ${max} characters`)

/** The OTO participant details: an object whose JSON is at most 16 KB. */
const otoDetails = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => JSON.stringify(value).length <= EOI_TEXT_LIMITS.otoDetailsBytes,
    `Should be at most ${EOI_TEXT_LIMITS.otoDetailsBytes / 1024} KB`,
  )
/** T+n: business days from the trade date to settlement. */
export const settlementDelta = z.number({ error: M.shouldBeNumber }).int().min(0).max(30)

/** Rejects a payload that carries both a settlement date and a settlement delta. */
export function oneSettlement(
  value: { settlement_date?: unknown; settlement_delta?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.settlement_date != null && value.settlement_delta != null) {
    ctx.addIssue({ code: 'custom', message: M.bothSettlement, path: ['settlement_date'] })
  }
}

/** The EOI create payload's rule: `settlement` (the date) or `settlement_delta`, never both. */
function oneEoiSettlement(
  value: { settlement?: unknown; settlement_delta?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.settlement != null && value.settlement_delta != null) {
    ctx.addIssue({ code: 'custom', message: M.bothSettlement, path: ['settlement'] })
  }
}

/** Messages of the quote payloads' own rules (chosen: the spec shows none; decision 260). */
export const QUOTE_RULE_MESSAGES = {
  quantumBelowMinimum: `Quantum should be at least ₹1,00,000 (1 lakh)`,
} as const

/** A quote's quantum in rupees of face value: not zero, at least the minimum, at most 12 digits. */
export const quoteQuantum = z
  .number({ error: M.shouldBeNumber })
  .positive(M.cannotBeZero)
  .max(999_999_999_999, M.quantumTooLong)
  // Zero or less is "Cannot be zero" alone.
  .refine((value) => value <= 0 || value >= MIN_QUANTUM, QUOTE_RULE_MESSAGES.quantumBelowMinimum)

/** Rejects a payload that carries both a price and a yield (`unit_price_stored`, `yield_stored`). */
export function onePriceOrYield(
  value: { unit_price_stored?: unknown; yield_stored?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.unit_price_stored != null && value.yield_stored != null) {
    ctx.addIssue({ code: 'custom', message: M.bothPriceYield, path: ['unit_price_stored'] })
  }
}

/**
 * EOI create payload (spec section 3) by the spec's names, with its defaults: `settlement` is the
 * settlement date. An unknown or misspelt field is refused, naming it.
 */
export const eoiCreateSchema = strictShape({
  quantum: quoteQuantum,
  validity: z.number().int().positive().optional(),
  finstrument_id: id,
  quote_type: z.enum(QUOTE_TYPES).default('BID'),
  unit_price_stored: storedPrice.nullable().optional(),
  yield_stored: storedYield.nullable().optional(),
  expiry_date_stored: z.iso.datetime({ offset: true }).nullable().optional(),
  source: shortText(EOI_TEXT_LIMITS.source).default('WEBSITE'),
  whatsapp_consent: z.boolean().default(false),
  state: z.literal('DEFAULT', { error: 'A new quote starts in state DEFAULT' }).default('DEFAULT'),
  mandate_expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The settlement date (ISO); or `settlement_delta`, never both. */
  settlement: isoDateField.nullable().optional(),
  settlement_delta: settlementDelta.nullable().optional(),
  is_best: z.boolean().default(false),
  replaces: id.nullable().optional(),
  user_account_id: id.nullable().optional(),
  end_client_id: id.nullable().optional(),
  send_to_rfq: z.boolean().default(false),
  fixed_field: z.enum(FIXED_FIELDS).default('yield'),
  yield_type: shortText(EOI_TEXT_LIMITS.yieldType).default('YTM'),
  price_overridden: z.boolean().default(false),
  broker_id: id.nullable().optional(),
  clearing_corporation: shortText(EOI_TEXT_LIMITS.clearingCorporation).nullable().optional(),
  rfq_mode: shortText(EOI_TEXT_LIMITS.rfqMode).nullable().optional(),
  oto_participant_details: otoDetails.nullable().optional(),
  origin_trade: id.nullable().optional(),
}).superRefine(oneEoiSettlement)
/** EOI create payload after defaults. */
export type EoiCreatePayload = z.output<typeof eoiCreateSchema>

/** EOI response payload (respond to an EOI): price or yield, never both. */
export const eoiResponseSchema = strictShape({
  client_id: id,
  finstrumentId: id,
  respond_eoi_id: id,
  maximum_lot_stored: quoteQuantum,
  unit_price_stored: storedPrice.nullable().optional(),
  yield_stored: storedYield.nullable().optional(),
  source: shortText(EOI_TEXT_LIMITS.source).default('WEBSITE'),
  use_respond_eoi_price: z.boolean().default(false),
}).superRefine(onePriceOrYield)
/** EOI response payload after defaults. */
export type EoiResponsePayload = z.output<typeof eoiResponseSchema>

/** Cluster update (spec section 3). */
export const clusterUpdateSchema = strictShape({
  quantity: quoteQuantum,
  buyer_price: storedPrice,
  seller_price: storedPrice,
  seller_spread: z.number(),
  settlement_date: isoDateField,
  close: z.boolean(),
  facilitator: id.nullable(),
})
/** A cluster update. */
export type ClusterUpdate = z.output<typeof clusterUpdateSchema>

/** Price calculation `POST api/quote/{id}/`: price or yield, settlement date or delta (one each). */
export const quoteRequestSchema = z
  .object({
    bond_yield: storedYield.optional(),
    clean_price: storedPrice.optional(),
    settlement_date: isoDateField.optional(),
    settlement_delta: settlementDelta.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.bond_yield !== undefined && value.clean_price !== undefined) {
      ctx.addIssue({ code: 'custom', message: M.bothPriceYield, path: ['bond_yield'] })
    } else if (value.bond_yield === undefined && value.clean_price === undefined) {
      ctx.addIssue({ code: 'custom', message: M.priceOrYieldNeeded, path: ['bond_yield'] })
    }
    oneSettlement(value, ctx)
  })
/** A price calculation request. */
export type QuoteRequest = z.output<typeof quoteRequestSchema>

/** Cash flows `POST api/cashflow/{id}/` for a quantity from a reference date. */
export const cashflowRequestSchema = z.object({
  quantity: z.number({ error: M.shouldBeNumber }).positive(M.cannotBeZero).int(M.wholeUnits),
  ref_date: isoDateField.optional(),
})
/** A cash-flow request. */
export type CashflowRequest = z.output<typeof cashflowRequestSchema>

/** Registration payload (spec section 3). */
export const registrationSchema = z.object({
  auth_mode: z.enum(['password', 'otp']).default('password'),
  pan: panField,
  password: newPasswordField.optional(),
  identity: z.object({ first_name: nameField, last_name: nameField }),
  client_type: z.enum(CLIENT_TYPES),
  category: z
    .enum(Object.keys(INDIVIDUAL_CATEGORIES) as [keyof typeof INDIVIDUAL_CATEGORIES])
    .nullable()
    .optional(),
  corporate_identity: z.object({ name: z.string().trim().min(1) }).nullable(),
  contact: z.object({
    email: emailField,
    mobile: mobileField,
    whatsapp_consent: z.boolean().default(false),
  }),
})
/** A registration payload. */
export type RegistrationPayload = z.output<typeof registrationSchema>

/** OTP request `POST api/request-otp/`. */
export const otpRequestSchema = z.object({
  mobile: mobileField.optional(),
  email: emailField.optional(),
  request_type: z.enum(OTP_MODES),
  auth_mode: z.string().optional(),
  client_mode: z.string().optional(),
})
/** An OTP request. */
export type OtpRequest = z.output<typeof otpRequestSchema>

/** A clean price and its yield at a settlement date (`PriceQuote`: price 4 decimals, yield 6). */
export const priceQuoteSchema = z.object({
  unit_clean_price: z.number(),
  bond_yield: z.number(),
  settlement_date: z.string(),
})

/** `POST api/quote/{id}/` answer: the price at a yield or the yield at a price, and the accrued. */
export const quoteResponseSchema = z.object({
  price: priceQuoteSchema,
  accrued_interest: z.number(),
  dirty_price: z.number(),
  fixed_field: z.enum(FIXED_FIELDS),
  can_be_priced: z.boolean(),
  allow_price_modification: z.boolean(),
})
/** A price calculation answer. */
export type QuoteResponse = z.output<typeof quoteResponseSchema>

/** `POST api/cashflow/{id}/` answer: dated interest and principal in rupees for the quantity. */
export const cashflowResponseSchema = z.object({
  quantity: z.number(),
  face_value: z.number(),
  settlement_date: z.string(),
  cashflows: z.array(
    z.object({ date: z.string(), interest: z.number(), principal: z.number(), total: z.number() }),
  ),
})
/** A cash-flow answer. */
export type CashflowResponse = z.output<typeof cashflowResponseSchema>
