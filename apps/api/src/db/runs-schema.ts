// Private runs and the RFQ venue's orders (issue 21; decisions 265 and 266); owned by the runs and
// venue modules. A private-run line is a quote read from one message a user received; a venue RFQ
// is an exchange RFQ (NSE RFQ or BSE RFQ) between two firms, often made from such a line.
import { sql } from 'drizzle-orm'
import {
  bigint,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { chatChannels, chatMessages } from './chat-schema.ts'
import { clients, finstruments, tradeTickets, users } from './schema.ts'

/** One step of an exchange RFQ, as the venue recorded it. */
export interface VenueStep {
  at: string
  /** `venue`: a step the venue took by its rules (decision 329). */
  by: 'initiator' | 'responder' | 'venue'
  action: 'initiate' | 'quote' | 'negotiate' | 'accept' | 'cancel' | 'close'
  yield: number | null
  price: number | null
  quantum: number | null
}

/** Exchange RFQs on the NSE RFQ and BSE RFQ venue (through the exchange port). */
export const venueRfqs = pgTable(
  'venue_rfqs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    exchange: text('exchange').notNull(),
    venueRef: text('venue_ref').notNull().unique(),
    state: text('state').notNull(),
    initiatorClientId: text('initiator_client_id')
      .notNull()
      .references(() => clients.id),
    initiatorUserId: text('initiator_user_id')
      .notNull()
      .references(() => users.id),
    responderClientId: text('responder_client_id')
      .notNull()
      .references(() => clients.id),
    /** An RFQ to several firms is one row a firm, sharing the first row's id (decision 329). */
    groupId: bigint('group_id', { mode: 'number' }),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    /** The initiator's side: BID buys, ASK sells. */
    quoteType: text('quote_type').notNull(),
    quantum: doublePrecision('quantum').notNull(),
    yieldValue: doublePrecision('yield'),
    price: doublePrecision('price'),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    /** Who made the last level: the other side accepts or counters. */
    lastBy: text('last_by').notNull(),
    history: jsonb('history').$type<VenueStep[]>().notNull().default([]),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => tradeTickets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('venue_rfqs_initiator').on(t.initiatorClientId, t.updatedAt),
    index('venue_rfqs_responder').on(t.responderClientId, t.updatedAt),
    index('venue_rfqs_group').on(t.groupId),
  ],
)

/** Quotes read from the messages each user received: the private run. */
export const privateRunQuotes = pgTable(
  'private_run_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose run: the recipient of the message. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    channelUrl: text('channel_url')
      .notNull()
      .references(() => chatChannels.url),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id),
    /** The quote's place among the message's quotes (0, 1, …). */
    position: smallint('position').notNull(),
    line: smallint('line').notNull(),
    source: text('source').notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    senderClientId: text('sender_client_id')
      .notNull()
      .references(() => clients.id),
    /** live (in the run), pending (one-tap confirm) or dismissed. */
    status: text('status').notNull(),
    finstrumentId: text('finstrument_id').references(() => finstruments.id),
    quoteType: text('quote_type').notNull(),
    yieldValue: doublePrecision('yield'),
    price: doublePrecision('price'),
    quantum: doublePrecision('quantum'),
    settlementDelta: smallint('settlement_delta'),
    confidence: doublePrecision('confidence').notNull(),
    auto: boolean('auto').notNull(),
    doubts: jsonb('doubts').$type<string[]>().notNull().default([]),
    corrected: boolean('corrected').notNull().default(false),
    venueRfqId: bigint('venue_rfq_id', { mode: 'number' }).references(() => venueRfqs.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('private_run_quotes_message').on(t.userId, t.messageId, t.position),
    index('private_run_quotes_user').on(t.userId, t.receivedAt),
    index('private_run_quotes_live')
      .on(t.userId, t.receivedAt)
      .where(sql`${t.status} <> 'dismissed'`),
  ],
)

/**
 * How far each trader's chat event sequence has been read into their run by the sweep (decision
 * 265): messages the bus did not bring are read from the sequence after this number.
 */
export const privateRunCursors = pgTable('private_run_cursors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})
