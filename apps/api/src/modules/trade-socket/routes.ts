// The trade socket `GET /ws/trade/d/`: authenticate within a few seconds, then receive every bus
// event addressed to this user or client, coalesced to at most one frame per socket per interval;
// ping/pong keeps it alive; silence drops it.
import {
  SOCKET_BATCH_INTERVAL_MS,
  SOCKET_CLOSE_CODES,
  SOCKET_OFFLINE_THRESHOLD_MS,
  SOCKET_CONNECT_TIMEOUT_MS,
  socketClientMessageSchema,
  type SocketServerMessage,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import { isForSocket, type Audience, type EventBus } from '../../events/bus.ts'
import { endsSocket, type SessionBus } from '../../events/sessions.ts'
import { createCoalescer, type Outbox } from './coalescer.ts'
import type { SocketIdentity } from './test-token.ts'
import { frameWriter } from './wire.ts'

/** Timings of the socket (tests shorten them). */
export interface SocketTimings {
  /** Time to send the auth message. */
  authTimeoutMs: number
  /** Silence after which the socket is dropped. */
  idleTimeoutMs: number
  /** How often idleness is checked. */
  sweepIntervalMs: number
  /** Least time between two frames of stream messages to one socket (0: no coalescing). */
  batchIntervalMs: number
}

/** Defaults from spec section 9: 4 s to authenticate, 30 s of silence. */
export const DEFAULT_SOCKET_TIMINGS: SocketTimings = {
  authTimeoutMs: SOCKET_CONNECT_TIMEOUT_MS,
  idleTimeoutMs: SOCKET_OFFLINE_THRESHOLD_MS,
  sweepIntervalMs: 5_000,
  batchIntervalMs: SOCKET_BATCH_INTERVAL_MS,
}

/** What one socket, user and address may hold (tests lower them). */
export interface SocketLimits {
  /** Messages a socket may send in one second (ping and auth are a few a minute). */
  messagesPerSecond: number
  /** Bytes waiting to be sent to a reader that has stopped reading, before it is dropped. */
  maxBufferedBytes: number
  /** Open sockets per signed-in user (tabs and devices). */
  socketsPerUser: number
  /** Open sockets per address (a whole office behind one NAT). */
  socketsPerAddress: number
}

/** Generous for a person, tight for a script: see SocketLimits. */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  messagesPerSecond: 20,
  maxBufferedBytes: 1024 * 1024,
  socketsPerUser: 10,
  socketsPerAddress: 200,
}

/** The part of a socket a frame is sent through. */
type FrameSink = Pick<WebSocket, 'readyState' | 'OPEN' | 'bufferedAmount' | 'send' | 'close'>

/**
 * Send a frame, unless the reader has stopped reading: with more than `maxBuffered` bytes already
 * waiting, the socket is closed (4413) before its backlog grows without bound; the client
 * reconnects and reloads what it shows.
 */
export function sendOrDrop<T extends Buffer | string>(
  socket: FrameSink,
  frame: T,
  maxBuffered: number,
  write: (frame: T) => void = (f) => socket.send(f, { binary: false }),
): boolean {
  if (socket.readyState !== socket.OPEN) return false
  if (socket.bufferedAmount > maxBuffered) {
    socket.close(SOCKET_CLOSE_CODES.backlog, 'reader too slow')
    return false
  }
  write(frame)
  return true
}

/** Options of the trade socket. */
export interface TradeSocketOptions {
  bus: EventBus
  verifyToken: (token: string) => Promise<SocketIdentity | null>
  /** Ended sign-in sessions: their sockets close (4401) at once, on every instance. */
  sessions?: Pick<SessionBus, 'subscribe'>
  timings?: Partial<SocketTimings>
  limits?: Partial<SocketLimits>
}

interface Connection {
  socket: WebSocket
  identity: SocketIdentity | null
  address: string
  lastSeen: number
  /** Messages received in the current second, and when that second began. */
  received: { count: number; since: number }
  /** Stream messages on their way to this socket. */
  outbox: Outbox
}

const MAX_MESSAGE_BYTES = 8 * 1024

/** Bytes of a received frame (a buffer, or its fragments). */
function byteLength(raw: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(raw)) return raw.reduce((sum, part) => sum + part.length, 0)
  return raw.byteLength
}

/** Register `GET /ws/trade/d/` and the bus subscription that feeds it. */
export async function tradeSocketRoutes(
  app: FastifyInstance,
  options: TradeSocketOptions,
): Promise<void> {
  const timings = { ...DEFAULT_SOCKET_TIMINGS, ...options.timings }
  const limits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits }
  const connections = new Set<Connection>()
  const countWhere = (match: (connection: Connection) => boolean) => {
    let n = 0
    for (const connection of connections) if (match(connection)) n += 1
    return n
  }

  const coalescer = createCoalescer(timings.batchIntervalMs)

  /** Control messages (auth_ok, pong) go at once, never batched. */
  const send = (connection: Connection, message: SocketServerMessage) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(message))
  }

  // The sockets of each broad audience (everyone, or everyone holding a permission: the market's
  // quotes), found once and kept until a socket signs in or closes; narrow audiences (users,
  // clients) are looked for each time.
  const broad = new Map<string, Connection[]>()
  const membersOf = (audience: Audience): Connection[] => {
    const find = () =>
      [...connections].filter((c) => c.identity !== null && isForSocket(audience, c.identity))
    if (audience.kind !== 'all' && audience.kind !== 'permission') return find()
    const key = audience.kind === 'all' ? '' : audience.permission
    let members = broad.get(key)
    if (!members) broad.set(key, (members = find()))
    return members
  }

  const unsubscribe = options.bus.subscribe((event) => {
    const members = membersOf(event.audience)
    if (members.length === 0) return
    // Serialised once, only if some socket here is in the audience.
    const prepared = coalescer.prepare(event.message)
    for (const connection of members) coalescer.deliver(connection.outbox, prepared)
  })

  // Sign-out, a password change or new roles: the sockets of those sessions close, and the client
  // refreshes (roles) or signs out (revoked) before it opens another.
  const stopSessions = options.sessions?.subscribe((end) => {
    for (const connection of connections) {
      if (connection.identity && endsSocket(end, connection.identity)) {
        connection.socket.close(SOCKET_CLOSE_CODES.unauthorized, 'session ended')
      }
    }
  })

  const sweep = setInterval(() => {
    const now = Date.now()
    for (const connection of connections) {
      if (now - connection.lastSeen > timings.idleTimeoutMs) {
        connection.socket.close(SOCKET_CLOSE_CODES.idle, 'idle')
      }
    }
  }, timings.sweepIntervalMs)
  sweep.unref()

  app.addHook('onClose', async () => {
    clearInterval(sweep)
    unsubscribe()
    stopSessions?.()
    coalescer.close()
  })

  // access: public to connect; the first message must authenticate (token verified) or the socket
  // closes; later auth messages (after a token refresh) must verify as the same user.
  app.get(
    '/ws/trade/d/',
    {
      websocket: true,
      schema: {
        tags: ['trade socket'],
        summary: 'WebSocket: send {"type":"auth","token"} within 4 s, then receive typed messages',
      },
    },
    (socket, request) => {
      const write = frameWriter(socket)
      const connection: Connection = {
        socket,
        identity: null,
        address: request.ip,
        lastSeen: Date.now(),
        received: { count: 0, since: Date.now() },
        outbox: coalescer.outbox((frame) =>
          sendOrDrop(socket, frame, limits.maxBufferedBytes, write),
        ),
      }
      if (countWhere((other) => other.address === connection.address) >= limits.socketsPerAddress) {
        coalescer.drop(connection.outbox)
        socket.close(SOCKET_CLOSE_CODES.tooManySockets, 'too many sockets from this address')
        return
      }
      connections.add(connection)
      const authTimer = setTimeout(() => {
        if (!connection.identity) socket.close(SOCKET_CLOSE_CODES.authTimeout, 'auth timeout')
      }, timings.authTimeoutMs)

      socket.on('message', (raw, isBinary) => {
        const now = Date.now()
        connection.lastSeen = now
        if (now - connection.received.since >= 1000) connection.received = { count: 0, since: now }
        connection.received.count += 1
        if (connection.received.count > limits.messagesPerSecond) {
          socket.close(SOCKET_CLOSE_CODES.rateLimited, 'too many messages')
          return
        }
        if (byteLength(raw) > MAX_MESSAGE_BYTES) {
          socket.close(SOCKET_CLOSE_CODES.badMessage, 'message too big')
          return
        }
        let parsed: ReturnType<typeof socketClientMessageSchema.safeParse>
        try {
          parsed = socketClientMessageSchema.safeParse(isBinary ? null : JSON.parse(String(raw)))
        } catch {
          socket.close(SOCKET_CLOSE_CODES.badMessage, 'not JSON')
          return
        }
        if (!parsed.success) {
          socket.close(SOCKET_CLOSE_CODES.badMessage, 'unknown message')
          return
        }
        const message = parsed.data
        if (message.type === 'ping') {
          send(connection, { type: 'pong', at: Date.now() })
          return
        }
        // The first auth message opens the stream; the client sends another after each token
        // refresh, which keeps the socket's audience (client, roles) as the new token says. A
        // token that no longer verifies, or is another user's, ends the socket.
        options
          .verifyToken(message.token)
          .then((identity) => {
            if (!identity) {
              socket.close(SOCKET_CLOSE_CODES.unauthorized, 'unauthorized')
              return
            }
            if (connection.identity && connection.identity.userId !== identity.userId) {
              socket.close(SOCKET_CLOSE_CODES.unauthorized, 'another user')
              return
            }
            const sameUser = (other: Connection) =>
              other !== connection && other.identity?.userId === identity.userId
            if (!connection.identity && countWhere(sameUser) >= limits.socketsPerUser) {
              socket.close(SOCKET_CLOSE_CODES.tooManySockets, 'too many sockets for this user')
              return
            }
            clearTimeout(authTimer)
            connection.identity = identity
            broad.clear()
            send(connection, { type: 'auth_ok', user_id: identity.userId })
          })
          .catch(() => socket.close(SOCKET_CLOSE_CODES.unauthorized, 'unauthorized'))
      })
      const forget = () => {
        connections.delete(connection)
        broad.clear()
        coalescer.drop(connection.outbox)
      }
      socket.on('close', () => {
        clearTimeout(authTimer)
        forget()
      })
      socket.on('error', forget)
    },
  )
}
