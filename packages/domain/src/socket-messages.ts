// Messages of the trade socket `ws/trade/d/` (spec sections 4 and 7). The spec names the types
// but not their payloads; payloads carry the ids a client needs to refetch or patch its caches
// (docs/decisions/070-trade-socket.md).
import { z } from './schemas/runtime.ts'

/** Client → server: the first message, carrying the access token. */
export const socketAuthMessageSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
})
/** Client → server: keep-alive. */
export const socketPingMessageSchema = z.object({ type: z.literal('ping') })
/** Any message a client may send. */
export const socketClientMessageSchema = z.discriminatedUnion('type', [
  socketAuthMessageSchema,
  socketPingMessageSchema,
])
/** A message a client sends. */
export type SocketClientMessage = z.output<typeof socketClientMessageSchema>

/** Streamed message types of spec section 4. */
export const SOCKET_STREAM_TYPES = [
  'quotes_eoi',
  'quotes_cluster',
  'quotes_stream',
  'inquiries',
  'open_orders',
  'private_run',
  'consideration_update',
  'rfq_negotiation',
  'open_tickets',
] as const

/**
 * What a refresh message asks the client to reload; `network` (the client's partners, offline
 * records and desk members changed) is ours, the others the spec's.
 */
export const SOCKET_REFRESH_TARGETS = ['private_runs', 'public_runs', 'tickets', 'network'] as const

const payload = z.record(z.string(), z.unknown())

/** Server → client messages. */
export const socketServerMessageSchema = z.union([
  z.object({ type: z.enum(SOCKET_STREAM_TYPES), data: payload }),
  z.object({ type: z.literal('refresh'), target: z.enum(SOCKET_REFRESH_TARGETS) }),
  z.object({ type: z.literal('pong'), at: z.number() }),
  z.object({ type: z.literal('auth_ok'), user_id: z.string() }),
])
/** A message the server sends. */
export type SocketServerMessage =
  | { type: (typeof SOCKET_STREAM_TYPES)[number]; data: Record<string, unknown> }
  | { type: 'refresh'; target: (typeof SOCKET_REFRESH_TARGETS)[number] }
  | { type: 'pong'; at: number }
  | { type: 'auth_ok'; user_id: string }

/**
 * Server → client: several messages for one socket coalesced into one frame, in the order they
 * were published (the server sends at most one frame of stream messages per socket every
 * `SOCKET_BATCH_INTERVAL_MS`; see docs/decisions/070-trade-socket.md).
 */
export const socketBatchMessageSchema = z.object({
  type: z.literal('batch'),
  messages: z.array(socketServerMessageSchema).min(1),
})
/** Several server messages in one frame. */
export interface SocketBatchMessage {
  type: 'batch'
  messages: SocketServerMessage[]
}

/** Any frame the server sends: one message, or a batch of them. */
export const socketServerFrameSchema = z.union([
  socketServerMessageSchema,
  socketBatchMessageSchema,
])
/** A frame the server sends. */
export type SocketServerFrame = SocketServerMessage | SocketBatchMessage

/** The messages of a server frame, in order: the batch's messages, or the one message. */
export function socketFrameMessages(frame: SocketServerFrame): SocketServerMessage[] {
  return frame.type === 'batch' ? frame.messages : [frame]
}

/** Least time between two frames of stream messages to one socket; messages in between are batched. */
export const SOCKET_BATCH_INTERVAL_MS = 50

/** Close codes of the trade socket. */
export const SOCKET_CLOSE_CODES = {
  /** No auth message in time. */
  authTimeout: 4408,
  /** The token was refused. */
  unauthorized: 4401,
  /** Silent for longer than the offline threshold. */
  idle: 4000,
  /** A message that is not JSON or not a known type. */
  badMessage: 4400,
  /** More messages a second than a client sends (SOCKET_LIMITS). */
  rateLimited: 4429,
  /** The user (or address) holds as many sockets as allowed. */
  tooManySockets: 4409,
  /** The reader falls behind: more output waiting than allowed. */
  backlog: 4413,
  /** The server is shutting down. */
  goingAway: 1001,
} as const
