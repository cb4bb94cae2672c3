// The chat socket `/ws/chat/` (spec section 4, chat connection; decision 160). The client sends
// {"type":"auth","token","last_seq"} within 4 s; the server answers auth_ok with the latest
// sequence, replays the events after last_seq from PostgreSQL, then streams new ones, each socket
// in sequence with no gaps or repeats (stream.ts). A ping is answered and also checks the store,
// so an event lost on the bus arrives within a ping. Sends are acknowledged by reqId.
import {
  CHAT_SOCKET_CLOSE_CODES as CLOSE,
  CHAT_SOCKET_PATH,
  chatSocketClientMessageSchema,
  chatSocketSendBody,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_OFFLINE_THRESHOLD_MS,
  type ChatSocketError,
  type ChatSocketServerMessage,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import type { Db } from '../../db/index.ts'
import type { AuthUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { Clock } from '../../server-module.ts'
import { authUserOf } from '../accounts/index.ts'
import type { ChatBus, ChatBusMessage } from './events.ts'
import { canReplayFrom, eventsAfter, latestSeq } from './events-repo.ts'
import type { ChatService } from './index.ts'
import { markSeen } from './sessions-repo.ts'
import { createEventStream, type EventStream } from './stream.ts'

/** Timings of the chat socket (tests shorten them). */
export interface ChatSocketTimings {
  authTimeoutMs: number
  idleTimeoutMs: number
  sweepIntervalMs: number
  /** Least time between two presence writes of one socket. */
  presenceIntervalMs: number
}

const DEFAULT_TIMINGS: ChatSocketTimings = {
  authTimeoutMs: SOCKET_CONNECT_TIMEOUT_MS,
  idleTimeoutMs: SOCKET_OFFLINE_THRESHOLD_MS,
  sweepIntervalMs: 5_000,
  presenceIntervalMs: 15_000,
}

/** Largest frame a chat client may send (a message of 5,000 characters fits). */
const MAX_FRAME_BYTES = 32 * 1024

const REFUSALS: Record<ChatSocketError, number> = {
  invalid_token: CLOSE.unauthorized,
  token_expired: CLOSE.unauthorized,
  session_revoked: CLOSE.unauthorized,
  deactivated: CLOSE.forbidden,
  terms_not_accepted: CLOSE.forbidden,
  user_not_found: CLOSE.notFound,
}

interface Connection {
  socket: WebSocket
  user: AuthUser | null
  authSessionId: string
  lastHeard: number
  lastPresence: number
  ready: boolean
  /** The user's events, in sequence. */
  stream: EventStream
}

/** Register `GET /ws/chat/` and its subscription to the chat topic. */
export async function chatSocketRoutes(
  app: FastifyInstance,
  deps: {
    service: ChatService
    db: Db
    bus: ChatBus
    clock: Clock
    timings?: Partial<ChatSocketTimings>
  },
): Promise<void> {
  const { db, service, clock } = deps
  const timings = { ...DEFAULT_TIMINGS, ...deps.timings }
  const byUser = new Map<string, Set<Connection>>()

  const send = (connection: Connection, message: ChatSocketServerMessage) => {
    if (connection.socket.readyState === connection.socket.OPEN) {
      connection.socket.send(JSON.stringify(message))
    }
  }

  const refuse = (connection: Connection, code: ChatSocketError, text: string) => {
    send(connection, { type: 'error', code, message: text })
    connection.socket.close(REFUSALS[code], code)
  }

  const onBus = (message: ChatBusMessage) => {
    if (message.kind === 'events') {
      for (const item of message.items) {
        for (const connection of byUser.get(item.userId) ?? []) {
          connection.stream.offer({ seq: item.seq, event: item.event })
        }
      }
    } else if (message.kind === 'receipt') {
      for (const userId of message.userIds) {
        for (const connection of byUser.get(userId) ?? []) {
          send(connection, { type: 'receipt', ...message.receipt })
        }
      }
    } else {
      for (const connection of byUser.get(message.userId) ?? []) {
        if (connection.authSessionId === message.authSessionId) {
          refuse(connection, 'session_revoked', 'The chat session was removed')
        }
      }
    }
  }
  const unsubscribe = deps.bus.subscribe(onBus)

  /** Record presence, and (not at auth) check the sign-in session still stands. */
  const seen = (connection: Connection, atAuth = false) => {
    const now = clock().getTime()
    const user = connection.user
    if (!user || (!atAuth && now - connection.lastPresence < timings.presenceIntervalMs)) return
    connection.lastPresence = now
    markSeen(db, user.id, new Date(now)).catch(() => undefined)
    if (atAuth) return
    authUserOf(db, user.id, connection.authSessionId)
      .then((fresh) => {
        if (fresh) connection.user = fresh
        else refuse(connection, 'session_revoked', 'The sign-in session ended')
      })
      .catch(() => undefined)
  }

  const sweep = setInterval(() => {
    const now = Date.now()
    for (const connections of byUser.values()) {
      for (const connection of connections) {
        if (now - connection.lastHeard > timings.idleTimeoutMs) {
          connection.socket.close(CLOSE.idle, 'idle')
        }
      }
    }
  }, timings.sweepIntervalMs)
  sweep.unref()
  app.addHook('onClose', async () => {
    clearInterval(sweep)
    unsubscribe()
  })

  async function authenticate(connection: Connection, token: string, lastSeq?: number) {
    const result = await service.connect(token)
    if (!result.ok) return refuse(connection, result.code, result.code.replaceAll('_', ' '))
    connection.user = result.user
    connection.authSessionId = result.authSessionId
    const mine = byUser.get(result.user.id) ?? new Set<Connection>()
    mine.add(connection)
    byUser.set(result.user.id, mine)
    const latest = await latestSeq(db, result.user.id)
    const resync =
      lastSeq !== undefined &&
      (lastSeq > latest || !(await canReplayFrom(db, result.user.id, lastSeq, latest)))
    send(connection, { type: 'auth_ok', userId: result.user.id, seq: latest, resync })
    connection.ready = true
    seen(connection, true)
    await connection.stream.start(lastSeq === undefined || resync ? latest : lastSeq, latest)
  }

  /** A send or a mark, as the user now stands (roles and session read again). */
  async function act(
    connection: Connection,
    reqId: string,
    run: (user: AuthUser) => Promise<void>,
  ) {
    try {
      const user = await authUserOf(db, connection.user!.id, connection.authSessionId)
      if (!user) return refuse(connection, 'session_revoked', 'The sign-in session ended')
      connection.user = user
      await run(user)
    } catch (error) {
      const known = error instanceof HttpError
      if (!known) app.log.error({ err: error }, 'chat socket action failed')
      send(connection, {
        type: 'nack',
        reqId,
        status: known ? error.statusCode : 500,
        message: known ? error.message : 'Something went wrong, Please try again.',
        ...(known && error.fields ? { fields: error.fields } : {}),
      })
    }
  }

  // access: public to connect; the first message must carry a chat session token or the socket closes.
  app.get(
    CHAT_SOCKET_PATH,
    {
      websocket: true,
      schema: {
        tags: ['chat'],
        summary:
          'WebSocket: send {"type":"auth","token","last_seq"} within 4 s, then receive your events in sequence',
      },
    },
    (socket) => {
      const connection: Connection = {
        socket,
        user: null,
        authSessionId: '',
        lastHeard: Date.now(),
        lastPresence: 0,
        ready: false,
        stream: createEventStream({
          read: (after, limit) => eventsAfter(db, connection.user!.id, after, limit),
          send: (items) => send(connection, { type: 'events', items }),
          isOpen: () => socket.readyState === socket.OPEN,
          onError: (error) => app.log.error({ err: error }, 'chat socket could not replay events'),
        }),
      }
      const authTimer = setTimeout(() => {
        if (!connection.user) socket.close(CLOSE.authTimeout, 'auth timeout')
      }, timings.authTimeoutMs)

      socket.on('message', (raw, isBinary) => {
        connection.lastHeard = Date.now()
        const text = isBinary ? null : String(raw)
        if (text === null || Buffer.byteLength(text) > MAX_FRAME_BYTES) {
          socket.close(CLOSE.badMessage, 'message too big or binary')
          return
        }
        let parsed: ReturnType<typeof chatSocketClientMessageSchema.safeParse>
        try {
          parsed = chatSocketClientMessageSchema.safeParse(JSON.parse(text))
        } catch {
          socket.close(CLOSE.badMessage, 'not JSON')
          return
        }
        if (!parsed.success) {
          socket.close(CLOSE.badMessage, 'unknown message')
          return
        }
        const message = parsed.data
        if (message.type === 'auth') {
          if (connection.user) return
          clearTimeout(authTimer)
          authenticate(connection, message.token, message.last_seq).catch((error: unknown) => {
            app.log.error({ err: error }, 'chat socket could not authenticate')
            socket.close(CLOSE.unauthorized, 'unauthorized')
          })
          return
        }
        if (!connection.ready) return
        if (message.type === 'ping') {
          send(connection, { type: 'pong', at: Date.now() })
          seen(connection)
          latestSeq(db, connection.user!.id)
            .then((latest) => connection.stream.raise(latest))
            .catch(() => undefined)
          return
        }
        if (message.type === 'send') {
          const body = chatSocketSendBody(message)
          if (!body.success) {
            const fields = Object.fromEntries(
              body.error.issues.map((issue) => [issue.path.join('.') || 'message', issue.message]),
            )
            send(connection, {
              type: 'nack',
              reqId: message.reqId,
              status: 400,
              message: Object.values(fields)[0] ?? 'Invalid message',
              fields,
            })
            return
          }
          void act(connection, message.reqId, async (user) => {
            const sent = await service.sendMessage(user, message.channelUrl, body.data)
            send(connection, { type: 'ack', reqId: message.reqId, message: sent.message })
          })
          return
        }
        const mark = message.type === 'read' ? service.markRead : service.markDelivered
        void act(connection, '', (user) => mark(user, message.channelUrl))
      })

      const forget = () => {
        clearTimeout(authTimer)
        const user = connection.user
        if (!user) return
        const mine = byUser.get(user.id)
        mine?.delete(connection)
        if (mine && mine.size === 0) {
          byUser.delete(user.id)
          // Offline now (another instance's socket of this user marks it online again).
          const gone = new Date(clock().getTime() - SOCKET_OFFLINE_THRESHOLD_MS - 1)
          markSeen(db, user.id, gone).catch(() => undefined)
        }
      }
      socket.on('close', forget)
      socket.on('error', forget)
    },
  )
}
