// Messages of the trade socket `ws/trade/d/` (spec sections 4 and 7). The spec names the types
// but not their payloads; payloads carry the ids a client needs to refetch or patch its caches
// (docs/decisions/070-trade-socket.md).
import { z } from './schemas/runtime.ts'
import { SOCKET_REFRESH_TARGETS, SOCKET_STREAM_TYPES } from './socket-constants.ts'

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

const payload = z.record(z.string(), z.unknown())

/** Server → client messages. */
export const socketServerMessageSchema = z.union([
  z.object({ type: z.enum(SOCKET_STREAM_TYPES), data: payload }),
  z.object({ type: z.literal('refresh'), target: z.enum(SOCKET_REFRESH_TARGETS) }),
  z.object({ type: z.literal('pong'), at: z.number() }),
  z.object({ type: z.literal('auth_ok'), user_id: z.string() }),
])
/**
 * Server → client: several messages for one socket coalesced into one frame, in the order they
 * were published (the server sends at most one frame of stream messages per socket every
 * `SOCKET_BATCH_INTERVAL_MS`; see docs/decisions/070-trade-socket.md).
 */
export const socketBatchMessageSchema = z.object({
  type: z.literal('batch'),
  messages: z.array(socketServerMessageSchema).min(1),
})
/** Any frame the server sends: one message, or a batch of them (pages check with `isSocketServerFrame`). */
export const socketServerFrameSchema = z.union([
  socketServerMessageSchema,
  socketBatchMessageSchema,
])
