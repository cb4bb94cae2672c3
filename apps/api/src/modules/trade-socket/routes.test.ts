// The trade socket on a real listening server with real ws clients.
import { socketServerFrameSchema, type SocketServerMessage } from '@bonds/domain'
import fc from 'fast-check'
import Fastify, { type FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { testDatabase } from '../../db/testing.ts'
import { createInProcessBus } from '../../events/bus.ts'
import { registerWebsockets } from '../../http/websocket.ts'
import { tradeSocketRoutes, type SocketTimings } from './routes.ts'
import { signTestToken, verifyTestToken } from './test-token.ts'

const SECRET = 'socket-test-secret'
let app: FastifyInstance
let database: Database
let url: string
/** The trade socket alone with a 300 ms auth timeout, and with 600 ms of silence allowed. */
let quickAuth: FastifyInstance
let quickIdle: FastifyInstance

const socketUrl = (server: FastifyInstance) =>
  `ws://127.0.0.1:${(server.server.address() as AddressInfo).port}/ws/trade/d/`

/** The trade socket alone on a listening server, with its own timings (the timeout tests). */
async function socketServer(timings: Partial<SocketTimings>): Promise<FastifyInstance> {
  const server = Fastify()
  await registerWebsockets(server)
  await server.register(tradeSocketRoutes, {
    bus: createInProcessBus(),
    verifyToken: async (token) => verifyTestToken(token, SECRET),
    timings,
  })
  await server.listen({ port: 0, host: '127.0.0.1' })
  return server
}

beforeAll(async () => {
  database = await testDatabase()
  // The app keeps the product's timings (4 s to authenticate, 30 s of silence): however slow a
  // loaded machine is, a test's socket is never closed under it for being slow. The timeouts are
  // tested on servers of their own.
  app = await buildApp(
    readConfig({ LOG_LEVEL: 'silent', DEMO_MODE: 'false', TOKEN_SECRET: SECRET }),
    { web: false, database, socketTestTokens: true },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  url = socketUrl(app)
  quickAuth = await socketServer({ authTimeoutMs: 300 })
  quickIdle = await socketServer({ idleTimeoutMs: 600, sweepIntervalMs: 100 })
})

afterAll(async () => {
  await quickAuth.close()
  await quickIdle.close()
  await app.close()
  await database.close()
})

type Received = { type: string; [k: string]: unknown }

/** A client that records the frames and messages it receives and how it closes. */
function connect(to = url) {
  const socket = new WebSocket(to)
  const frames: Received[] = []
  const received: Received[] = []
  let closeCode: number | null = null
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      closeCode = code
      resolve(code)
    }),
  )
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Received
    frames.push(frame)
    received.push(...(frame.type === 'batch' ? (frame.messages as Received[]) : [frame]))
  })
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve())
    socket.on('error', reject)
  })
  /** The first message of a type: it arrives, or the socket closes without it (the test's timeout bounds the wait). */
  const next = (type: string) =>
    new Promise<{ type: string; [k: string]: unknown }>((resolve, reject) => {
      const poll = () => {
        const found = received.find((m) => m.type === type)
        if (found) resolve(found)
        else if (closeCode !== null) reject(new Error(`closed (${closeCode}) without ${type}`))
        else setTimeout(poll, 10)
      }
      poll()
    })
  return { socket, frames, received, closed, opened, next }
}

async function authed(userId: string, clientId: string | null = null, to = url) {
  const client = connect(to)
  await client.opened
  client.socket.send(
    JSON.stringify({ type: 'auth', token: signTestToken({ userId, clientId, roles: [] }, SECRET) }),
  )
  await client.next('auth_ok')
  return client
}

describe('test tokens', () => {
  it('verify when signed with the secret and unexpired, and not otherwise', () => {
    const token = signTestToken({ userId: 'u1', clientId: 'c1', roles: ['clientdealer'] }, SECRET)
    expect(verifyTestToken(token, SECRET)).toEqual({
      userId: 'u1',
      clientId: 'c1',
      roles: ['clientdealer'],
    })
    expect(verifyTestToken(token, 'other')).toBeNull()
    expect(
      verifyTestToken(
        signTestToken({ userId: 'u1', clientId: null, roles: [] }, SECRET, -1),
        SECRET,
      ),
    ).toBeNull()
    expect(verifyTestToken('garbage', SECRET)).toBeNull()
    // Signed with permissions, it carries them (the quotes bench's traders).
    const trader = signTestToken(
      { userId: 'u2', clientId: null, roles: [], permissions: ['client.can_trade'] },
      SECRET,
    )
    expect(verifyTestToken(trader, SECRET)?.permissions).toEqual(['client.can_trade'])
  })
})

describe('trade socket', () => {
  it('closes a socket that does not authenticate in time', async () => {
    const client = connect(socketUrl(quickAuth))
    await client.opened
    expect(await client.closed).toBe(4408)
  })

  it('closes a socket with a bad token', async () => {
    const client = connect()
    await client.opened
    client.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }))
    expect(await client.closed).toBe(4401)
  })

  it('takes a refreshed token as the same user, and follows its audience', async () => {
    const carol = await authed('carol', 'demo-capital')
    carol.received.length = 0
    carol.socket.send(
      JSON.stringify({
        type: 'auth',
        token: signTestToken({ userId: 'carol', clientId: 'demo-securities', roles: [] }, SECRET),
      }),
    )
    expect(await carol.next('auth_ok')).toMatchObject({ user_id: 'carol' })
    await app.events.publish({
      audience: { kind: 'clients', clientIds: ['demo-securities'] },
      message: { type: 'refresh', target: 'tickets' },
    })
    expect(await carol.next('refresh')).toMatchObject({ target: 'tickets' })
    carol.socket.close()
  })

  it('ends the socket when a later token is another user’s or does not verify', async () => {
    const dave = await authed('dave')
    dave.socket.send(
      JSON.stringify({
        type: 'auth',
        token: signTestToken({ userId: 'mallory', clientId: null, roles: [] }, SECRET),
      }),
    )
    expect(await dave.closed).toBe(4401)
    const erin = await authed('erin')
    erin.socket.send(JSON.stringify({ type: 'auth', token: 'expired-or-revoked' }))
    expect(await erin.closed).toBe(4401)
  })

  it('delivers events to the addressed user or client only', async () => {
    const alice = await authed('alice', 'demo-capital')
    const bob = await authed('bob', 'demo-securities')
    await app.events.publish({
      audience: { kind: 'users', userIds: ['alice'] },
      message: { type: 'open_tickets', data: { ticket_id: 't1' } },
    })
    await app.events.publish({
      audience: { kind: 'clients', clientIds: ['demo-securities'] },
      message: { type: 'refresh', target: 'tickets' },
    })
    expect(await alice.next('open_tickets')).toMatchObject({ data: { ticket_id: 't1' } })
    expect(await bob.next('refresh')).toMatchObject({ target: 'tickets' })
    // A last message to both: once it is in, an earlier one sent astray would be in too.
    await app.events.publish({
      audience: { kind: 'users', userIds: ['alice', 'bob'] },
      message: { type: 'quotes_stream', data: { last: true } },
    })
    await Promise.all([alice.next('quotes_stream'), bob.next('quotes_stream')])
    expect(bob.received.some((m) => m.type === 'open_tickets')).toBe(false)
    expect(alice.received.some((m) => m.type === 'refresh')).toBe(false)
    alice.socket.close()
    bob.socket.close()
  })

  it('coalesces a burst into one batch frame per socket, in publish order', async () => {
    const erin = await authed('erin')
    const frank = await authed('frank')
    const messages: SocketServerMessage[] = [1, 2, 3, 4, 5].map((n) => ({
      type: 'quotes_stream',
      data: { finstrument_id: 'IN0020210244', n },
    }))
    for (const message of messages)
      await app.events.publish({ audience: { kind: 'users', userIds: ['erin'] }, message })
    await expect.poll(() => erin.received.length).toBe(1 + messages.length)
    // Published in one turn to an idle socket: one frame on the next turn.
    const stream = erin.frames.slice(1)
    expect(stream).toHaveLength(1)
    expect(socketServerFrameSchema.parse(stream[0])).toEqual({ type: 'batch', messages })
    // Later, a lone message finds the socket idle again and goes as itself.
    await new Promise((r) => setTimeout(r, 60))
    const last: SocketServerMessage = { type: 'quotes_stream', data: { n: 6 } }
    await app.events.publish({ audience: { kind: 'users', userIds: ['erin'] }, message: last })
    await expect.poll(() => erin.frames.length).toBe(3)
    expect(erin.frames[2]).toEqual(last)
    expect(frank.frames.map((f) => f.type)).toEqual(['auth_ok'])
    erin.socket.close()
    frank.socket.close()
  })

  it('answers ping with pong and drops a socket that goes silent', async () => {
    const client = await authed('carol')
    client.socket.send(JSON.stringify({ type: 'ping' }))
    expect(await client.next('pong')).toMatchObject({ at: expect.any(Number) })
    client.socket.close()
    const silent = await authed('carol', null, socketUrl(quickIdle))
    silent.socket.send(JSON.stringify({ type: 'ping' }))
    expect(await silent.next('pong')).toMatchObject({ at: expect.any(Number) })
    expect(await silent.closed).toBe(4000)
  })

  it('closes on garbage and keeps serving others', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json()), async (text) => {
        // Where a socket that is not signed in closes within 300 ms, whatever it sent.
        const client = connect(socketUrl(quickAuth))
        await client.opened
        client.socket.send(text)
        const code = await client.closed
        expect([4000, 4400, 4401, 4408]).toContain(code)
      }),
      { numRuns: 15 },
    )
    const after = await authed('dave')
    expect(after.received[0]?.type).toBe('auth_ok')
    after.socket.close()
  })
})

describe('shutdown', () => {
  it('closes every socket with 1001 when the server closes', async () => {
    const db = await testDatabase()
    const other = await buildApp(
      readConfig({ LOG_LEVEL: 'silent', DEMO_MODE: 'false', TOKEN_SECRET: SECRET }),
      {
        web: false,
        database: db,
        socketTestTokens: true,
      },
    )
    await other.listen({ port: 0, host: '127.0.0.1' })
    const socket = new WebSocket(
      `ws://127.0.0.1:${(other.server.address() as AddressInfo).port}/ws/trade/d/`,
    )
    await new Promise((resolve) => socket.on('open', resolve))
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
    await other.close()
    expect(await closed).toBe(1001)
    await db.close()
  })
})

describe('without demo mode', () => {
  it('refuses a test token signed with the server secret (4401)', async () => {
    const db = await testDatabase()
    const plain = await buildApp(
      readConfig({ LOG_LEVEL: 'silent', DEMO_MODE: 'false', TOKEN_SECRET: SECRET }),
      { web: false, database: db },
    )
    await plain.listen({ port: 0, host: '127.0.0.1' })
    const socket = new WebSocket(
      `ws://127.0.0.1:${(plain.server.address() as AddressInfo).port}/ws/trade/d/`,
    )
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
    await new Promise((resolve) => socket.on('open', resolve))
    socket.send(
      JSON.stringify({
        type: 'auth',
        token: signTestToken({ userId: 'mallory', clientId: null, roles: [] }, SECRET),
      }),
    )
    expect(await closed).toBe(4401)
    await plain.close()
    await db.close()
  })
})
