// Bad input is a 4xx, never a 5xx, and what went wrong is logged without the data (issue 19):
// each cause provoked against the real database (PGlite, or PostgreSQL under with-postgres), the
// answer checked, and the captured log searched for every value that must not be in it.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { clients, users } from '../db/schema.ts'
import { testDatabase, TEST_GSEC_2032 } from '../db/testing.ts'
import { finstruments } from '../db/schema.ts'

/** Values that reach the database in these tests and must never reach the log. */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$bG9nZ2VkLWhhc2gtbXVzdC1ub3Q'
const EMAIL = 'private.person@example.in'
const RESET_TOKEN = 'rst_4f1c9e0b7a2d'
const INVITE_CODE = 'inv_9a8b7c6d5e'
const NOT_A_UUID = 'not-a-uuid-7731'
const NOT_A_DATE = 'never-o-clock-5512'

let app: FastifyInstance
let database: Database
const lines: string[] = []
const log = () => lines.join('')

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(readConfig({ LOG_LEVEL: 'info', DEMO_MODE: 'false', TOKEN_SECRET: 'b' }), {
    web: false,
    database,
    logStream: { write: (line) => void lines.push(line) },
  })
  const db = database.db
  const route = (path: string, run: () => Promise<unknown>) =>
    app.get(path, { config: { access: 'public' } }, async () => {
      await run()
      return { ok: true }
    })
  // Each route makes PostgreSQL refuse a value the way a real request once did.
  route('/api/test-unique/', async () => {
    await db
      .insert(clients)
      .values({ id: 'c-bad-input', name: 'C', clientType: 'corporate' })
      .onConflictDoNothing()
    const user = { clientId: 'c-bad-input', email: EMAIL, passwordHash: HASH }
    await db
      .insert(users)
      .values({ id: 'u-first', ...user })
      .onConflictDoNothing()
    await db.insert(users).values({ id: 'u-second', ...user })
  })
  route('/api/test-uuid/', () => db.execute(sql`select ${NOT_A_UUID}::uuid`))
  route('/api/test-date-format/', () => db.execute(sql`select ${NOT_A_DATE}::date`))
  route('/api/test-date-range/', () => db.execute(sql`select ${'2026-13-45'}::date`))
  route('/api/test-nul/', () => db.execute(sql`select ${`a\u0000${EMAIL}`}::text`))
  route('/api/test-crash/', async () => {
    throw new Error('a bug, not bad input')
  })
  await db.insert(finstruments).values(TEST_GSEC_2032)
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

describe('PostgreSQL refusals answer 4xx with the error body', () => {
  it.each([
    ['/api/test-unique/', 409, 'This already exists. Refresh and try again.'],
    ['/api/test-uuid/', 400, 'A value is not in the expected format.'],
    ['/api/test-date-format/', 400, 'Please enter a valid date'],
    ['/api/test-date-range/', 400, 'Date should be between 1900-01-01 and 9999-12-31'],
    ['/api/test-nul/', 400, 'Should not contain control characters'],
  ])('%s → %i', async (url, status, message) => {
    const response = await app.inject({ method: 'GET', url })
    expect(response.json()).toMatchObject({ statusCode: status, message })
  })

  it('still answers 500 for a fault of the server', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test-crash/' })).statusCode).toBe(500)
  })
})

describe('a NUL character anywhere in a request', () => {
  it('is a 400 naming the field, in the path, the query or the body', async () => {
    const path = await app.inject({ method: 'GET', url: '/api/v2/finstrument/info/IN00%0020244' })
    expect(path.statusCode).toBe(400)
    expect(path.json()).toMatchObject({
      message: 'Should not contain control characters',
      fields: { id: 'Should not contain control characters' },
    })
    const query = await app.inject({
      method: 'GET',
      url: '/api/trade/finstrument/?searchKey=g%00s',
    })
    expect(query.statusCode).toBe(400)
    expect(query.json().fields).toEqual({ searchKey: 'Should not contain control characters' })
    const body = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: { category_values: { issuer: ['Government\u0000of India'] } },
    })
    expect(body.statusCode).toBe(400)
    expect(body.json().fields).toEqual({
      'category_values.issuer.0': 'Should not contain control characters',
    })
    const key = await app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { ['email\u0000']: EMAIL, password: 'x' },
    })
    expect(key.statusCode).toBe(400)
  })
})

describe('the screener cursor', () => {
  it('is a 400 when its maturity is not a date of 1900–9999', async () => {
    for (const key of ['2026-13-45', '0001-01-01']) {
      const cursor = Buffer.from(
        JSON.stringify(['maturity', 'asc', key, 'IN0020210244']),
        'utf8',
      ).toString('base64url')
      const response = await app.inject({
        method: 'POST',
        url: '/api/client-finstrument-list/',
        payload: {
          sort: { field: 'maturity', direction: 'asc' },
          pagination_params: { cursor, limit: 5 },
        },
      })
      expect(response.statusCode, key).toBe(400)
      expect(response.json().fields).toEqual({ cursor: 'Invalid cursor' })
    }
  })
})

describe('the log', () => {
  it('keeps the server request id and the client one apart', async () => {
    lines.length = 0
    const response = await app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-request-id': 'client-chosen-id\nforged' },
    })
    const served = response.headers['x-request-id']
    expect(served).toMatch(/^[0-9a-f-]{36}$/)
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of entries) {
      expect(entry).toMatchObject({ reqId: served, clientRequestId: 'client-chosen-idforged' })
    }
  })

  it('carries no row, parameter, token, code or e-mail address, whatever failed', async () => {
    lines.length = 0
    for (const url of [
      '/api/test-unique/',
      '/api/test-uuid/',
      '/api/test-date-format/',
      '/api/test-date-range/',
      '/api/test-nul/',
      `/api/test-crash/?token=${RESET_TOKEN}&invite_code=${INVITE_CODE}`,
      `/auth/reset-password?uid=u1&token=${RESET_TOKEN}`,
      `/client/register?invite_code=${INVITE_CODE}`,
      `/api/health/?email=${encodeURIComponent(EMAIL)}`,
    ]) {
      await app.inject({ method: 'GET', url })
    }
    const text = log()
    // Each refusal was logged, with what an operator needs: the code and the constraint.
    expect(text).toContain('"constraint":"users_email_unique"')
    for (const code of ['23505', '22P02', '22007', '22008', '22021']) {
      expect(text).toContain(`"code":"${code}"`)
    }
    // PostgreSQL's own words stay, without the value it quotes.
    expect(text).toContain('invalid input syntax for type uuid: [redacted]')
    expect(text).toContain('token=[redacted]')
    expect(text).toContain('invite_code=[redacted]')
    for (const secret of [
      HASH,
      'argon2id',
      EMAIL,
      'private.person',
      RESET_TOKEN,
      INVITE_CODE,
      NOT_A_UUID,
      NOT_A_DATE,
      'params:',
    ]) {
      expect(text, secret).not.toContain(secret)
    }
  })
})
