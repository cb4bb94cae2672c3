// Auth-route limits count per address, whatever bearer token is sent; behind named proxies the
// address is the client's, not the proxy's; with Redis, instances share one count (issue 19).
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { testDatabase } from '../db/testing.ts'

const opened: { app: FastifyInstance; database: Database }[] = []
afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close()
    await database.close()
  }
})

async function appWith(env: Record<string, string>, database?: Database) {
  const db = database ?? (await testDatabase())
  const app = await buildApp(
    readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', TOKEN_SECRET: 'limits', ...env }),
    { web: false, database: db, universe: false, demoMarket: false, demoChat: false },
  )
  opened.push({ app, database: db })
  return { app, database: db }
}

const signIn = (
  app: FastifyInstance,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/api/token/',
    headers,
    remoteAddress,
    payload: { email: 'dealer@demo.test', password: 'Demo@12345' },
  })

describe('auth-route limits', () => {
  it('count per address: a bearer token sent along buys no other bucket', async () => {
    const { app } = await appWith({ AUTH_RATE_LIMIT: '4' })
    const first = (await signIn(app)).json().access as string
    const second = (await signIn(app)).json().access as string
    const statuses: number[] = []
    for (const token of [first, second, first]) {
      statuses.push((await signIn(app, { authorization: `Bearer ${token}` })).statusCode)
    }
    expect(statuses).toEqual([200, 200, 429])
  })

  it('count the client behind a named proxy, and the proxy itself otherwise', async () => {
    const behind = await appWith({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: '10.0.0.5' })
    const direct = await appWith({ AUTH_RATE_LIMIT: '2' })
    const through = (app: FastifyInstance, client: string) =>
      signIn(app, { 'x-forwarded-for': client }, '10.0.0.5')
    // Three users behind the one load balancer, two requests each: none is limited.
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await through(behind.app, client)).statusCode).toBe(200)
      expect((await through(behind.app, client)).statusCode).toBe(200)
    }
    // Without TRUST_PROXY the forwarded header is not believed: one bucket for all.
    const statuses = []
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push((await through(direct.app, client)).statusCode)
    }
    expect(statuses).toEqual([200, 200, 429])
  })

  it('refuse a TRUST_PROXY that is not addresses', () => {
    expect(() => readConfig({ TRUST_PROXY: 'lb.internal' })).toThrow('addresses or CIDR ranges')
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
    ])
  })

  const redisUrl = process.env.TEST_REDIS_URL
  it.skipIf(!redisUrl)('are counted once across instances sharing Redis', async () => {
    const shared = await testDatabase()
    const env = { AUTH_RATE_LIMIT: '3', REDIS_URL: redisUrl ?? '' }
    const one = await appWith(env, shared)
    const two = await appWith(env)
    // A fresh address, so earlier runs' counts on the shared Redis do not matter.
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
    const statuses = []
    for (const app of [one.app, two.app, one.app, two.app]) {
      statuses.push((await signIn(app, {}, address)).statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})
