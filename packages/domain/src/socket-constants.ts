// The two sockets' constants, message types and close codes (spec section 4; decisions 070, 160),
// apart from their zod schemas (socket-messages.ts, chat-socket.ts) so the browser's first load
// takes them, and the hand-written frame checks of socket-guards.ts, without zod (decision 342).

// ---- the trade socket `ws/trade/d/` ----

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

/** A message the server sends. */
export type SocketServerMessage =
  | { type: (typeof SOCKET_STREAM_TYPES)[number]; data: Record<string, unknown> }
  | { type: 'refresh'; target: (typeof SOCKET_REFRESH_TARGETS)[number] }
  | { type: 'pong'; at: number }
  | { type: 'auth_ok'; user_id: string }

/** Several server messages in one frame. */
export interface SocketBatchMessage {
  type: 'batch'
  messages: SocketServerMessage[]
}

/** A frame the server sends (checked by `socketServerFrameSchema`, and in pages by `isSocketServerFrame`). */
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

// ---- the chat socket `/ws/chat/` ----

/** Why a channel changed for a member: re-read it with `GET /api/chat/channels/{url}/`. */
export const CHAT_CHANNEL_REASONS = [
  'created',
  'invited',
  'member_joined',
  'member_invited',
  'member_left',
  'member_declined',
  'member_banned',
  'operators',
  'updated',
] as const

/** Why a channel left a user's list. */
export const CHAT_REMOVED_REASONS = ['left', 'banned', 'declined'] as const

/** Why the chat socket refused a connection (spec section 4 and 8's chat errors). */
export const CHAT_SOCKET_ERRORS = [
  'invalid_token',
  'token_expired',
  'session_revoked',
  'deactivated',
  'user_not_found',
  'terms_not_accepted',
] as const
/** A chat socket error code. */
export type ChatSocketError = (typeof CHAT_SOCKET_ERRORS)[number]

/** Close codes of the chat socket (the trade socket's, plus refusals by cause). */
export const CHAT_SOCKET_CLOSE_CODES = {
  authTimeout: 4408,
  /** invalid_token, token_expired, session_revoked: fetch a new session token. */
  unauthorized: 4401,
  /** deactivated, terms_not_accepted. */
  forbidden: 4403,
  /** user_not_found. */
  notFound: 4404,
  badMessage: 4400,
  idle: 4000,
  goingAway: 1001,
} as const
