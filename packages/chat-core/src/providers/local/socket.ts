// The client of the chat socket `/ws/chat/` (decision 160): authenticate with a chat session token
// and the last sequence applied, apply each event once and in order, answer sends by reqId,
// reconnect with back-off (up to 10 s), fetch a new token when the server refuses one.
import {
  CHAT_SOCKET_CLOSE_CODES,
  isChatSocketServerMessage,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_MAX_RECONNECT_DELAY_MS,
  SOCKET_OFFLINE_THRESHOLD_MS,
  SOCKET_PING_INTERVAL_MS,
} from '@bonds/domain'
import type {
  ChatMessage,
  ChatSequencedEvent,
  ChatSocketServerMessage,
  SocketLike,
} from '@bonds/domain'
import { systemClock, type ChatClock } from '../../model/clock.ts'
import { ChatProviderError, type ChatFailureCode } from '../../model/errors.ts'
import type { ChatReceipt, ConnectionEvent } from '../../port.ts'

/** The browser's WebSocket, or a stand-in with its shape (`ws` in Node, fakes in tests). */
export type { SocketLike }

/** Options of the chat socket. */
export interface ChatSocketOptions {
  /** Absolute `ws:`/`wss:` URL of `/ws/chat/`. */
  url: string
  open?: (url: string) => SocketLike
  clock?: ChatClock
  random?: () => number
  /** A new chat session token after the server refused the current one; rejects when none comes. */
  refreshToken: () => Promise<string>
  onEvents: (items: ChatSequencedEvent[]) => void
  onReceipt: (receipt: ChatReceipt) => void
  onConnection: (event: ConnectionEvent) => void
  /** The gap could not be replayed (a reset store): everything must be read again. */
  onResync: () => void
  /** The server ended the session for good (account gone, session revoked, token refused twice). */
  onClosed: (code: ChatFailureCode) => void
}

/** What `start` resolves with. */
export interface ChatSocketReady {
  userId: string
  seq: number
}

/** The chat socket client. */
export interface ChatSocket {
  /** Connect with a token; resolves on `auth_ok`, rejects with the refusal (no retry here). */
  start(token: string): Promise<ChatSocketReady>
  stop(): void
  online(): boolean
  /** The last event sequence applied. */
  lastSeq(): number
  /** Send a message and wait for its ack; rejects when refused (nack) or when the socket is lost. */
  send(frame: {
    channelUrl: string
    reqId: string
    message: string
    customType?: string
  }): Promise<ChatMessage>
  /** Fire a frame when online; false when it could not go. */
  post(frame: object): boolean
}

/** The delay before reconnect attempt `attempt` (0-based): doubling from 500 ms, at most 10 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(SOCKET_MAX_RECONNECT_DELAY_MS, 500 * 2 ** attempt)
  return Math.round(base * (1 - random() * 0.2))
}

const OPEN = 1

const REFUSALS: Record<string, ChatFailureCode> = {
  invalid_token: 'invalid_token',
  token_expired: 'token_expired',
  session_revoked: 'session_revoked',
  deactivated: 'deactivated',
  user_not_found: 'user_not_found',
  terms_not_accepted: 'terms_not_accepted',
}

/** Send failures that are no answer from the server: the provider falls back to REST. */
export class SocketLostError extends Error {
  override readonly name = 'SocketLostError'
}

/** The browser's window events (none in Node, where the server's contract test runs this code). */
function browserEvents(): Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null {
  const scope = globalThis as { window?: EventTarget }
  return scope.window ?? null
}

/** Create the chat socket client. */
export function createChatSocket(options: ChatSocketOptions): ChatSocket {
  const clock = options.clock ?? systemClock
  const random = options.random ?? Math.random
  const open = options.open ?? ((url: string) => new WebSocket(url) as unknown as SocketLike)
  const waiting = new Map<
    string,
    { resolve: (m: ChatMessage) => void; reject: (e: Error) => void }
  >()

  let socket: SocketLike | null = null
  let token = ''
  let started = false
  let online = false
  let everOnline = false
  let lastSeq = -1
  let attempt = 0
  let refusal: ChatFailureCode | null = null
  let refreshedSinceOnline = false
  let lastHeard = 0
  let timers: unknown[] = []
  let reconnectTimer: unknown = null
  let first: { resolve: (r: ChatSocketReady) => void; reject: (e: Error) => void } | null = null

  const clearTimers = () => {
    for (const timer of timers) clock.clearTimeout(timer)
    timers = []
  }

  function drop(current: SocketLike) {
    current.onopen = current.onmessage = current.onclose = current.onerror = null
    try {
      current.close()
    } catch {
      // already closed
    }
  }

  function failWaiting() {
    for (const entry of waiting.values()) entry.reject(new SocketLostError('socket lost'))
    waiting.clear()
  }

  function post(frame: object): boolean {
    if (!online || socket?.readyState !== OPEN) return false
    socket.send(JSON.stringify(frame))
    return true
  }

  function scheduleReconnect() {
    if (!started || reconnectTimer !== null) return
    const delay = reconnectDelay(attempt, random)
    attempt += 1
    reconnectTimer = clock.setTimeout(() => {
      reconnectTimer = null
      connect()
    }, delay)
  }

  function terminal(code: ChatFailureCode) {
    started = false
    options.onClosed(code)
  }

  /** The socket closed or went silent. */
  function lost(current: SocketLike, closeCode?: number) {
    if (socket !== current) return
    drop(current)
    socket = null
    clearTimers()
    failWaiting()
    const wasOnline = online
    online = false
    const code =
      refusal ?? (closeCode === CHAT_SOCKET_CLOSE_CODES.unauthorized ? 'invalid_token' : null)
    refusal = null
    if (first) {
      // The first connect reports its failure to the caller, who decides about a new token.
      const pending = first
      first = null
      started = false
      pending.reject(new ChatProviderError(code ?? 'network', code ?? 'Chat connection failed'))
      return
    }
    if (wasOnline) {
      options.onConnection('disconnected')
      options.onConnection('reconnect_started')
    }
    if (code === 'deactivated' || code === 'user_not_found' || code === 'terms_not_accepted') {
      terminal(code)
      return
    }
    if (code !== null) {
      // Token refused: a new one, once; refused again before getting back online ends it.
      options.onConnection('reconnect_failed')
      if (refreshedSinceOnline) {
        terminal(code)
        return
      }
      refreshedSinceOnline = true
      options.refreshToken().then(
        (fresh) => {
          token = fresh
          scheduleReconnect()
        },
        () => terminal(code),
      )
      return
    }
    scheduleReconnect()
  }

  function onFrame(current: SocketLike, data: unknown) {
    if (socket !== current) return
    lastHeard = clock.now()
    let parsed: ChatSocketServerMessage
    try {
      // Checked by hand, to chatSocketServerMessageSchema's rules (decision 342): no zod on the
      // first load.
      const frame: unknown = JSON.parse(String(data))
      if (!isChatSocketServerMessage(frame)) return
      parsed = frame
    } catch {
      return
    }
    switch (parsed.type) {
      case 'auth_ok': {
        const returning = everOnline
        const resync = parsed.resync || lastSeq < 0
        if (resync) lastSeq = parsed.seq
        online = true
        everOnline = true
        attempt = 0
        refreshedSinceOnline = false
        clearTimers()
        timers.push(clock.setTimeout(ping, SOCKET_PING_INTERVAL_MS))
        watchSilence(current)
        if (first) {
          const pending = first
          first = null
          pending.resolve({ userId: parsed.userId, seq: parsed.seq })
        }
        options.onConnection(returning ? 'reconnect_succeeded' : 'connected')
        if (returning && parsed.resync) options.onResync()
        return
      }
      case 'events': {
        const fresh: ChatSequencedEvent[] = []
        for (const item of parsed.items) {
          if (item.seq <= lastSeq) continue
          if (item.seq !== lastSeq + 1) {
            // A gap the server should never leave: reconnect and let it replay from lastSeq.
            lost(current)
            break
          }
          fresh.push(item)
          lastSeq = item.seq
        }
        if (fresh.length > 0) options.onEvents(fresh)
        return
      }
      case 'receipt':
        options.onReceipt({
          channelUrl: parsed.channelUrl,
          userId: parsed.userId,
          kind: parsed.kind,
          messageId: parsed.messageId,
          at: parsed.at,
        })
        return
      case 'ack':
        waiting.get(parsed.reqId)?.resolve(parsed.message)
        waiting.delete(parsed.reqId)
        return
      case 'nack': {
        const entry = waiting.get(parsed.reqId)
        waiting.delete(parsed.reqId)
        entry?.reject(
          new ChatProviderError('request', parsed.message, parsed.status, parsed.fields),
        )
        return
      }
      case 'error':
        refusal = REFUSALS[parsed.code] ?? 'network'
        return
      case 'pong':
        return
    }
  }

  function ping() {
    post({ type: 'ping' })
    timers.push(clock.setTimeout(ping, SOCKET_PING_INTERVAL_MS))
  }

  function watchSilence(current: SocketLike) {
    const left = lastHeard + SOCKET_OFFLINE_THRESHOLD_MS - clock.now()
    timers.push(
      clock.setTimeout(
        () => {
          if (socket !== current) return
          if (clock.now() - lastHeard >= SOCKET_OFFLINE_THRESHOLD_MS) lost(current)
          else watchSilence(current)
        },
        Math.max(0, left),
      ),
    )
  }

  function connect() {
    if (!started || socket) return
    let current: SocketLike
    try {
      current = open(options.url)
    } catch {
      scheduleReconnect()
      return
    }
    socket = current
    lastHeard = clock.now()
    timers.push(clock.setTimeout(() => lost(current), SOCKET_CONNECT_TIMEOUT_MS))
    current.onopen = () => {
      if (socket !== current) return
      current.send(
        JSON.stringify({ type: 'auth', token, ...(lastSeq >= 0 ? { last_seq: lastSeq } : {}) }),
      )
    }
    current.onmessage = (event) => onFrame(current, event.data)
    current.onclose = (event) => lost(current, event.code)
    current.onerror = () => lost(current)
  }

  function onBrowserOnline() {
    if (!started || socket) return
    if (reconnectTimer !== null) clock.clearTimeout(reconnectTimer)
    reconnectTimer = null
    attempt = 0
    connect()
  }

  return {
    start(fresh) {
      token = fresh
      started = true
      refreshedSinceOnline = false
      browserEvents()?.addEventListener('online', onBrowserOnline)
      return new Promise<ChatSocketReady>((resolve, reject) => {
        first = { resolve, reject }
        connect()
      })
    },
    stop() {
      started = false
      browserEvents()?.removeEventListener('online', onBrowserOnline)
      if (reconnectTimer !== null) clock.clearTimeout(reconnectTimer)
      reconnectTimer = null
      clearTimers()
      failWaiting()
      if (socket) drop(socket)
      socket = null
      const wasOnline = online
      online = false
      if (first) {
        first.reject(new ChatProviderError('network', 'Chat connection closed'))
        first = null
      }
      if (wasOnline) options.onConnection('disconnected')
    },
    online: () => online,
    lastSeq: () => lastSeq,
    send(frame) {
      return new Promise<ChatMessage>((resolve, reject) => {
        if (!post({ type: 'send', ...frame })) {
          reject(new SocketLostError('socket offline'))
          return
        }
        waiting.set(frame.reqId, { resolve, reject })
      })
    },
    post,
  }
}
