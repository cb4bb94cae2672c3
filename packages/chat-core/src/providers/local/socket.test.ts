// The chat socket client's life on a fake server and fake timers: auth with last_seq, events once
// and in order, ack/nack, back-off, ping and silence, token refusals and terminal refusals.
import { createFakeSocketServer } from '@bonds/api-client/testing'
import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_OFFLINE_THRESHOLD_MS,
  SOCKET_PING_INTERVAL_MS,
} from '@bonds/domain'
import type { ChatSequencedEvent } from '@bonds/domain'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aMessage } from '../../testing/factories.ts'
import { createChatSocket, reconnectDelay, SocketLostError } from './socket.ts'

const event = (seq: number): ChatSequencedEvent => ({
  seq,
  event: { kind: 'read', channelUrl: 'ch_a', messageId: seq, at: seq },
})

function setup(refreshToken = vi.fn(async () => 'token-2')) {
  const server = createFakeSocketServer()
  const applied: number[] = []
  const connection: string[] = []
  const closed: string[] = []
  const resyncs: number[] = []
  const socket = createChatSocket({
    url: 'ws://test/ws/chat/',
    open: server.open,
    random: () => 0,
    refreshToken,
    onEvents: (items) => applied.push(...items.map((item) => item.seq)),
    onReceipt: () => {},
    onConnection: (e) => connection.push(e),
    onResync: () => resyncs.push(1),
    onClosed: (code) => closed.push(code),
  })
  /** Accept the newest socket and answer its auth. */
  const answer = (seq: number, resync = false) => {
    const peer = server.last()
    peer.accept()
    peer.receive({ type: 'auth_ok', userId: 'me', seq, resync })
    return peer
  }
  return { server, socket, applied, connection, closed, resyncs, answer, refreshToken }
}

describe('the chat socket client', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('authenticates, starts at the latest seq, and resumes from the last applied one', async () => {
    const t = setup()
    const ready = t.socket.start('token-1')
    const first = t.answer(7)
    await expect(ready).resolves.toEqual({ userId: 'me', seq: 7 })
    expect(first.sent[0]).toEqual({ type: 'auth', token: 'token-1' })
    first.receive({ type: 'events', items: [event(8), event(9)] })
    expect(t.applied).toEqual([8, 9])
    first.closeFromServer(1006)
    expect(t.connection).toEqual(['connected', 'disconnected', 'reconnect_started'])
    await vi.advanceTimersByTimeAsync(reconnectDelay(0, () => 0))
    const second = t.answer(12)
    expect(second.sent[0]).toEqual({ type: 'auth', token: 'token-1', last_seq: 9 })
    // The replay, with one already applied and a live one arriving twice.
    second.receive({ type: 'events', items: [event(9), event(10), event(11)] })
    second.receive({ type: 'events', items: [event(11), event(12)] })
    expect(t.applied).toEqual([8, 9, 10, 11, 12])
    expect(t.connection.at(-1)).toBe('reconnect_succeeded')
    t.socket.stop()
  })

  it('reconnects on a gap in the sequence, asking from the last applied seq', async () => {
    const t = setup()
    void t.socket.start('token-1')
    const first = t.answer(1)
    first.receive({ type: 'events', items: [event(2), event(4)] })
    expect(t.applied).toEqual([2])
    expect(first.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(500)
    t.server.last().accept()
    expect(t.server.last().sent[0]).toMatchObject({ last_seq: 2 })
    t.socket.stop()
  })

  it('reports a resync after a reconnect the server cannot replay', async () => {
    const t = setup()
    void t.socket.start('token-1')
    t.answer(5).closeFromServer(1001)
    await vi.advanceTimersByTimeAsync(500)
    t.answer(2, true)
    expect(t.resyncs).toHaveLength(1)
    t.socket.stop()
  })

  it('backs off doubling up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ])
    expect(reconnectDelay(0, () => 0.99)).toBeGreaterThanOrEqual(400)
  })

  it('pings every 10 s and drops a connection silent for 30 s', async () => {
    const t = setup()
    void t.socket.start('token-1')
    const peer = t.answer(0)
    await vi.advanceTimersByTimeAsync(SOCKET_PING_INTERVAL_MS)
    expect(peer.sent).toContainEqual({ type: 'ping' })
    await vi.advanceTimersByTimeAsync(SOCKET_OFFLINE_THRESHOLD_MS - SOCKET_PING_INTERVAL_MS)
    expect(peer.closed).toBe(true)
    expect(t.connection).toContain('disconnected')
    t.socket.stop()
  })

  it('fails the first connect when no answer comes within 4 s', async () => {
    const t = setup()
    const ready = t.socket.start('token-1')
    ready.catch(() => {})
    await vi.advanceTimersByTimeAsync(SOCKET_CONNECT_TIMEOUT_MS)
    await expect(ready).rejects.toMatchObject({ code: 'network' })
  })

  it('rejects the first connect with the refusal code (the session decides about a new token)', async () => {
    const t = setup()
    const ready = t.socket.start('old')
    const peer = t.server.last()
    peer.accept()
    peer.receive({ type: 'error', code: 'token_expired', message: 'expired' })
    peer.closeFromServer(4401)
    await expect(ready).rejects.toMatchObject({ code: 'token_expired' })
    expect(t.refreshToken).not.toHaveBeenCalled()
  })

  it('on a token refused at reconnect fetches a new one once; twice ends the session', async () => {
    const t = setup()
    void t.socket.start('token-1')
    t.answer(0).closeFromServer(1006)
    await vi.advanceTimersByTimeAsync(500)
    const refused = t.server.last()
    refused.accept()
    refused.receive({ type: 'error', code: 'session_revoked', message: 'revoked' })
    refused.closeFromServer(4401)
    expect(t.connection).toContain('reconnect_failed')
    await vi.advanceTimersByTimeAsync(1000)
    expect(t.refreshToken).toHaveBeenCalledTimes(1)
    const again = t.server.last()
    again.accept()
    expect(again.sent[0]).toMatchObject({ token: 'token-2' })
    again.receive({ type: 'error', code: 'session_revoked', message: 'revoked' })
    again.closeFromServer(4401)
    expect(t.closed).toEqual(['session_revoked'])
    const count = t.server.peers.length
    await vi.advanceTimersByTimeAsync(60_000)
    expect(t.server.peers).toHaveLength(count)
  })

  it('ends at once for a deactivated account', async () => {
    const t = setup()
    void t.socket.start('token-1')
    t.answer(0).closeFromServer(1006)
    await vi.advanceTimersByTimeAsync(500)
    const peer = t.server.last()
    peer.accept()
    peer.receive({ type: 'error', code: 'deactivated', message: 'gone' })
    peer.closeFromServer(4403)
    expect(t.closed).toEqual(['deactivated'])
    expect(t.refreshToken).not.toHaveBeenCalled()
  })

  it('answers sends by reqId: ack, nack, or lost with the socket', async () => {
    const t = setup()
    void t.socket.start('token-1')
    const peer = t.answer(0)
    const ok = t.socket.send({ channelUrl: 'ch_a', reqId: 'r1', message: 'hi' })
    const refused = t.socket.send({ channelUrl: 'ch_a', reqId: 'r2', message: 'no' })
    const lost = t.socket.send({ channelUrl: 'ch_a', reqId: 'r3', message: 'gone' })
    expect(peer.sent.slice(1)).toEqual([
      { type: 'send', channelUrl: 'ch_a', reqId: 'r1', message: 'hi' },
      { type: 'send', channelUrl: 'ch_a', reqId: 'r2', message: 'no' },
      { type: 'send', channelUrl: 'ch_a', reqId: 'r3', message: 'gone' },
    ])
    const stored = aMessage('ch_a', 'me', { reqId: 'r1' })
    peer.receive({ type: 'ack', reqId: 'r1', message: stored })
    peer.receive({
      type: 'nack',
      reqId: 'r2',
      status: 403,
      message: 'Accept the invitation before sending messages',
    })
    peer.closeFromServer(1006)
    await expect(ok).resolves.toEqual(stored)
    await expect(refused).rejects.toMatchObject({ code: 'request', status: 403 })
    await expect(lost).rejects.toBeInstanceOf(SocketLostError)
    await expect(
      t.socket.send({ channelUrl: 'ch_a', reqId: 'r4', message: 'x' }),
    ).rejects.toBeInstanceOf(SocketLostError)
    t.socket.stop()
  })
})
