// Events survive a bus outage (issue 19, decision 256): the relay over a bus that fails and comes
// back, then the fault test of two instances on one database and one Redis, with Redis killed
// and restarted under them while a dealer posts a quote.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { and, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { eventOutbox } from '../db/schema.ts'
import { testDatabase } from '../db/testing.ts'
import { as, signIn } from '../modules/auth/testing.ts'
import { universeTestDatabase } from '../modules/finstruments/testing.ts'
import { createInProcessBus, type DomainEvent, type EventBus } from './bus.ts'
import { durableBus, type DurableBus } from './relay.ts'

const event = (id: number): DomainEvent => ({
  audience: { kind: 'all' },
  message: {
    type: 'quotes_eoi',
    data: { eoi_id: id, finstrument_id: 'IN0020210244', quote_type: 'BID', state: 'DEFAULT' },
  },
})
const eoiIds = (events: DomainEvent[]) =>
  events.flatMap((e) => (e.message.type === 'quotes_eoi' ? [e.message.data.eoi_id as number] : []))

/**
 * An in-process bus that refuses every publish while `down`, and while `away` takes them but
 * does not pass them on (this instance's subscription is lost) until `resubscribe()`.
 */
function flakyBus(): EventBus & { down: boolean; away: boolean; resubscribe(): void } {
  const inner = createInProcessBus()
  const resubscribed: (() => void)[] = []
  const bus = {
    down: false,
    away: false,
    async publish(e: DomainEvent) {
      if (bus.down) throw new Error('the bus is down')
      if (!bus.away) await inner.publish(e)
    },
    subscribe: inner.subscribe,
    close: inner.close,
    onResubscribed: (handler: () => void) => void resubscribed.push(handler),
    resubscribe() {
      bus.away = false
      for (const handler of resubscribed) handler()
    },
  }
  return bus
}

async function until(done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const start = Date.now()
  while (!(await done())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('the event relay', () => {
  let database: Database
  beforeAll(async () => {
    database = await testDatabase()
  })
  afterAll(async () => database.close())

  it('keeps events while the bus is down and delivers them in order when it is back', async () => {
    const flaky = flakyBus()
    const bus = durableBus(database.db, flaky, { timings: { retryMinMs: 10, retryMaxMs: 40 } })
    const received: DomainEvent[] = []
    bus.subscribe((e) => received.push(e))

    await bus.publish(event(1))
    await until(() => received.length === 1)
    flaky.down = true
    await bus.publish(event(2))
    await bus.publish(event(3))
    await bus.flush()
    expect(eoiIds(received)).toEqual([1])
    expect(await bus.pending()).toBe(2)

    flaky.down = false
    await until(() => received.length === 3)
    expect(eoiIds(received)).toEqual([1, 2, 3])
    // Marked published once the pass that delivered them commits (a moment after delivery).
    await until(async () => (await bus.pending()) === 0)
    await bus.close()
  })

  it('does not deliver again what the bus took before it refused one', async () => {
    const flaky = flakyBus()
    const bus = durableBus(database.db, flaky, { timings: { retryMinMs: 10, retryMaxMs: 40 } })
    const received: DomainEvent[] = []
    // The bus takes event 4, then goes down as it delivers it.
    bus.subscribe((e) => {
      received.push(e)
      flaky.down = true
    })
    flaky.down = true
    await bus.publish(event(4))
    await bus.publish(event(5))
    flaky.down = false
    await until(() => received.length === 1)
    await bus.flush()
    expect(await bus.pending()).toBe(1)
    flaky.down = false
    await until(() => received.length === 2)
    expect(eoiIds(received)).toEqual([4, 5])
    await bus.close()
  })

  it('reads again what was published while this instance was not subscribed, once', async () => {
    const flaky = flakyBus()
    const bus = durableBus(database.db, flaky, { timings: { retryMinMs: 10, retryMaxMs: 40 } })
    const received: DomainEvent[] = []
    bus.subscribe((e) => received.push(e))
    await bus.publish(event(6))
    await until(() => received.length === 1)

    flaky.away = true
    await bus.publish(event(7))
    await bus.flush()
    expect(await bus.pending()).toBe(0)
    expect(eoiIds(received)).toEqual([6])

    flaky.resubscribe()
    await until(() => received.length === 2)
    await bus.publish(event(8))
    await until(() => received.length === 3)
    expect(eoiIds(received)).toEqual([6, 7, 8])
    // Handlers get the event as published, without the outbox's id.
    expect(received[1]).toEqual(event(7))
    await bus.close()
  })
})

const REDIS = '/usr/bin/redis-server'

/** Whether something accepts connections on a local port. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

describe.skipIf(!existsSync(REDIS))(
  'two instances, one database, Redis killed and restarted',
  () => {
    let database: Database
    let redis: ChildProcess | undefined
    let port: number
    const apps: FastifyInstance[] = []
    const seen: DomainEvent[] = []

    const startRedis = async () => {
      redis = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
        stdio: 'ignore',
      })
      await until(() => accepting(port))
    }
    const stopRedis = async () => {
      const exited = new Promise((r) => redis?.once('exit', r))
      redis?.kill('SIGKILL')
      await exited
    }

    beforeAll(async () => {
      port = await freePort()
      await startRedis()
      database = await universeTestDatabase()
      for (let i = 0; i < 2; i += 1) {
        const app = await buildApp(
          readConfig({
            DEMO_MODE: 'true',
            LOG_LEVEL: 'silent',
            TOKEN_SECRET: 'relay-fault-test',
            AUTH_RATE_LIMIT: '10000',
            REDIS_URL: `redis://127.0.0.1:${port}`,
          }),
          { web: false, database, demoMarket: false, demoChat: false },
        )
        await app.ready()
        apps.push(app)
      }
      apps[1]?.events.subscribe((e) => seen.push(e))
    }, 120_000)

    /**
     * Events of one quote stored and not yet relayed (the demo's own events on the same database
     * are not counted).
     */
    const waiting = async (eoiId: number) => {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(eventOutbox)
        .where(
          and(
            isNull(eventOutbox.publishedAt),
            sql`${eventOutbox.event} -> 'message' -> 'data' ->> 'eoi_id' = ${String(eoiId)}`,
          ),
        )
      return Number(row?.n ?? 0)
    }

    afterAll(async () => {
      for (const app of apps) await app.close()
      redis?.kill('SIGKILL')
      await database?.close()
    })

    it('stores the quote once, answers success, and delivers its event to the other instance when Redis is back', async () => {
      const [a] = apps as [FastifyInstance]
      const token = (await signIn(a, 'dealer@demo.test')).access
      const post = () =>
        as(a, token, {
          method: 'POST',
          url: '/api/trade/eoi/',
          payload: {
            finstrument_id: 'IN0020210244',
            quote_type: 'BID',
            quantum: 10_000_000,
            yield_stored: 0.0695,
            settlement_delta: 1,
          },
        })
      const mine = async () =>
        (
          (await as(a, token, { method: 'GET', url: '/api/trade/eoi/' })).json() as {
            count: number
          }
        ).count

      // Redis up: the other instance hears of the quote.
      const first = await post()
      expect(first.statusCode).toBe(201)
      const firstId = (first.json() as { id: number }).id
      await until(() => eoiIds(seen).includes(firstId))

      await stopRedis()
      const before = await mine()
      const second = await post()
      expect(second.statusCode).toBe(201)
      const secondId = (second.json() as { id: number }).id
      expect(await mine()).toBe(before + 1)
      // The relay has tried the bus and been refused: the quote's two events (the market's and
      // the firm's own copy) wait in the outbox, and the other instance has not heard of it.
      await (a.events as DurableBus).flush()
      expect(await waiting(secondId)).toBe(2)
      expect(eoiIds(seen)).not.toContain(secondId)

      const restarted = Date.now()
      await startRedis()
      // Once to the market, once more to the poster's firm with mine (decision 310). The two are
      // published one after the other, so each is waited for, not just the first to arrive.
      const heard = (kind: DomainEvent['audience']['kind']) =>
        eoiIds(seen.filter((e) => e.audience.kind === kind)).filter((id) => id === secondId)
      await until(() => heard('permission').length > 0 && heard('clients').length > 0, 30_000)
      console.info(
        `relay: the events reached the other instance ${Date.now() - restarted} ms after Redis restarted`,
      )
      // Marked relayed once the pass that delivered them commits (on either instance); after
      // that no pass publishes them again, so each was heard exactly once: never twice.
      await until(async () => (await waiting(secondId)) === 0)
      expect(heard('permission')).toHaveLength(1)
      expect(heard('clients')).toHaveLength(1)
      expect(await mine()).toBe(before + 1)
    }, 120_000)
  },
)
