// The database schema (drizzle). Migrations in apps/api/drizzle are generated from it.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
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
    /** The maturity's year, also where only the year is known (old loans named "GS 2022"). */
    maturityYear: smallint('maturity_year'),
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
    /** Last yield disclosed for the bond (fraction), and its date; null when none is known. */
    indicativeYield: doublePrecision('indicative_yield'),
    indicativeYieldAsOf: date('indicative_yield_as_of', { mode: 'string' }),
    calls: jsonb('calls').$type<{ date: string; price: number }[]>().notNull().default([]),
    puts: jsonb('puts').$type<{ date: string; price: number }[]>().notNull().default([]),
    nsdlStatus: text('nsdl_status'),
    source: text('source').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // fastupdate off: the index changes only when the universe is imported, and a search must
    // never scan a pending list of unmerged entries (about 40 % more work per search after one).
    index('finstruments_search_trgm')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
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

/**
 * Append-only audit trail: who did what, when, from where. A trigger refuses updates and deletes,
 * and another chains each entry to the one before (`hash` covers `prev_hash` and the entry), so
 * an edit made behind the trigger's back shows (decision 222).
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorUserId: text('actor_user_id'),
  action: text('action').notNull(),
  ip: text('ip'),
  detail: jsonb('detail'),
  /** The previous entry's hash (null for the first chained entry). Set by the database. */
  prevHash: text('prev_hash'),
  /** SHA-256 of prev_hash and this entry. Set by the database. */
  hash: text('hash'),
})

/** A client: the firm (or individual) users belong to. */
export const clients = pgTable('clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  clientType: text('client_type').notNull(),
  tier: text('tier').notNull().default('BASIC'),
  isBroker: boolean('is_broker').notNull().default(false),
  hasBrokers: boolean('has_brokers').notNull().default(false),
  tradesOnBooks: boolean('trades_on_books').notNull().default(false),
  pan: text('pan'),
  allowedExchanges: jsonb('allowed_exchanges').$type<string[]>().notNull().default([]),
  allowedReportingExchanges: jsonb('allowed_reporting_exchanges')
    .$type<string[]>()
    .notNull()
    .default([]),
  rfqExchanges: jsonb('rfq_exchanges').$type<string[]>().notNull().default([]),
  stpExchanges: jsonb('stp_exchanges').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A person who signs in; belongs to one client. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull().unique(),
    mobile: text('mobile').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    isStaff: boolean('is_staff').notNull().default(false),
    hasAcceptedChatTerms: boolean('has_accepted_chat_terms').notNull().default(false),
    securityPreferences: jsonb('security_preferences')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    failedSignIns: smallint('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_client').on(t.clientId), index('users_mobile').on(t.mobile)],
)

/** A signed-in session: one refresh-token family. Revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/** Refresh tokens by hash; each is spent once (rotation), reuse revokes the session. */
export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => sessions.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  spentAt: timestamp('spent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One-time passwords by target (e-mail or mobile) and mode; only a hash is stored. */
export const otps = pgTable(
  'otps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    target: text('target').notNull(),
    mode: text('mode').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otps_target').on(t.target, t.mode)],
)

/** Single-use password-reset tokens by hash. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Invitations to join a client: invited → validated (registered) or revoked. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('invited'),
    invitedBy: text('invited_by').references(() => users.id),
    userId: text('user_id').references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_client').on(t.clientId)],
)

/** Messages to deliver (OTPs, reset links, invitations): stored, logged, sent by SMTP if set. */
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
})

/**
 * Domain events stored before the bus carries them (decision 256): a relay publishes them in id
 * order, so a bus outage delays an event, never loses it; published ones are kept a while for
 * instances that lost the bus to read again.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('event_outbox_unpublished')
      .on(t.id)
      .where(sql`${t.publishedAt} is null`),
    index('event_outbox_published_at').on(t.publishedAt),
  ],
)

/** Exchange clearing credentials of a client; the password is encrypted at rest (AES-256-GCM). */
export const exchangeCredentials = pgTable(
  'exchange_credentials',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    corp: text('corp').notNull(),
    participantCode: text('participant_code').notNull(),
    username: text('username').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    updatedBy: text('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.corp] })],
)

/** Support and access-request tickets (the embedded helpdesk). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketTypeId: smallint('ticket_type_id').notNull(),
    providerTypeId: smallint('provider_type_id').notNull(),
    userId: text('user_id').references(() => users.id),
    contacts: jsonb('contacts').notNull().default([]),
    attributes: jsonb('attributes').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the helpdesk closed the ticket; open while null. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The firm of the user who filed it (its Ops Admin lists it); null when signed out. */
    clientId: text('client_id').references(() => clients.id),
    /** URLs of the files uploaded for it (`ext/public/upload/`), e.g. a report's screenshot. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    /** The helpdesk it was handed to: `embedded` (this table) or the external one's name. */
    helpdesk: text('helpdesk').notNull().default('embedded'),
    /** The external helpdesk's id of the ticket, once forwarded. */
    externalId: text('external_id'),
    /** Why forwarding failed, when it did (the ticket stays stored). */
    forwardError: text('forward_error'),
  },
  (t) => [
    // One open access request per user and feature (its form type): decision 086.
    uniqueIndex('support_tickets_open_access_request')
      .on(t.userId, t.ticketTypeId, sql`(${t.attributes} ->> 'form_type')`)
      .where(sql`${t.closedAt} IS NULL AND ${t.ticketTypeId} = 4 AND ${t.userId} IS NOT NULL`),
    index('support_tickets_client').on(t.clientId, t.createdAt),
  ],
)

/** Files uploaded for support tickets (`POST ext/public/upload/`); bytes in the file store. */
export const supportUploads = pgTable('support_uploads', {
  /** `<uuid>.<ext>`: the file store's key under `support/` and the URL's last segment. */
  name: text('name').primaryKey(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  /** Who uploaded it; null when signed out. */
  userId: text('user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Errors the apps reported, with the user context of spec section 3 when signed in. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id),
    userName: text('user_name'),
    clientName: text('client_name'),
    url: text('url').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    componentStack: text('component_stack'),
    source: text('source').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_errors_created').on(t.createdAt)],
)

/** The information memorandum of a bond: one file per bond in the file store (replaced on upload). */
export const informationMemoranda = pgTable('information_memoranda', {
  finstrumentId: text('finstrument_id')
    .primaryKey()
    .references(() => finstruments.id),
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull().default('application/pdf'),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  /** The firm that uploaded it: only it (or the product's staff) may replace it. Null: unowned. */
  clientId: text('client_id').references(() => clients.id),
})

/** Every memorandum ever stored for a bond, the current one included: replacing keeps the old. */
export const informationMemorandumVersions = pgTable(
  'information_memorandum_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id),
    clientId: text('client_id').references(() => clients.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('information_memorandum_versions_bond').on(t.finstrumentId, t.uploadedAt)],
)

/** Trades of a bond the platform knows (booked or reported); later issues insert them. */
export const trades = pgTable(
  'trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    tradedAt: timestamp('traded_at', { withTimezone: true }).notNull(),
    cleanPrice: doublePrecision('clean_price').notNull(),
    bondYield: doublePrecision('bond_yield'),
    /** Units traded. */
    quantity: doublePrecision('quantity').notNull(),
    /** Face value traded in rupees (units × face value per unit). */
    faceValue: doublePrecision('face_value').notNull(),
    /** NSE_RFQ, BSE_RFQ, OTC… */
    venue: text('venue').notNull(),
    /** Where the record came from (booked on the platform, an exchange report…). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trades_finstrument_time').on(t.finstrumentId, t.tradedAt)],
)

/** Credit-rating rationales of a bond as published by the agencies. */
export const creditRationales = pgTable(
  'credit_rationales',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    agency: text('agency').notNull(),
    rating: text('rating').notNull(),
    ratedOn: date('rated_on', { mode: 'string' }).notNull(),
    summary: text('summary').notNull(),
    sourceUrl: text('source_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_rationales_finstrument').on(t.finstrumentId, t.ratedOn)],
)

/**
 * Expressions of interest: quotes to buy (BID) or sell (ASK) a bond for a quantum of face value,
 * live until they expire, are closed or expired by their owner (docs/decisions/120).
 */
export const eois = pgTable(
  'eois',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    quoteType: text('quote_type').notNull(),
    /** Rupees of face value. */
    quantum: doublePrecision('quantum').notNull(),
    /** Clean price per ₹100, 4 decimals. */
    unitPrice: doublePrecision('unit_price').notNull(),
    /** Fraction, 6 decimals; null for a bond that cannot be priced. */
    bondYield: doublePrecision('bond_yield'),
    fixedField: text('fixed_field').notNull(),
    priceOverridden: boolean('price_overridden').notNull().default(false),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    settlementDelta: smallint('settlement_delta'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** DEFAULT, RESPONDED, CLOSED or EXPIRED. */
    state: text('state').notNull().default('DEFAULT'),
    source: text('source').notNull(),
    /** The EOI this one answers (a response is never shown in depth). */
    respondEoiId: bigint('respond_eoi_id', { mode: 'number' }),
    /** The EOI this one replaced (closed when this one was made). */
    replaces: bigint('replaces', { mode: 'number' }),
    /** The rest of the create payload, kept as sent (broker, end client, RFQ choices…). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('eois_book').on(t.finstrumentId, t.quoteType, t.state, t.expiresAt),
    index('eois_client').on(t.clientId, t.createdAt),
    // The expiry sweep's scan: live quotes by expiry (decision 261).
    index('eois_expiry').on(t.state, t.expiresAt),
  ],
)

/**
 * Clusters: a buyer's and a seller's EOI on one bond, negotiated together (and facilitated by a
 * broker when one stands between them).
 */
export const clusters = pgTable(
  'clusters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    buyerEoiId: bigint('buyer_eoi_id', { mode: 'number' })
      .notNull()
      .references(() => eois.id),
    sellerEoiId: bigint('seller_eoi_id', { mode: 'number' })
      .notNull()
      .references(() => eois.id),
    buyerClientId: text('buyer_client_id')
      .notNull()
      .references(() => clients.id),
    sellerClientId: text('seller_client_id')
      .notNull()
      .references(() => clients.id),
    facilitatorClientId: text('facilitator_client_id').references(() => clients.id),
    /** Rupees of face value. */
    quantity: doublePrecision('quantity').notNull(),
    buyerPrice: doublePrecision('buyer_price').notNull(),
    sellerPrice: doublePrecision('seller_price').notNull(),
    sellerSpread: doublePrecision('seller_spread').notNull().default(0),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    /** OPEN, CLOSED, or DEALT once both parties accepted. */
    state: text('state').notNull().default('OPEN'),
    updatedBy: text('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the buyer's and the seller's traders accepted the cluster (decision 262). */
    buyerAcceptedAt: timestamp('buyer_accepted_at', { withTimezone: true }),
    sellerAcceptedAt: timestamp('seller_accepted_at', { withTimezone: true }),
    /** The exchange each side chose to execute on (one of its firm's RFQ exchanges). */
    buyerExchange: text('buyer_exchange'),
    sellerExchange: text('seller_exchange'),
  },
  (t) => [
    index('clusters_buyer').on(t.buyerClientId, t.state),
    index('clusters_seller').on(t.sellerClientId, t.state),
    index('clusters_facilitator').on(t.facilitatorClientId, t.state),
    index('clusters_eois').on(t.buyerEoiId, t.sellerEoiId),
  ],
)

/**
 * RFQ negotiations (decision 261): a counterparty firm's counter-quote thread on one EOI. Its
 * first counter makes the counterparty's opposing quote (`counter_eoi_id`), kept at its latest
 * counter; the quote's owner counters back or accepts (a deal) or closes it.
 */
export const rfqNegotiations = pgTable(
  'rfq_negotiations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eoiId: bigint('eoi_id', { mode: 'number' })
      .notNull()
      .references(() => eois.id),
    counterEoiId: bigint('counter_eoi_id', { mode: 'number' })
      .notNull()
      .references(() => eois.id),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    ownerClientId: text('owner_client_id')
      .notNull()
      .references(() => clients.id),
    counterpartyClientId: text('counterparty_client_id')
      .notNull()
      .references(() => clients.id),
    /** OPEN, DEALT, CLOSED or EXPIRED. */
    state: text('state').notNull().default('OPEN'),
    dealPrice: doublePrecision('deal_price'),
    dealYield: doublePrecision('deal_yield'),
    dealQuantum: doublePrecision('deal_quantum'),
    brokerClientId: text('broker_client_id').references(() => clients.id),
    dealtAt: timestamp('dealt_at', { withTimezone: true }),
    closedBy: text('closed_by').references(() => users.id),
    /** The ticket a deal became, in the deal's own transaction (decision 328). */
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => tradeTickets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rfq_negotiations_ticket').on(t.ticketId),
    uniqueIndex('rfq_negotiations_open')
      .on(t.eoiId, t.counterpartyClientId)
      .where(sql`${t.state} = 'OPEN'`),
    index('rfq_negotiations_owner').on(t.ownerClientId, t.state),
    index('rfq_negotiations_counterparty').on(t.counterpartyClientId, t.state),
  ],
)

/** One counter-quote of a negotiation, by either side, in the order they were made. */
export const rfqNegotiationEntries = pgTable(
  'rfq_negotiation_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    negotiationId: bigint('negotiation_id', { mode: 'number' })
      .notNull()
      .references(() => rfqNegotiations.id),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Rupees of face value. */
    quantum: doublePrecision('quantum').notNull(),
    unitPrice: doublePrecision('unit_price').notNull(),
    bondYield: doublePrecision('bond_yield'),
    fixedField: text('fixed_field').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfq_negotiation_entries_thread').on(t.negotiationId, t.id)],
)

/**
 * A client's network: the firms on the platform it has added as partners (one way: each firm
 * keeps its own list; docs/decisions/151).
 */
export const networkPartners = pgTable(
  'network_partners',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    partnerClientId: text('partner_client_id')
      .notNull()
      .references(() => clients.id),
    addedBy: text('added_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.partnerClientId] }),
    index('network_partners_partner').on(t.partnerClientId),
  ],
)

/** Counterparties not on the platform that a client records by name, codes and contact. */
export const offlineRecords = pgTable(
  'offline_records',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    nscclCode: text('nsccl_code'),
    icclCode: text('iccl_code'),
    contactName: text('contact_name'),
    email: text('email'),
    mobile: text('mobile'),
    createdBy: text('created_by').references(() => users.id),
    updatedBy: text('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('offline_records_client_name').on(t.clientId, sql`lower(${t.name})`)],
)

/**
 * A desk member's standing in the network: an inactive member is hidden from counterparties and
 * acts for no one (docs/decisions/154). No row means active.
 */
export const networkMembers = pgTable('network_members', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  isActive: boolean('is_active').notNull().default(true),
  updatedBy: text('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Custodians a trade can settle through: the custodians registered with SEBI (reference data,
 * decision 221), shown as {client_id, name} by `GET api/client/search-custodians/`.
 */
export const custodians = pgTable('custodians', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
})

/** One broker on a ticket and the side it acts for. */
export interface TicketBroker {
  buy_or_sell: 'buy' | 'sell'
  user_id: string
}

/**
 * A trade ticket and, once its consideration is accepted, the order (decisions 220, 221): the
 * terms two firms agreed, the consideration computed from them, the report to the clearing
 * corporation and the settlement.
 */
export const tradeTickets = pgTable(
  'trade_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    state: text('state').notNull(),
    /** Bumped by every change: an action naming an older one is refused. */
    version: integer('version').notNull().default(1),
    finstrumentId: text('finstrument_id')
      .notNull()
      .references(() => finstruments.id),
    initiatorClientId: text('initiator_client_id')
      .notNull()
      .references(() => clients.id),
    initiatorUserId: text('initiator_user_id')
      .notNull()
      .references(() => users.id),
    counterpartyClientId: text('counterparty_client_id')
      .notNull()
      .references(() => clients.id),
    counterpartyUserId: text('counterparty_user_id').references(() => users.id),
    /** buy or sell: the initiator's side. */
    initiatorSide: text('initiator_side').notNull(),
    /** Rupees of face value. */
    quantum: bigint('quantum', { mode: 'number' }).notNull(),
    cleanPrice: doublePrecision('clean_price').notNull(),
    /** Fraction; null for a bond that cannot be priced. */
    bondYield: doublePrecision('bond_yield'),
    fixedField: text('fixed_field').notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    /** HH:MM on India's clock. */
    tradeTime: text('trade_time').notNull(),
    tradedAt: timestamp('traded_at', { withTimezone: true }).notNull(),
    /** NSE (NSE Clearing) or BSE (ICCL). */
    exchange: text('exchange').notNull(),
    accruedPer100: doublePrecision('accrued_per_100').notNull(),
    principalPaise: bigint('principal_paise', { mode: 'number' }).notNull(),
    accruedPaise: bigint('accrued_paise', { mode: 'number' }).notNull(),
    considerationPaise: bigint('consideration_paise', { mode: 'number' }).notNull(),
    stampDutyPaise: bigint('stamp_duty_paise', { mode: 'number' }).notNull(),
    brokeragePaise: bigint('brokerage_paise', { mode: 'number' }).notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /** The accepting side's custodian. */
    custodianId: text('custodian_id').references(() => custodians.id),
    initiatorCustodianId: text('initiator_custodian_id').references(() => custodians.id),
    channelUrl: text('channel_url'),
    messageId: bigint('message_id', { mode: 'number' }),
    quoteText: text('quote_text'),
    brokerDetails: jsonb('broker_details').$type<TicketBroker[]>().notNull().default([]),
    sellerClientId: text('seller_client_id').references(() => clients.id),
    /** not_reported, confirmed or rejected. */
    reportStatus: text('report_status').notNull().default('not_reported'),
    reportReference: text('report_reference'),
    reportReason: text('report_reason'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    reportDueAt: timestamp('report_due_at', { withTimezone: true }).notNull(),
    /** When the desk and compliance were told the deal was not reported in time. */
    overdueFlaggedAt: timestamp('overdue_flagged_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One ticket per firm per chat message (a second POST answers the first ticket: 200).
    uniqueIndex('trade_tickets_from_message')
      .on(t.initiatorClientId, t.channelUrl, t.messageId)
      .where(sql`${t.messageId} IS NOT NULL`),
    index('trade_tickets_initiator').on(t.initiatorClientId, t.updatedAt),
    index('trade_tickets_counterparty').on(t.counterpartyClientId, t.updatedAt),
    index('trade_tickets_due')
      .on(t.reportDueAt)
      .where(sql`${t.reportStatus} <> 'confirmed'`),
  ],
)

/** A ticket's timeline: every change, who made it and what it changed. */
export const tradeTicketEvents = pgTable(
  'trade_ticket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tradeTickets.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the system (the clearing corporation, the settlement run). */
    actorUserId: text('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    detail: text('detail'),
  },
  (t) => [index('trade_ticket_events_ticket').on(t.ticketId, t.at)],
)

/** Answers to writes sent with an Idempotency-Key: a repeat answers the same, doing nothing. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** METHOD and path the key was first used for. */
    request: text('request').notNull(),
    /** Null while the first request runs. */
    status: smallint('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

/** An analyst answer's stored parts (mind, decision 246): the typed result and its evidence. */
export interface MindAnswerData {
  result: { kind: string; value: string | string[] | number | null; unit?: string }
  bonds: { id: string; isin: string; name: string }[]
  table?: { columns: string[]; rows: (string | number | null)[][] }
  chart?: {
    title: string
    yLabel: string
    points: { x: number; y: number; id: string; name: string }[]
  }
}

/** mind's chats: a Market Researcher's conversations, and how each is shared (decision 246). */
export const mindChats = pgTable(
  'mind_chats',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The unguessable id of /mind/public/{id}; null when not shared (or revoked). */
    publicId: text('public_id').unique(),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mind_chats_user').on(t.userId, t.updatedAt)],
)

/** The messages of mind's chats, in order: questions and the analyst's answers. */
export const mindMessages = pgTable(
  'mind_messages',
  {
    id: text('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => mindChats.id, { onDelete: 'cascade' }),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** 'user' or 'analyst'. */
    role: text('role').notNull(),
    text: text('text').notNull(),
    answer: jsonb('answer').$type<MindAnswerData>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mind_messages_chat').on(t.chatId, t.seq)],
)
