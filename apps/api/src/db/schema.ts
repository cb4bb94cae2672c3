// The database schema (drizzle). Migrations in apps/api/drizzle are generated from it.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/** India's bond universe (finstruments). */
export const finstruments = pgTable(
  'finstruments',
  {
    id: text('id').primaryKey(),
    isin: text('isin').notNull().unique(),
    displayName: text('display_name').notNull(),
    issuer: text('issuer').notNull(),
    securityType: text('security_type').notNull(),
    category: text('category').notNull(),
    couponRate: doublePrecision('coupon_rate'),
    frequency: smallint('frequency'),
    convention: text('convention'),
    dayCount: text('day_count'),
    maturityDate: date('maturity_date', { mode: 'string' }),
    issueDate: date('issue_date', { mode: 'string' }),
    faceValue: doublePrecision('face_value').notNull(),
    faceValueAssumed: boolean('face_value_assumed').notNull().default(false),
    rating: text('rating'),
    security: text('security'),
    state: text('state'),
    isListed: boolean('is_listed').notNull().default(true),
    isAvailable: boolean('is_available').notNull().default(true),
    isFloatingRate: boolean('is_floating_rate').notNull().default(false),
    canBePriced: boolean('can_be_priced').notNull().default(false),
    calls: jsonb('calls').$type<{ date: string; price: number }[]>().notNull().default([]),
    puts: jsonb('puts').$type<{ date: string; price: number }[]>().notNull().default([]),
    nsdlStatus: text('nsdl_status'),
    source: text('source').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('finstruments_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('finstruments_issuer').on(t.issuer),
    index('finstruments_category').on(t.category),
    index('finstruments_maturity').on(t.maturityDate),
  ],
)

/** Key/value facts about this database (e.g. which universe import it holds). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Append-only audit trail: who did what, when, from where. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorUserId: text('actor_user_id'),
  action: text('action').notNull(),
  ip: text('ip'),
  detail: jsonb('detail'),
})
