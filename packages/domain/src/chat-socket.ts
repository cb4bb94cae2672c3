// The chat socket `/ws/chat/` (spec section 4, chat connection; docs/decisions/160): auth with a
// chat session token and the last sequence seen, then a per-user sequence of events, replayed from
// the server's store after a gap; sends acknowledged by reqId; ephemeral receipts.
import { z } from './schemas/runtime.ts'
import { chatSendSchema } from './schemas/chat.ts'
import { chatMessageSchema } from './schemas/chat-views.ts'
import {
  CHAT_CHANNEL_REASONS,
  CHAT_REMOVED_REASONS,
  CHAT_SOCKET_ERRORS,
} from './socket-constants.ts'

const channelUrl = z.string().min(1).max(100)

/** Client → server: the first message: the chat session token and the last sequence seen. */
export const chatSocketAuthSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
  /** The last event sequence this client applied; absent on a fresh start (no replay). */
  last_seq: z.number().int().min(0).optional(),
})
/** Client → server: send a message (the same rules as the REST send, idempotent on reqId). */
export const chatSocketSendSchema = z.object({
  type: z.literal('send'),
  channelUrl,
  reqId: z.string(),
  message: z.string().optional(),
  customType: z.string().optional(),
})
/** Client → server: mark a channel read or delivered up to its last message. */
export const chatSocketMarkSchema = z.object({
  type: z.enum(['read', 'delivered']),
  channelUrl,
})
/** Any message a chat client sends. */
export const chatSocketClientMessageSchema = z.union([
  chatSocketAuthSchema,
  z.object({ type: z.literal('ping') }),
  chatSocketSendSchema,
  chatSocketMarkSchema,
])
/** A message a chat client sends. */
export type ChatSocketClientMessage = z.output<typeof chatSocketClientMessageSchema>

/** The body of a socket send, checked with the REST send's schema. */
export const chatSocketSendBody = (message: z.output<typeof chatSocketSendSchema>) =>
  chatSendSchema.safeParse({
    reqId: message.reqId,
    ...(message.message !== undefined ? { message: message.message } : {}),
    ...(message.customType !== undefined ? { customType: message.customType } : {}),
  })

/** One event of a user's sequence. */
export const chatEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), channelUrl, message: chatMessageSchema }),
  z.object({
    kind: z.literal('channel'),
    channelUrl,
    reason: z.enum(CHAT_CHANNEL_REASONS),
    /** The members the change is about (joined, left, banned, made operators…). */
    userIds: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('channel_removed'),
    channelUrl,
    reason: z.enum(CHAT_REMOVED_REASONS),
  }),
  /** The user read the channel on some device: unread count 0 up to messageId. */
  z.object({ kind: z.literal('read'), channelUrl, messageId: z.number().int(), at: z.number() }),
])
/** A chat event. */
export type ChatEvent = z.output<typeof chatEventSchema>

/** An event with its place in the user's sequence (1, 2, 3… with no gaps). */
export const chatSequencedEventSchema = z.object({
  seq: z.number().int().min(1),
  event: chatEventSchema,
})
/** A sequenced chat event. */
export type ChatSequencedEvent = z.output<typeof chatSequencedEventSchema>

/** Server → client frames of the chat socket (pages check with `isChatSocketServerMessage`). */
export const chatSocketServerMessageSchema = z.discriminatedUnion('type', [
  /** Authenticated: `seq` is the latest event now; `resync` means reload (the gap cannot be replayed). */
  z.object({
    type: z.literal('auth_ok'),
    userId: z.string(),
    seq: z.number().int(),
    resync: z.boolean(),
  }),
  /** Events in sequence order (a replayed gap comes in frames of up to 500). */
  z.object({ type: z.literal('events'), items: z.array(chatSequencedEventSchema) }),
  /** Someone else read or received a channel's messages up to messageId (not sequenced). */
  z.object({
    type: z.literal('receipt'),
    channelUrl,
    userId: z.string(),
    kind: z.enum(['read', 'delivered']),
    messageId: z.number().int(),
    at: z.number(),
  }),
  z.object({ type: z.literal('ack'), reqId: z.string(), message: chatMessageSchema }),
  z.object({
    type: z.literal('nack'),
    reqId: z.string(),
    status: z.number().int(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  z.object({ type: z.literal('pong'), at: z.number() }),
  z.object({ type: z.literal('error'), code: z.enum(CHAT_SOCKET_ERRORS), message: z.string() }),
])
/** A frame the chat socket sends. */
export type ChatSocketServerMessage = z.output<typeof chatSocketServerMessageSchema>
