import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildApp } from '../app.ts'
import { testDatabase } from '../db/testing.ts'
import type { Database } from '../db/index.ts'
import { readConfig } from '../config.ts'
import { CONTENTION_MESSAGE, HttpError } from './errors.ts'

let app: FastifyInstance
let database: Database

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(readConfig({ LOG_LEVEL: 'silent', DEMO_MODE: 'false' }), {
    web: false,
    database,
  })
  app.withTypeProvider<ZodTypeProvider>().post('/api/test-echo/', {
    config: { access: 'public' },
    schema: {
      body: z.object({
        quantum: z.number({ error: 'Should be number' }).positive('Cannot be zero'),
        pan: z.string().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, 'Please enter a valid PAN (10 Digits).'),
      }),
    },
    handler: async (request) => request.body,
  })
  app.get('/api/test-teapot/', { config: { access: 'public' } }, async () => {
    throw new HttpError(409, 'Already closed', { eoi: 'Already closed' })
  })
  app.get(
    '/api/test-limited/',
    { config: { access: 'public', rateLimit: { max: 2, timeWindow: '1 minute' } } },
    async () => ({
      ok: true,
    }),
  )
  app.get('/api/test-crash/', { config: { access: 'public' } }, async () => {
    throw new Error('secret internals')
  })
  // What a query raises when PostgreSQL cannot be reached: the driver's errors, as drizzle wraps them.
  const unreachable = [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('Failed query: select 1', {
      cause: new Error('timeout exceeded when trying to connect'),
    }),
    new Error('Failed query: select 1', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      }),
    }),
  ]
  for (const [i, error] of unreachable.entries()) {
    app.get(`/api/test-db-down-${i}/`, { config: { access: 'public' } }, async () => {
      throw error
    })
  }
  // PostgreSQL aborting a transaction for a concurrent one, as drizzle wraps node-postgres's error.
  const contention = ['40P01', '40001'].map(
    (code) =>
      new Error('Failed query: update venue_rfqs set state = $1 where id = $2', {
        cause: Object.assign(new Error('deadlock detected'), { code, severity: 'ERROR' }),
      }),
  )
  for (const [i, error] of contention.entries()) {
    app.post(`/api/test-contention-${i}/`, { config: { access: 'public' } }, async () => {
      throw error
    })
  }
  // A real deadlock on PostgreSQL (PGlite has one connection: none there): two transactions take
  // two rows in opposite orders; PostgreSQL aborts one, whose error this route answers with.
  app.post('/api/test-deadlock/', { config: { access: 'public' } }, async () => {
    const { db } = database
    await db.execute(sql`create table if not exists lock_probe (id int primary key, n int)`)
    await db.execute(sql`insert into lock_probe values (1, 0), (2, 0) on conflict do nothing`)
    let arrived = 0
    let release = () => {}
    const bothHoldTheirFirst = new Promise<void>((resolve) => (release = resolve))
    const crossing = (first: number, second: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update lock_probe set n = n + 1 where id = ${first}`)
        arrived += 1
        if (arrived === 2) release()
        await bothHoldTheirFirst
        await tx.execute(sql`update lock_probe set n = n + 1 where id = ${second}`)
      })
    const settled = await Promise.allSettled([crossing(1, 2), crossing(2, 1)])
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')
    if (failed) throw failed.reason
    return { deadlocked: false }
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

describe('error bodies', () => {
  it('names each invalid field with its message, first field first', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo/',
      payload: { quantum: 0, pan: 'abc' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Cannot be zero',
      fields: { quantum: 'Cannot be zero', pan: 'Please enter a valid PAN (10 Digits).' },
    })
  })

  it('answers broken JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo/',
      payload: '{"quantum":',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().statusCode).toBe(400)
  })

  it('answers an HttpError with its status, message and fields', async () => {
    const response = await app.inject({ url: '/api/test-teapot/' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Already closed',
      fields: { eoi: 'Already closed' },
    })
  })

  it('hides the internals of an unexpected error behind the generic text', async () => {
    const response = await app.inject({ url: '/api/test-crash/' })
    expect(response.statusCode).toBe(500)
    expect(response.json().message).toBe('Something went wrong, Please try again.')
    expect(response.body).not.toContain('secret internals')
  })

  it('answers 503 with Retry-After when the database cannot be reached, never 500', async () => {
    for (const i of [0, 1, 2]) {
      const response = await app.inject({ url: `/api/test-db-down-${i}/` })
      expect(response.statusCode, `case ${i}`).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.json().message).toBe(
        'The service is briefly unavailable. Please try again in a moment.',
      )
    }
  })

  it('answers 503 with a short Retry-After when PostgreSQL aborts for a concurrent transaction', async () => {
    for (const i of [0, 1]) {
      const response = await app.inject({ method: 'POST', url: `/api/test-contention-${i}/` })
      expect(response.statusCode, `case ${i}`).toBe(503)
      expect(response.headers['retry-after']).toBe('1')
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: CONTENTION_MESSAGE,
      })
      expect(response.body).not.toContain('venue_rfqs')
    }
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers a real PostgreSQL deadlock with the retryable 503, not 500',
    async () => {
      const response = await app.inject({ method: 'POST', url: '/api/test-deadlock/' })
      expect(response.statusCode).toBe(503)
      expect(response.json().message).toBe(CONTENTION_MESSAGE)
    },
  )

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.inject({ url: '/api/nope/' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
  })
})

describe('rate limits', () => {
  it('answers 429 with the error body once the limit of a route is spent', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i += 1)
      statuses.push((await app.inject({ url: '/api/test-limited/' })).statusCode)
    expect(statuses).toEqual([200, 200, 429])
    const limited = await app.inject({ url: '/api/test-limited/' })
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
  })
})

describe('headers and docs', () => {
  it('sends security headers and a strict CSP', async () => {
    const response = await app.inject({ url: '/api/health/' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-request-id']).toBeTruthy()
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('serves an OpenAPI document listing the API routes', async () => {
    const response = await app.inject({ url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> }
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toContain('/api/health/')
    // WebSocket routes are not HTTP operations; the document describes the trade socket instead.
    expect(JSON.stringify(doc)).toContain('/ws/trade/d/')
  })
})
