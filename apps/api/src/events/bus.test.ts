import {
  socketFrameMessages,
  socketServerFrameSchema,
  type SocketServerMessage,
} from '@bonds/domain'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { signTestToken } from '../modules/trade-socket/test-token.ts'
import { startServerProcesses } from '../testing/server-processes.ts'
import {
  createInProcessBus,
  createRedisBus,
  createRedisTopicBus,
  isForSocket,
  type Audience,
  type DomainEvent,
} from './bus.ts'

const event: DomainEvent = {
  audience: { kind: 'all' },
  message: { type: 'quotes_eoi', data: { finstrument_id: 'IN0020210244' } },
}

describe('in-process bus', () => {
  it('delivers to every subscriber until it unsubscribes', async () => {
    const bus = createInProcessBus()
    const seen: DomainEvent[] = []
    const stop = bus.subscribe((e) => seen.push(e))
    await bus.publish(event)
    stop()
    await bus.publish(event)
    expect(seen).toEqual([event])
  })

  it('addresses users and clients', () => {
    const anonymousClient = { userId: 'u', clientId: null }
    const trader = { userId: 'u', clientId: 'c', permissions: ['client.can_trade'] }
    expect(isForSocket({ kind: 'all' }, anonymousClient)).toBe(true)
    expect(isForSocket({ kind: 'users', userIds: ['u'] }, anonymousClient)).toBe(true)
    expect(isForSocket({ kind: 'users', userIds: ['v'] }, trader)).toBe(false)
    expect(isForSocket({ kind: 'clients', clientIds: ['c'] }, trader)).toBe(true)
    expect(isForSocket({ kind: 'clients', clientIds: ['c'] }, anonymousClient)).toBe(false)
    const market = { kind: 'permission', permission: 'client.can_trade' } as const
    expect(isForSocket(market, trader)).toBe(true)
    expect(isForSocket(market, { ...trader, permissions: [] })).toBe(false)
    expect(isForSocket(market, anonymousClient)).toBe(false)
    // A cluster's parties: their traders, not their compliance officer in the same client.
    const parties: Audience = {
      kind: 'clients',
      clientIds: ['c'],
      permission: 'client.can_trade',
    }
    expect(isForSocket(parties, trader)).toBe(true)
    expect(isForSocket(parties, { ...trader, permissions: ['finstruments.view'] })).toBe(false)
    expect(isForSocket(parties, { ...trader, clientId: 'd' })).toBe(false)
  })
})

const redisUrl = process.env.TEST_REDIS_URL
const NEEDS_REDIS =
  'needs TEST_REDIS_URL: run under apps/api/scripts/with-redis.mjs (npm test does)'
const SECRET = 'two-processes'

/** A socket on a server process, authenticated as `userId`, recording the messages it receives. */
function openSocket(port: number, userId: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/trade/d/`)
  const received: SocketServerMessage[] = []
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('error', reject)
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'auth',
          token: signTestToken({ userId, clientId: null, roles: [] }, SECRET),
        }),
      ),
    )
    socket.on('message', (data) => {
      const frame = socketServerFrameSchema.parse(JSON.parse(String(data)))
      for (const message of socketFrameMessages(frame)) {
        if (message.type === 'auth_ok') resolve()
        else received.push(message)
      }
    })
  })
  return { userId, socket, received, ready }
}

describe('Redis topic bus', () => {
  it('subscribes again after its connection is cut, and says so once it has', async ({ skip }) => {
    skip(!redisUrl, NEEDS_REDIS)
    const topic = { channel: `bonds:test:${process.pid}`, parse: (value: unknown) => value }
    const errors: Error[] = []
    const bus = await createRedisTopicBus(redisUrl!, topic, (error) => void errors.push(error))
    const admin = new Redis(redisUrl!)
    try {
      const seen: unknown[] = []
      bus.subscribe((message) => void seen.push(message))
      let resubscribed = 0
      bus.onResubscribed?.(() => void (resubscribed += 1))
      await bus.publish({ n: 1 })
      await expect.poll(() => seen).toEqual([{ n: 1 }])
      // Every subscriber connection on the server cut: this bus's reconnects and subscribes again.
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub')
      await expect.poll(() => resubscribed, { timeout: 10_000 }).toBe(1)
      await bus.publish({ n: 2 })
      await expect.poll(() => seen).toEqual([{ n: 1 }, { n: 2 }])
    } finally {
      admin.disconnect()
      await bus.close()
    }
  })
})

describe('Redis bus across two server processes', () => {
  let started: Awaited<ReturnType<typeof startServerProcesses>> | undefined
  let sockets: ReturnType<typeof openSocket>[] = []

  beforeAll(async () => {
    if (!redisUrl) return
    // Two OS processes on their own loopback ports, each with its own database (a schema of
    // TEST_DATABASE_URL under npm test), sharing only Redis.
    started = await startServerProcesses(2, { REDIS_URL: redisUrl, TOKEN_SECRET: SECRET })
    const [a, b] = started.servers
    sockets = [
      openSocket(a!.port, 'a1'),
      openSocket(a!.port, 'a2'),
      openSocket(b!.port, 'b1'),
      openSocket(b!.port, 'b2'),
    ]
    await Promise.all(sockets.map((s) => s.ready))
  })

  afterAll(async () => {
    for (const s of sockets) s.socket.close()
    await started?.stop()
  })

  it('runs the servers as separate processes on different ports', ({ skip }) => {
    skip(!redisUrl, NEEDS_REDIS)
    const [a, b] = started!.servers
    expect(new Set([process.pid, a!.pid, b!.pid]).size).toBe(3)
    expect(a!.port).not.toBe(b!.port)
  })

  it('delivers every event published through either process to every socket on both', async ({
    skip,
  }) => {
    skip(!redisUrl, NEEDS_REDIS)
    const [a, b] = started!.servers
    const events: DomainEvent[] = [1, 2, 3].map((n) => ({
      audience: { kind: 'all' },
      message: { type: 'quotes_eoi', data: { finstrument_id: 'IN0020210244', n } },
    }))
    await a!.publish(events[0]!)
    await b!.publish(events[1]!)
    await a!.publish(events[2]!)
    // Each process relays its own outbox (decision 256): events of one process arrive in order,
    // events of two processes in either.
    const n = (m: SocketServerMessage) => ('data' in m ? Number(m.data.n) : 0)
    for (const s of sockets) {
      await expect
        .poll(() => [...s.received].sort((x, y) => n(x) - n(y)))
        .toEqual(events.map((e) => e.message))
      expect(s.received.map(n).filter((i) => i !== 2)).toEqual([1, 3])
    }
  })

  it('delivers an addressed event only to its user, on the other process', async ({ skip }) => {
    skip(!redisUrl, NEEDS_REDIS)
    const [a] = started!.servers
    const before = sockets.map((s) => s.received.length)
    const message: SocketServerMessage = { type: 'open_tickets', data: { ticket_id: 't1' } }
    await a!.publish({ audience: { kind: 'users', userIds: ['b2'] }, message })
    const b2 = sockets.find((s) => s.userId === 'b2')!
    await expect.poll(() => b2.received.at(-1)).toEqual(message)
    await new Promise((r) => setTimeout(r, 200))
    expect(sockets.map((s, i) => s.received.length - before[i]!)).toEqual([0, 0, 0, 1])
  })
})

describe('Redis bus', () => {
  it('drops malformed events on the channel instead of crashing', async ({ skip }) => {
    skip(!redisUrl, NEEDS_REDIS)
    const errors: Error[] = []
    const bus = await createRedisBus(redisUrl!, (e) => errors.push(e))
    const seen: DomainEvent[] = []
    bus.subscribe((e) => seen.push(e))
    const { Redis } = await import('ioredis')
    const raw = new Redis(redisUrl!)
    await raw.publish('bonds:events', '{"not":"an event"}')
    await raw.publish('bonds:events', 'not json')
    await bus.publish(event)
    await expect.poll(() => seen.length).toBe(1)
    await expect.poll(() => errors.length).toBe(2)
    expect(seen).toEqual([event])
    raw.disconnect()
    await bus.close()
  })
})
