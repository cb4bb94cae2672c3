// The trade socket `ws/trade/d/` (spec sections 4, 7 and 9; decision 070): authenticate with the
// access token on open and again after each refresh, ping every 10 s, offline after 30 s without
// a word from the server, reconnect with back-off up to 10 s, give a connection attempt 4 s.
// Messages are handed over once per animation frame, in order, however many arrived.
import {
  isSocketServerFrame,
  SOCKET_CLOSE_CODES,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_MAX_RECONNECT_DELAY_MS,
  SOCKET_OFFLINE_THRESHOLD_MS,
  SOCKET_PING_INTERVAL_MS,
  socketFrameMessages,
  type SocketLike,
  type SocketServerMessage,
} from '@bonds/domain'
import type { TokenStore } from '../tokens.ts'

/** Where the socket is: connecting (first attempt), online (authenticated), or offline. */
export type TradeSocketStatus = 'connecting' | 'online' | 'offline'

/** The browser's WebSocket, or a stand-in with its shape (tests); one type with the chat socket's. */
export type { SocketLike }

/** Timers and clock the socket uses (the browser's by default; fakes in tests). */
export interface SocketClock {
  now(): number
  setTimeout(task: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(task: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/** Options of createTradeSocket. */
export interface TradeSocketOptions {
  /** Absolute `ws:` or `wss:` URL of `ws/trade/d/`. */
  url: string
  /** The tokens: the access token authenticates the socket; a new one re-authenticates it. */
  tokens: TokenStore
  /** A refused token (close 4401): refresh the session; resolves whether it worked. */
  refresh?: () => Promise<boolean>
  /** Opens a socket; the browser's `WebSocket` by default. */
  open?: (url: string) => SocketLike
  clock?: SocketClock
  /** Runs `flush` before the next paint; `requestAnimationFrame` by default. */
  schedule?: (flush: () => void) => void
  /** 0 ≤ x < 1, for the back-off's jitter. */
  random?: () => number
}

/** The trade socket of one app. */
export interface TradeSocket {
  /** Connect (when signed in), and keep connecting until `stop`. */
  start(): void
  /** Close for good. */
  stop(): void
  status(): TradeSocketStatus
  /** Called on every status change; returns the unsubscribe. */
  onStatus(listener: (status: TradeSocketStatus) => void): () => void
  /** Called once per frame with the messages that arrived since, in order. */
  onMessages(listener: (messages: SocketServerMessage[]) => void): () => void
  /** Called when the socket is back after being offline: what it missed must be fetched again. */
  onReconnect(listener: () => void): () => void
}

/** The delay before reconnect attempt `attempt` (0-based): doubling from 500 ms, at most 10 s. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(SOCKET_MAX_RECONNECT_DELAY_MS, 500 * 2 ** attempt)
  // Up to a fifth less, so many browsers do not come back at the same instant.
  return Math.round(base * (1 - random() * 0.2))
}

/** The `ws:`/`wss:` URL of the trade socket on this page's origin. */
export function tradeSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws/trade/d/`
}

const OPEN = 1

const browserClock: SocketClock = {
  now: () => Date.now(),
  setTimeout: (task, ms) => setTimeout(task, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (task, ms) => setInterval(task, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

function nextFrame(flush: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush())
  else setTimeout(flush, 16)
}

/** Create the trade socket (it connects on `start`). */
export function createTradeSocket(options: TradeSocketOptions): TradeSocket {
  const clock = options.clock ?? browserClock
  const schedule = options.schedule ?? nextFrame
  const random = options.random ?? Math.random
  const open = options.open ?? ((url: string) => new WebSocket(url) as unknown as SocketLike)
  const statusListeners = new Set<(status: TradeSocketStatus) => void>()
  const messageListeners = new Set<(messages: SocketServerMessage[]) => void>()
  const reconnectListeners = new Set<() => void>()

  let status: TradeSocketStatus = 'connecting'
  let socket: SocketLike | null = null
  let started = false
  let attempt = 0
  let everOnline = false
  let authedWith: string | null = null
  let lastHeard = 0
  let connectTimer: unknown = null
  let reconnectTimer: unknown = null
  let pingTimer: unknown = null
  let silenceTimer: unknown = null
  let unsubscribeTokens: (() => void) | null = null
  let queue: SocketServerMessage[] = []
  let flushQueued = false

  function setStatus(next: TradeSocketStatus): void {
    if (next === status) return
    status = next
    for (const listener of [...statusListeners]) listener(next)
  }

  function flush(): void {
    flushQueued = false
    if (queue.length === 0) return
    const messages = queue
    queue = []
    for (const listener of [...messageListeners]) listener(messages)
  }

  function clearTimers(): void {
    if (connectTimer !== null) clock.clearTimeout(connectTimer)
    if (pingTimer !== null) clock.clearInterval(pingTimer)
    if (silenceTimer !== null) clock.clearTimeout(silenceTimer)
    connectTimer = null
    pingTimer = null
    silenceTimer = null
  }

  function drop(current: SocketLike): void {
    current.onopen = null
    current.onmessage = null
    current.onclose = null
    current.onerror = null
    try {
      current.close()
    } catch {
      // already closed
    }
  }

  function send(message: object): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message))
  }

  function authenticate(): void {
    const token = options.tokens.get().access
    if (!token) return
    authedWith = token
    send({ type: 'auth', token })
  }

  function scheduleReconnect(): void {
    if (!started || reconnectTimer !== null) return
    const delay = reconnectDelay(attempt, random)
    attempt += 1
    reconnectTimer = clock.setTimeout(() => {
      reconnectTimer = null
      connect()
    }, delay)
  }

  /** The socket is gone (closed, timed out, silent): offline, and try again after a while. */
  function lost(current: SocketLike, code?: number): void {
    if (socket !== current) return
    drop(current)
    socket = null
    clearTimers()
    setStatus('offline')
    if (code === SOCKET_CLOSE_CODES.unauthorized && options.refresh) {
      // The token was refused: a refreshed one may be accepted; reconnect after the attempt.
      void options.refresh().finally(scheduleReconnect)
      return
    }
    scheduleReconnect()
  }

  function onFrame(current: SocketLike, data: unknown): void {
    if (socket !== current) return
    lastHeard = clock.now()
    let frame: unknown
    try {
      frame = JSON.parse(String(data))
    } catch {
      return
    }
    // Checked by hand, to socketServerFrameSchema's rules (decision 342): no zod on the first load.
    if (!isSocketServerFrame(frame)) return
    for (const message of socketFrameMessages(frame)) {
      if (message.type === 'auth_ok') {
        const returning = everOnline && status !== 'online'
        if (connectTimer !== null) clock.clearTimeout(connectTimer)
        connectTimer = null
        attempt = 0
        everOnline = true
        setStatus('online')
        if (returning) for (const listener of [...reconnectListeners]) listener()
      } else if (message.type !== 'pong') {
        queue.push(message)
      }
    }
    if (queue.length > 0 && !flushQueued) {
      flushQueued = true
      schedule(flush)
    }
  }

  /** Offline once the server has been silent for the threshold (checked when it may have been). */
  function watchSilence(current: SocketLike): void {
    const left = lastHeard + SOCKET_OFFLINE_THRESHOLD_MS - clock.now()
    silenceTimer = clock.setTimeout(
      () => {
        silenceTimer = null
        if (socket !== current) return
        if (clock.now() - lastHeard >= SOCKET_OFFLINE_THRESHOLD_MS) lost(current)
        else watchSilence(current)
      },
      Math.max(0, left),
    )
  }

  function connect(): void {
    if (!started || socket) return
    if (!options.tokens.get().access) {
      // Signed out: nothing to connect as; a sign-in (a new token) starts it.
      setStatus('offline')
      return
    }
    if (!everOnline && status !== 'offline') setStatus('connecting')
    let current: SocketLike
    try {
      current = open(options.url)
    } catch {
      setStatus('offline')
      scheduleReconnect()
      return
    }
    socket = current
    lastHeard = clock.now()
    connectTimer = clock.setTimeout(() => lost(current), SOCKET_CONNECT_TIMEOUT_MS)
    current.onopen = () => {
      if (socket !== current) return
      authenticate()
      pingTimer = clock.setInterval(() => send({ type: 'ping' }), SOCKET_PING_INTERVAL_MS)
      watchSilence(current)
    }
    current.onmessage = (event) => onFrame(current, event.data)
    current.onclose = (event) => lost(current, event.code)
    current.onerror = () => lost(current)
  }

  function onTokens(): void {
    const token = options.tokens.get().access
    if (!token) {
      // Signed out: close, and wait for the next sign-in.
      if (socket) {
        drop(socket)
        socket = null
      }
      clearTimers()
      setStatus('offline')
      return
    }
    if (socket && status === 'online' && token !== authedWith) authenticate()
    else if (!socket && reconnectTimer === null) connect()
  }

  function onBrowserOnline(): void {
    // Back on the network: try at once instead of waiting out the back-off.
    if (!started || socket) return
    if (reconnectTimer !== null) clock.clearTimeout(reconnectTimer)
    reconnectTimer = null
    attempt = 0
    connect()
  }

  return {
    start() {
      if (started) return
      started = true
      unsubscribeTokens = options.tokens.subscribe(onTokens)
      if (typeof window !== 'undefined') window.addEventListener('online', onBrowserOnline)
      connect()
    },
    stop() {
      started = false
      unsubscribeTokens?.()
      unsubscribeTokens = null
      if (typeof window !== 'undefined') window.removeEventListener('online', onBrowserOnline)
      if (reconnectTimer !== null) clock.clearTimeout(reconnectTimer)
      reconnectTimer = null
      clearTimers()
      if (socket) drop(socket)
      socket = null
      queue = []
      setStatus('offline')
    },
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    onMessages(listener) {
      messageListeners.add(listener)
      return () => messageListeners.delete(listener)
    },
    onReconnect(listener) {
      reconnectListeners.add(listener)
      return () => reconnectListeners.delete(listener)
    },
  }
}
