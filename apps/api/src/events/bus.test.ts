import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { testDatabase } from '../db/testing.ts'
import { signTestToken } from '../modules/trade-socket/test-token.ts'
import { createInProcessBus, createRedisBus, isForSocket, type DomainEvent } from './bus.ts'

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
    expect(isForSocket({ kind: 'all' }, 'u', null)).toBe(true)
    expect(isForSocket({ kind: 'users', userIds: ['u'] }, 'u', null)).toBe(true)
    expect(isForSocket({ kind: 'users', userIds: ['v'] }, 'u', 'c')).toBe(false)
    expect(isForSocket({ kind: 'clients', clientIds: ['c'] }, 'u', 'c')).toBe(true)
    expect(isForSocket({ kind: 'clients', clientIds: ['c'] }, 'u', null)).toBe(false)
  })
})

const redisUrl = process.env.TEST_REDIS_URL

describe.skipIf(!redisUrl)('Redis bus across two server instances', () => {
  const apps: FastifyInstance[] = []
  const databases: Database[] = []

  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const db of databases) await db.close()
  })

  it('delivers an event published on one instance to sockets on both', async () => {
    const secret = 'two-instances'
    const urls: string[] = []
    for (let i = 0; i < 2; i += 1) {
      const database = await testDatabase()
      databases.push(database)
      const app = await buildApp(
        readConfig({
          LOG_LEVEL: 'silent',
          DEMO_MODE: 'false',
          TOKEN_SECRET: secret,
          REDIS_URL: redisUrl,
        }),
        { web: false, database },
      )
      await app.listen({ port: 0, host: '127.0.0.1' })
      apps.push(app)
      urls.push(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/trade/d/`)
    }
    const received = await Promise.all(
      urls.map(
        (url, i) =>
          new Promise<{ socket: WebSocket; got: Promise<unknown> }>((resolve) => {
            const socket = new WebSocket(url)
            let deliver: (value: unknown) => void = () => undefined
            const got = new Promise((r) => (deliver = r))
            socket.on('message', (data) => {
              const message = JSON.parse(String(data)) as { type: string }
              if (message.type === 'auth_ok') resolve({ socket, got })
              if (message.type === 'quotes_eoi') deliver(message)
            })
            socket.on('open', () =>
              socket.send(
                JSON.stringify({
                  type: 'auth',
                  token: signTestToken({ userId: `u${i}`, clientId: null, roles: [] }, secret),
                }),
              ),
            )
          }),
      ),
    )
    await apps[0]!.events.publish(event)
    const messages = await Promise.all(received.map((r) => r.got))
    expect(messages).toEqual([event.message, event.message])
    for (const r of received) r.socket.close()
  }, 30_000)

  it('drops malformed events on the channel instead of crashing', async () => {
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
