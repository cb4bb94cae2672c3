// The inventory's tables (issue 25, decision 270); owned by the inventory module. A position is
// never stored: it is folded from the entries (uploads and external trades) and the platform's
// settled orders each time it is read, so nothing can drift from the trades that made it.
import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  primaryKey,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { clients, finstruments, users } from './schema.ts'

/** An uploaded holdings file: who sent it and how many rows it saved. */
export const inventoryUploads = pgTable('inventory_uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => clients.id),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  fileName: text('file_name').notNull(),
  sha256: text('sha256').notNull(),
  rows: integer('rows').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What moves a firm's book: a holding uploaded (a buy at its cost) or a trade done outside the
 * platform. The position moves on the settlement date.
 */
export const inventoryEntries = pgTable(
  'inventory_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** UPLOAD or EXTERNAL. */
    kind: text('kind').notNull(),
    book: text('book').notNull(),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    /** buy or sell. */
    side: text('side').notNull(),
    /** Rupees of face value. */
    faceValue: bigint('face_value', { mode: 'number' }).notNull(),
    /** Clean price per ₹100, 4 decimals. */
    cleanPrice: doublePrecision('clean_price').notNull(),
    /** Fraction; null for a bond that cannot be priced. */
    bondYield: doublePrecision('bond_yield'),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    accruedPer100: doublePrecision('accrued_per_100'),
    principalPaise: bigint('principal_paise', { mode: 'number' }),
    accruedPaise: bigint('accrued_paise', { mode: 'number' }),
    considerationPaise: bigint('consideration_paise', { mode: 'number' }),
    counterpartyClientId: text('counterparty_client_id').references(() => clients.id),
    counterpartyName: text('counterparty_name'),
    exchange: text('exchange'),
    uploadId: bigint('upload_id', { mode: 'number' }).references(() => inventoryUploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_entries_client').on(t.clientId, t.finstrumentId, t.book),
    index('inventory_entries_settlement').on(t.clientId, t.settlementDate),
  ],
)

/** A position's cost set by hand (the old value is on the audit log). */
export const inventoryCosts = pgTable(
  'inventory_costs',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    book: text('book').notNull(),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    costCleanPrice: doublePrecision('cost_clean_price').notNull(),
    updatedBy: text('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.book, t.finstrumentId] })],
)

/** A position offered on the market: the EOI it became (reserved while that EOI is live). */
export const inventoryOffers = pgTable(
  'inventory_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    book: text('book').notNull(),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    /** The EOI posted on the market; null for a private run (decision 291). */
    eoiId: bigint('eoi_id', { mode: 'number' }),
    /** A private run's counterparties (users), when offered to them rather than the market. */
    counterpartyUserIds: text('counterparty_user_ids').array(),
    faceValue: bigint('face_value', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_offers_client').on(t.clientId, t.expiresAt)],
)

/** The start-of-day step: a firm's book carried into a business date after a user confirmed it. */
export const inventoryConfirmations = pgTable(
  'inventory_confirmations',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    date: date('date', { mode: 'string' }).notNull(),
    confirmedBy: text('confirmed_by')
      .notNull()
      .references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.date] })],
)
