// The trade socket's life: auth on open and after a refresh, ping, offline after silence,
// back-off, the connect timeout, per-frame hand-over and the reconnect signal.
import {
  SOCKET_CLOSE_CODES,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_MAX_RECONNECT_DELAY_MS,
  SOCKET_OFFLINE_THRESHOLD_MS,
  SOCKET_PING_INTERVAL_MS,
} from '@bonds/domain'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryTokenStore } from '../tokens.ts'
import { createFakeSocketServer } from '../testing/fake-socket.ts'
import { createTradeSocket, reconnectDelay, tradeSocketUrl } from './trade-socket.ts'

function setup(tokens = createMemoryTokenStore({ access: 'a1', refresh: 'r1' })) {
  vi.useFakeTimers()
  const server = createFakeSocketServer()
  const frames: (() => void)[] = []
  const refresh = vi.fn(async () => {
    tokens.set({ access: 'a2', refresh: 'r2' })
    return true
  })
  const socket = createTradeSocket({
    url: 'ws://test/ws/trade/d/',
    tokens,
    refresh,
    open: server.open,
    clock: {
      now: () => Date.now(),
      setTimeout: (task, ms) => setTimeout(task, ms),
      clearTimeout: (handle) => clearTimeout(handle as number),
      setInterval: (task, ms) => setInterval(task, ms),
      clearInterval: (handle) => clearInterval(handle as number),
    },
    schedule: (flush) => frames.push(flush),
    random: () => 0,
  })
  const statuses: string[] = []
  socket.onStatus((status) => statuses.push(status))
  const paint = () => frames.splice(0).forEach((flush) => flush())
  return { server, socket, tokens, statuses, paint, refresh }
}

describe('the trade socket', () => {
  it('authenticates with the access token on open and is online after auth_ok', () => {
    const { server, socket, statuses } = setup()
    socket.start()
    expect(socket.status()).toBe('connecting')
    const peer = server.last()
    expect(peer.url).toBe('ws://test/ws/trade/d/')
    peer.accept()
    expect(peer.sent).toEqual([{ type: 'auth', token: 'a1' }])
    peer.receive({ type: 'auth_ok', user_id: 'u1' })
    expect(socket.status()).toBe('online')
    expect(statuses).toEqual(['online'])
    socket.stop()
    vi.useRealTimers()
  })

  it('hands the messages of a frame over once, in order, batches unpacked', () => {
    const { server, socket, paint } = setup()
    const received: unknown[][] = []
    socket.onMessages((messages) => received.push(messages))
    socket.start()
    const peer = server.last()
    peer.accept()
    peer.receive({ type: 'auth_ok', user_id: 'u1' })
    peer.receive({ type: 'quotes_eoi', data: { eoi_id: 1 } })
    peer.receive({
      type: 'batch',
      messages: [
        { type: 'quotes_eoi', data: { eoi_id: 2 } },
        { type: 'refresh', target: 'tickets' },
      ],
    })
    peer.receive({ type: 'pong', at: 1 })
    peer.receive('not json')
    peer.receive({ type: 'unknown_type', data: {} })
    expect(received).toEqual([])
    paint()
    expect(received).toEqual([
      [
        { type: 'quotes_eoi', data: { eoi_id: 1 } },
        { type: 'quotes_eoi', data: { eoi_id: 2 } },
        { type: 'refresh', target: 'tickets' },
      ],
    ])
    paint()
    expect(received).toHaveLength(1)
    socket.stop()
    vi.useRealTimers()
  })

  it('pings every 10 s and goes offline after 30 s without a word, then reconnects', () => {
    const { server, socket, statuses } = setup()
    socket.start()
    const peer = server.last()
    peer.accept()
    peer.receive({ type: 'auth_ok', user_id: 'u1' })
    vi.advanceTimersByTime(SOCKET_PING_INTERVAL_MS)
    expect(peer.sent.at(-1)).toEqual({ type: 'ping' })
    peer.receive({ type: 'pong', at: 1 })
    // The pong was the last word: offline 30 s after it, not before.
    vi.advanceTimersByTime(SOCKET_OFFLINE_THRESHOLD_MS - 1)
    expect(socket.status()).toBe('online')
    vi.advanceTimersByTime(1)
    expect(socket.status()).toBe('offline')
    expect(peer.closed).toBe(true)
    expect(statuses).toEqual(['online', 'offline'])
    // Back-off: the first attempt after 500 ms.
    vi.advanceTimersByTime(reconnectDelay(0, () => 0))
    expect(server.peers).toHaveLength(2)
    socket.stop()
    vi.useRealTimers()
  })

  it('gives a connection attempt 4 s to authenticate, then tries again', () => {
    const { server, socket } = setup()
    socket.start()
    server.last().accept()
    vi.advanceTimersByTime(SOCKET_CONNECT_TIMEOUT_MS - 1)
    expect(server.last().closed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(server.last().closed).toBe(true)
    expect(socket.status()).toBe('offline')
    vi.advanceTimersByTime(500)
    expect(server.peers).toHaveLength(2)
    socket.stop()
    vi.useRealTimers()
  })

  it('backs off doubling from 500 ms to at most 10 s, and starts over once back', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => reconnectDelay(n, () => 0))).toEqual([
      500,
      1000,
      2000,
      4000,
      8000,
      SOCKET_MAX_RECONNECT_DELAY_MS,
      SOCKET_MAX_RECONNECT_DELAY_MS,
    ])
    expect(reconnectDelay(3, () => 0.999)).toBeGreaterThanOrEqual(3200)
    const { server, socket } = setup()
    socket.start()
    for (const delay of [500, 1000, 2000]) {
      server.last().fail()
      vi.advanceTimersByTime(delay - 1)
      const before = server.peers.length
      vi.advanceTimersByTime(1)
      expect(server.peers.length).toBe(before + 1)
    }
    server.last().accept()
    server.last().receive({ type: 'auth_ok', user_id: 'u1' })
    server.last().fail()
    const before = server.peers.length
    vi.advanceTimersByTime(500)
    expect(server.peers.length).toBe(before + 1)
    socket.stop()
    vi.useRealTimers()
  })

  it('says when it is back after being offline (and not on its first connection)', () => {
    const { server, socket } = setup()
    const reconnects = vi.fn()
    socket.onReconnect(reconnects)
    socket.start()
    server.last().accept()
    server.last().receive({ type: 'auth_ok', user_id: 'u1' })
    expect(reconnects).not.toHaveBeenCalled()
    server.last().fail()
    vi.advanceTimersByTime(500)
    server.last().accept()
    server.last().receive({ type: 'auth_ok', user_id: 'u1' })
    expect(reconnects).toHaveBeenCalledTimes(1)
    socket.stop()
    vi.useRealTimers()
  })

  it('authenticates again with the new token after a refresh', () => {
    const { server, socket, tokens } = setup()
    socket.start()
    const peer = server.last()
    peer.accept()
    peer.receive({ type: 'auth_ok', user_id: 'u1' })
    tokens.set({ access: 'a2', refresh: 'r2' })
    expect(peer.sent.at(-1)).toEqual({ type: 'auth', token: 'a2' })
    expect(server.peers).toHaveLength(1)
    socket.stop()
    vi.useRealTimers()
  })

  it('refreshes the session when its token is refused, then connects with the new one', async () => {
    const { server, socket, refresh } = setup()
    socket.start()
    server.last().accept()
    server.last().closeFromServer(SOCKET_CLOSE_CODES.unauthorized)
    expect(refresh).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(500)
    server.last().accept()
    expect(server.last().sent).toEqual([{ type: 'auth', token: 'a2' }])
    socket.stop()
    vi.useRealTimers()
  })

  it('waits for a sign-in when there is no token, and closes on sign-out', () => {
    const tokens = createMemoryTokenStore({})
    const { server, socket } = setup(tokens)
    socket.start()
    expect(server.peers).toHaveLength(0)
    expect(socket.status()).toBe('offline')
    tokens.set({ access: 'a1', refresh: 'r1' })
    expect(server.peers).toHaveLength(1)
    server.last().accept()
    server.last().receive({ type: 'auth_ok', user_id: 'u1' })
    tokens.clear()
    expect(server.last().closed).toBe(true)
    expect(socket.status()).toBe('offline')
    vi.advanceTimersByTime(60_000)
    expect(server.peers).toHaveLength(1)
    socket.stop()
    vi.useRealTimers()
  })

  it('stops for good: no reconnect, no messages', () => {
    const { server, socket, paint } = setup()
    const received = vi.fn()
    socket.onMessages(received)
    socket.start()
    server.last().accept()
    server.last().receive({ type: 'auth_ok', user_id: 'u1' })
    server.last().receive({ type: 'quotes_eoi', data: { eoi_id: 1 } })
    socket.stop()
    paint()
    vi.advanceTimersByTime(60_000)
    expect(received).not.toHaveBeenCalled()
    expect(server.peers).toHaveLength(1)
    vi.useRealTimers()
  })

  it('builds the URL on the page origin', () => {
    expect(tradeSocketUrl({ protocol: 'https:', host: 'desk.example.in' })).toBe(
      'wss://desk.example.in/ws/trade/d/',
    )
    expect(tradeSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      'ws://127.0.0.1:3000/ws/trade/d/',
    )
  })
})
