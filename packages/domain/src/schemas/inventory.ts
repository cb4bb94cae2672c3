// The inventory of spec section 7 (issue 25): the desk's book of bonds. The upload's file format and
// its answers are pinned (other programs are written against them); the rest follows the house
// shapes: strict bodies, the spec's messages, money in rupees with paise exact (decision 270).
import { z } from './runtime.ts'
import { TRADE_SIDES } from './tickets.ts'
import { formPriceField, formYieldField, isoDateField, settlementDateField } from './fields.ts'
import { VALIDATION_MESSAGES as M } from './messages.ts'
import {
  bondIdListField,
  QUERY_MESSAGES as QM,
  searchLimitField,
  searchParamField,
  strictShape,
} from './query.ts'

/** The first row of an inventory upload, exactly (pinned by issue 25). */
export const INVENTORY_UPLOAD_HEADER = [
  'isin',
  'face_value',
  'clean_price',
  'yield',
  'trade_date',
  'settlement_date',
  'book',
] as const

/** The most data rows one upload may hold. */
export const INVENTORY_UPLOAD_MAX_ROWS = 20_000

/** The largest upload file, bytes. */
export const INVENTORY_UPLOAD_MAX_BYTES = 5 * 1024 * 1024

/** Largest page of positions. */
export const INVENTORY_MAX_PAGE_SIZE = 500

/** Most bonds one read of the book may name (`finstrument_id`). */
export const INVENTORY_MAX_BONDS_PER_READ = 200

/** The book platform orders settle into. */
export const PLATFORM_BOOK = 'Platform'

/** The bond types the book is filtered by (spec: G-sec, SDL, corporate). */
export const INVENTORY_TYPES = ['GSEC', 'SDL', 'CORPORATE'] as const
/** One bond type of the book. */
export type InventoryType = (typeof INVENTORY_TYPES)[number]

/** Residual-maturity buckets, years. */
export const MATURITY_BUCKETS = ['0-1Y', '1-3Y', '3-5Y', '5-10Y', '10Y+'] as const
/** One maturity bucket. */
export type MaturityBucket = (typeof MATURITY_BUCKETS)[number]

/** Where a position's market value comes from (issue 25: quote, last trade or model, saying which). */
export const VALUE_SOURCES = ['LIVE_QUOTE', 'LAST_TRADE', 'MODEL', 'COST'] as const
/** One value source. */
export type ValueSource = (typeof VALUE_SOURCES)[number]

/** Messages of the inventory's rules (the spec's words where it has them; decision 270). */
export const INVENTORY_MESSAGES = {
  offeredMeanwhile:
    'This position was offered from another screen meanwhile. Check its free amount and try again',
  unknownIsin: 'Unknown ISIN',
  matured: 'Matured bond',
  notLotMultiple: (lot: string) => `Quantity is not a multiple of the bond's lot (${lot})`,
  bothPriceYield: M.bothPriceYield,
  priceOrYield: M.priceOrYieldNeeded,
  badHeader: `The first row must be ${INVENTORY_UPLOAD_HEADER.join(',')}`,
  noRows: 'The file has no rows below its header',
  tooManyRows: `A file holds at most ${INVENTORY_UPLOAD_MAX_ROWS.toLocaleString('en-IN')} rows`,
  notCsvOrXlsx: 'Upload a CSV or an XLSX file',
  fileMissing: 'Choose a file to upload',
  fileTooLarge: `The file is larger than ${INVENTORY_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  notMultipart: 'Send the file as multipart/form-data in the field "file"',
  dateFormat: 'Should be a date as YYYY-MM-DD',
  settlementBeforeTrade: 'Settlement date cannot be before the trade date',
  tradeDateFuture: 'Trade date cannot be in the future',
  bookRequired: 'Book is required',
  bookTooLong: 'Book is at most 60 characters',
  fileHasErrors: 'The file has errors; nothing was saved',
  positionNotFound: 'No such position in your book',
  moreThanFree: (free: string) => `Cannot offer more than the free position (${free})`,
  sellMoreThanHeld: (held: string) => `Cannot sell more than the position (${held})`,
  dateFuture: 'Date cannot be in the future',
  counterpartyUnknown: 'Counterparty not found',
  /** A chosen counterparty the caller cannot send a private run to. */
  notRunCounterparty: 'Not a counterparty you can send a private run to',
  rangeNeedsPreview: 'A range of rows is checked with preview=true only',
  rangeBackwards: 'to_row cannot be before from_row',
  privateRunSettlement: 'A private run carries no settlement date',
  notReadable: 'cannot be written as a run line the counterparty’s run reads',
  /** An offer refused midway: nothing was offered, and the position is named. */
  offerRefused: (position: string, why: string) => `${position}: ${why}. Nothing was offered`,
} as const

const flag = z.enum(['true', 'false'], { error: QM.flag }).transform((value) => value === 'true')

const rowNumber = z.coerce
  .number({ error: M.shouldBeNumber })
  .int(M.shouldBeNumber)
  .min(1, 'Rows are numbered from 1')
  .max(INVENTORY_UPLOAD_MAX_ROWS, `A file holds at most ${INVENTORY_UPLOAD_MAX_ROWS} rows`)

/**
 * `POST api/inventory/upload/` query: `preview=true` checks and saves nothing; with it,
 * `from_row`–`to_row` (data rows, 1-based, inclusive) check only those rows, so a page can show
 * its progress over a large file (decision 293).
 */
export const inventoryUploadQuerySchema = strictShape({
  preview: flag.optional(),
  from_row: rowNumber.optional(),
  to_row: rowNumber.optional(),
}).superRefine((query, ctx) => {
  const ranged = query.from_row !== undefined || query.to_row !== undefined
  if (ranged && query.preview !== true) {
    ctx.addIssue({
      code: 'custom',
      message: INVENTORY_MESSAGES.rangeNeedsPreview,
      path: ['from_row'],
    })
  }
  if (query.from_row !== undefined && query.to_row !== undefined && query.to_row < query.from_row) {
    ctx.addIssue({ code: 'custom', message: INVENTORY_MESSAGES.rangeBackwards, path: ['to_row'] })
  }
})

/** One data row of an upload, as read (numbers where they parse, else null). */
export const inventoryUploadRowSchema = z.object({
  /** 1-based data row (the header not counted). */
  row: z.number().int(),
  isin: z.string(),
  display_name: z.string().nullable(),
  face_value: z.number().nullable(),
  clean_price: z.number().nullable(),
  /** Percent, as written in the file. */
  yield: z.number().nullable(),
  trade_date: z.string(),
  settlement_date: z.string(),
  book: z.string(),
})
/** One upload row. */
export type InventoryUploadRow = z.output<typeof inventoryUploadRowSchema>

/** A row-level error of an upload. */
export const inventoryUploadErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
})
/** One row-level error. */
export type InventoryUploadError = z.output<typeof inventoryUploadErrorSchema>

/** The preview (200) and the refusal (400) of an upload. */
export const inventoryUploadPreviewSchema = z.object({
  rows: z.array(inventoryUploadRowSchema),
  errors: z.array(inventoryUploadErrorSchema),
  /** The file's data rows (all of them, whatever range was checked). */
  total_rows: z.number().int(),
})
/** An upload's preview. */
export type InventoryUploadPreview = z.output<typeof inventoryUploadPreviewSchema>

/** A saved upload (201). */
export const inventoryUploadSavedSchema = z.object({ rows: z.array(inventoryUploadRowSchema) })
/** A saved upload. */
export type InventoryUploadSaved = z.output<typeof inventoryUploadSavedSchema>

const page = z.coerce
  .number({ error: M.shouldBeNumber })
  .int()
  .min(1, QM.pageStart)
  .max(10_000, QM.pageTooLarge)
  .default(1)

/** `GET api/inventory/` query: a page of positions, filtered. */
export const inventoryListQuerySchema = strictShape({
  page,
  page_size: z.coerce
    .number({ error: M.shouldBeNumber })
    .int()
    .min(1, `Page size is between 1 and ${INVENTORY_MAX_PAGE_SIZE}`)
    .max(INVENTORY_MAX_PAGE_SIZE, `Page size is between 1 and ${INVENTORY_MAX_PAGE_SIZE}`)
    .default(100),
  type: z.enum(INVENTORY_TYPES).optional(),
  issuer: z.string().trim().min(1).max(120).optional(),
  rating: z.string().trim().min(1).max(40).optional(),
  maturity_bucket: z.enum(MATURITY_BUCKETS).optional(),
  book: z.string().trim().min(1).max(60).optional(),
  /**
   * Only the positions of these bonds (ids separated by commas, at most
   * INVENTORY_MAX_BONDS_PER_READ): what a page asks for when quotes moved them (decision 316).
   */
  finstrument_id: bondIdListField(INVENTORY_MAX_BONDS_PER_READ, {
    separated: 'Bond ids are separated by commas',
    tooMany: `At most ${INVENTORY_MAX_BONDS_PER_READ} bonds at once`,
  }),
})
/** A positions query. */
export type InventoryListQuery = z.output<typeof inventoryListQuerySchema>

/** One position: a bond in a book, valued now. Money in rupees (2 decimals, from whole paise). */
export const inventoryPositionSchema = z.object({
  isin: z.string(),
  finstrument_id: z.string(),
  display_name: z.string(),
  issuer: z.string(),
  rating: z.string().nullable(),
  type: z.enum(INVENTORY_TYPES),
  maturity_date: z.string().nullable(),
  maturity_bucket: z.enum(MATURITY_BUCKETS).nullable(),
  book: z.string(),
  /** Rupees of face value held (settled). */
  face_value: z.number(),
  /** Units: face value ÷ the bond's face value per unit. */
  quantity: z.number(),
  /** Rupees of face value offered on the market or sold for a later settlement. */
  reserved_face_value: z.number(),
  /** Rupees of face value that may still be offered. */
  free_face_value: z.number(),
  /** Weighted cost, clean price per ₹100 (4 decimals). */
  cost_clean_price: z.number(),
  /** Whether the cost was set by hand (`edit-valuation-cost`). */
  cost_edited: z.boolean(),
  /** The clean price the position is valued at, per ₹100. */
  market_clean_price: z.number(),
  /** Accrued interest on the position, rupees. */
  accrued: z.number(),
  /** Face × (clean + accrued)/100, rupees, exact to the paisa. */
  market_value: z.number(),
  value_source: z.enum(VALUE_SOURCES),
  /** Which quote, trade or yield the value came from, in words. */
  value_source_detail: z.string(),
  /** (market clean − cost clean) × face/100, rupees. */
  unrealised_pnl: z.number(),
  /** Yield at the market price, fraction (6 decimals); null when the bond cannot be priced. */
  yield: z.number().nullable(),
  modified_duration: z.number().nullable(),
  /** Rupees the position gains for a 1 bp fall in yield. */
  pv01: z.number().nullable(),
  /** The valuation (settlement) date. */
  valued_at: z.string(),
})
/** One position. */
export type InventoryPosition = z.output<typeof inventoryPositionSchema>

const share = z.object({ name: z.string(), market_value: z.number(), share: z.number() })

/** Totals of the whole book (all pages, after the filters). */
export const inventoryTotalsSchema = z.object({
  face_value: z.number(),
  market_value: z.number(),
  accrued: z.number(),
  unrealised_pnl: z.number(),
  pv01: z.number(),
  by_book: z.array(
    z.object({
      book: z.string(),
      face_value: z.number(),
      market_value: z.number(),
      unrealised_pnl: z.number(),
    }),
  ),
  by_issuer: z.array(share),
  by_rating: z.array(share),
  by_maturity: z.array(
    z.object({
      bucket: z.enum(MATURITY_BUCKETS),
      face_value: z.number(),
      market_value: z.number(),
    }),
  ),
})
/** The book's totals. */
export type InventoryTotals = z.output<typeof inventoryTotalsSchema>

/** `GET api/inventory/`. */
export const inventoryPageSchema = z.object({
  results: z.array(inventoryPositionSchema),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: inventoryTotalsSchema,
  /** The last business date whose book was confirmed, or null before the first confirmation. */
  confirmed_through: z.string().nullable(),
  /** Today (India): the date positions are valued at. */
  today: z.string(),
})
/** A page of the book. */
export type InventoryPage = z.output<typeof inventoryPageSchema>

/** `POST api/inventory/external-trade/`: a trade done outside the platform (validated like a ticket). */
export const externalTradeSchema = strictShape({
  finstrument_id: z.string().trim().min(1).max(64).toUpperCase(),
  book: z
    .string()
    .trim()
    .min(1, INVENTORY_MESSAGES.bookRequired)
    .max(60, INVENTORY_MESSAGES.bookTooLong),
  buy_or_sell: z.enum(TRADE_SIDES),
  /** Rupees of face value. */
  quantum: z
    .number({ error: M.shouldBeNumber })
    .positive(M.cannotBeZero)
    .max(999_999_999_999, M.quantumTooLong),
  /** Clean price per ₹100: this or bond_yield. */
  unit_clean_price: formPriceField.optional(),
  /** Yield in percent: this or unit_clean_price. */
  bond_yield: formYieldField.optional(),
  trade_date: isoDateField,
  settlement_date: settlementDateField,
  /** The counterparty from the participant search (its client id), or its name as typed. */
  counterparty_id: z.string().trim().min(1).max(64).optional(),
  counterparty_name: z.string().trim().min(1).max(120).optional(),
  exchange: z.enum(['NSE', 'BSE']).default('NSE'),
}).superRefine((value, ctx) => {
  if (value.unit_clean_price != null && value.bond_yield != null) {
    ctx.addIssue({ code: 'custom', message: M.bothPriceYield, path: ['unit_clean_price'] })
  } else if (value.unit_clean_price == null && value.bond_yield == null) {
    ctx.addIssue({ code: 'custom', message: M.priceOrYieldNeeded, path: ['unit_clean_price'] })
  }
  if (value.settlement_date < value.trade_date) {
    ctx.addIssue({
      code: 'custom',
      message: INVENTORY_MESSAGES.settlementBeforeTrade,
      path: ['settlement_date'],
    })
  }
})
/** An external trade. */
export type ExternalTradePayload = z.output<typeof externalTradeSchema>

/** An external trade as recorded: its price, yield and consideration (paise exact, in rupees). */
export const externalTradeRecordSchema = z.object({
  id: z.number().int(),
  finstrument_id: z.string(),
  isin: z.string(),
  book: z.string(),
  buy_or_sell: z.enum(TRADE_SIDES),
  quantum: z.number(),
  unit_clean_price: z.number(),
  bond_yield: z.number().nullable(),
  accrued_interest: z.number(),
  principal: z.number(),
  accrued: z.number(),
  consideration: z.number(),
  trade_date: z.string(),
  settlement_date: z.string(),
  counterparty_name: z.string().nullable(),
  /** False until its settlement date: the position moves then. */
  settled: z.boolean(),
})
/** A recorded external trade. */
export type ExternalTradeRecord = z.output<typeof externalTradeRecordSchema>

/** `PUT api/inventory/confirm-previous/` query: `preview=true` shows what changed and confirms nothing. */
export const confirmPreviousQuerySchema = strictShape({ preview: flag.optional() })
/** `PUT api/inventory/confirm-previous/` body (empty, or the day to confirm into). */
export const confirmPreviousSchema = strictShape({ date: isoDateField.optional() })

/** What changed since the last confirmed book. */
export const overnightChangeSchema = z.object({
  kind: z.enum(['COUPON', 'REDEMPTION', 'MATURITY', 'TRADE_SETTLED']),
  isin: z.string(),
  display_name: z.string(),
  book: z.string(),
  date: z.string(),
  /** Rupees: the coupon or redemption received, or the face value a trade moved (signed). */
  amount: z.number(),
})
/** One overnight change. */
export type OvernightChange = z.output<typeof overnightChangeSchema>

/** The confirmation: from which day into which, what changed, and whether it is now confirmed. */
export const confirmPreviousResultSchema = z.object({
  previous: z.string().nullable(),
  date: z.string(),
  changes: z.array(overnightChangeSchema),
  confirmed: z.boolean(),
  confirmed_at: z.string().nullable(),
})
/** A confirmation's answer. */
export type ConfirmPreviousResult = z.output<typeof confirmPreviousResultSchema>

/** `PUT api/inventory/edit-valuation-cost/`: a position's cost changed by hand. */
export const editValuationCostSchema = strictShape({
  finstrument_id: z.string().trim().min(1).max(64).toUpperCase(),
  book: z.string().trim().min(1, INVENTORY_MESSAGES.bookRequired).max(60),
  cost_clean_price: formPriceField.refine((v) => v > 0, M.cannotBeZero),
})
/** A cost edit. */
export type EditValuationCostPayload = z.output<typeof editValuationCostSchema>

/** `POST api/inventory/offer/`: positions offered on the market (EOIs to sell). */
export const inventoryOfferSchema = strictShape({
  offers: z
    .array(
      strictShape({
        finstrument_id: z.string().trim().min(1).max(64).toUpperCase(),
        book: z.string().trim().min(1).max(60),
        quantum: z
          .number({ error: M.shouldBeNumber })
          .positive(M.cannotBeZero)
          .max(999_999_999_999, M.quantumTooLong),
        /** Percent; absent: the position's market yield. */
        bond_yield: formYieldField.optional(),
        unit_clean_price: formPriceField.optional(),
        settlement_date: isoDateField.optional(),
      }).superRefine((value, ctx) => {
        if (value.unit_clean_price != null && value.bond_yield != null) {
          ctx.addIssue({ code: 'custom', message: M.bothPriceYield, path: ['unit_clean_price'] })
        }
      }),
    )
    .min(1, 'Choose at least one position')
    .max(100, 'At most 100 positions at a time'),
  /**
   * Users to send the offers to as a private run (their Private runs tab), instead of the market:
   * people of other firms with trade access (decision 291).
   */
  counterparty_user_ids: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'Choose at least one counterparty')
    .max(20, 'At most 20 counterparties at a time')
    .optional(),
})
/** An offer request. */
export type InventoryOfferPayload = z.output<typeof inventoryOfferSchema>

/** The EOIs the offer posted. */
export const inventoryOfferResultSchema = z.object({
  results: z.array(
    z.object({
      finstrument_id: z.string(),
      isin: z.string(),
      book: z.string(),
      /** The EOI posted (null for a private run). */
      eoi_id: z.number().int().nullable(),
      quantum: z.number(),
      unit_price_stored: z.number().nullable(),
      yield_stored: z.number().nullable(),
      expiry_date_stored: z.string(),
    }),
  ),
  /** A private run's messages: one per counterparty, each line an offer (decision 291). */
  private_run: z
    .array(z.object({ user_id: z.string(), channel_url: z.string(), message_id: z.number().int() }))
    .optional(),
})
/** An offer's answer. */
export type InventoryOfferResult = z.output<typeof inventoryOfferResultSchema>

/** `GET api/inventory/search-nsscl-participants/` and `…-iccl-…` query (spec section 7). */
export const inventoryParticipantQuerySchema = strictShape({
  search_param: searchParamField,
  /** Only participants holding a code (UCC) at this clearing corporation. */
  ucc_only: flag.optional(),
  limit: searchLimitField,
})
/** A participant search of the inventory. */
export type InventoryParticipantQuery = z.output<typeof inventoryParticipantQuerySchema>
