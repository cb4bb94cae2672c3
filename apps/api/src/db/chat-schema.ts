// The chat service's tables (docs/decisions/160-chat-service.md); owned by the chat module.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './schema.ts'

/** What a channel's `data` JSON holds (spec section 3). */
export interface ChatChannelData {
  /** "broadcast" when a broadcast list's fan-out created the channel. */
  created_from?: string
  /** When a message was last sent in the direct channel itself (not by a broadcast), seconds. */
  last_direct_message_at?: number
  /** A channel mirrored from Sendbird (its webhooks): Sendbird's channel url. */
  sendbird_channel_url?: string
}

/** A link preview (spec section 3's ogMetaData). */
export interface ChatLinkPreview {
  url: string
  title?: string
  description?: string
}

/** Chat channels: direct (distinct per pair), group, trading group, broadcast list. */
export const chatChannels = pgTable(
  'chat_channels',
  {
    url: text('url').primaryKey(),
    customType: text('custom_type').notNull(),
    name: text('name').notNull().default('Group Channel'),
    isDistinct: boolean('is_distinct').notNull().default(false),
    /** The sorted user pair of a direct channel: one channel per pair. */
    distinctKey: text('distinct_key').unique(),
    creatorId: text('creator_id').references(() => users.id),
    data: jsonb('data').$type<ChatChannelData>().notNull().default({}),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** The WhatsApp number (E.164 digits) a linked channel talks to (decision 279). */
    whatsappNumber: text('whatsapp_number').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_channels_activity').on(sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`)],
)

/**
 * Members of a channel: joined or invited (a broadcast list's recipients are `recipient`, seen
 * only by its creator), with their role, invitation and read and delivered receipts.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    channelUrl: text('channel_url')
      .notNull()
      .references(() => chatChannels.url),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** operator (the channel's admin) or none. */
    role: text('role').notNull().default('none'),
    /** joined, invited or recipient. */
    state: text('state').notNull(),
    inviterId: text('inviter_id').references(() => users.id),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastDeliveredMessageId: bigint('last_delivered_message_id', { mode: 'number' })
      .notNull()
      .default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelUrl, t.userId] }),
    index('chat_members_user').on(t.userId, t.state),
  ],
)

/** Users banned from a channel: removed, and not to be invited again until unbanned. */
export const chatBans = pgTable(
  'chat_bans',
  {
    channelUrl: text('channel_url')
      .notNull()
      .references(() => chatChannels.url),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    bannedBy: text('banned_by').references(() => users.id),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelUrl, t.userId] })],
)

/** Files sent in chat: bytes in the file store, the type from the whitelist. */
export const chatFiles = pgTable('chat_files', {
  id: text('id').primaryKey(),
  channelUrl: text('channel_url')
    .notNull()
    .references(() => chatChannels.url),
  /** Null for media a WhatsApp user sent (decision 334). */
  uploaderId: text('uploader_id').references(() => users.id),
  fileKey: text('file_key').notNull(),
  name: text('name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Messages: user, admin or file. A sender's reqId is unique (idempotent sends); `recipient_id`
 * limits a notice to one member (a declined invitation to its inviter); a broadcast's copies in
 * direct channels name their origin.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelUrl: text('channel_url')
      .notNull()
      .references(() => chatChannels.url),
    senderId: text('sender_id').references(() => users.id),
    recipientId: text('recipient_id').references(() => users.id),
    messageType: text('message_type').notNull(),
    message: text('message').notNull().default(''),
    customType: text('custom_type').notNull().default(''),
    data: text('data').notNull().default(''),
    reqId: text('req_id'),
    fileId: text('file_id').references(() => chatFiles.id),
    originMessageId: bigint('origin_message_id', { mode: 'number' }),
    /** The first link's preview, fetched on the server (decision 276); null when none. */
    ogMetaData: jsonb('og_meta_data').$type<ChatLinkPreview>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_channel').on(t.channelUrl, t.id),
    index('chat_messages_sender_time').on(t.senderId, t.createdAt),
    index('chat_messages_channel_time').on(t.channelUrl, t.createdAt),
    uniqueIndex('chat_messages_sender_req').on(t.senderId, t.reqId),
  ],
)

/** Each user's event sequence: the last number given (1, 2, 3… with no gaps). */
export const chatSequences = pgTable('chat_sequences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
})

/** Each user's events in sequence: what a reconnecting client replays. */
export const chatEvents = pgTable(
  'chat_events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('chat_events_time').on(t.createdAt)],
)

/**
 * Chat session tokens of the local service (only a hash kept), tied to the sign-in session that
 * asked for them: signing out or removing the chat session ends them.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    authSessionId: text('auth_session_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_user').on(t.userId, t.authSessionId)],
)

/** When a user's chat socket was last heard from (members' connectionStatus). */
export const chatPresence = pgTable('chat_presence', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
})

/**
 * Media a WhatsApp user sent, waiting to be fetched (decision 362): the webhook records it and
 * answers; a job fetches it (retried with backoff) and posts it, deleting the row in the same
 * transaction. `next_at` is when it is due (pushed forward while an attempt runs, so an instance
 * that stops mid-fetch leaves it to the next one).
 */
export const chatWhatsappFetches = pgTable(
  'chat_whatsapp_fetches',
  {
    /** Meta's message id (`wamid…`): one job per message, whatever Meta retries. */
    messageId: text('message_id').primaryKey(),
    channelUrl: text('channel_url')
      .notNull()
      .references(() => chatChannels.url, { onDelete: 'cascade' }),
    from: text('from').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    mediaId: text('media_id').notNull(),
    /** The webhook's SHA-256 of the bytes (base64 or hex), compared after the download. */
    sha256: text('sha256'),
    caption: text('caption'),
    fileName: text('file_name'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_whatsapp_fetches_due').on(t.nextAt)],
)
