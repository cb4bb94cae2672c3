// GET api/trade/timings on the real app with the server's clock fixed: the market's hours in IST,
// and the restriction text for a user without trade access.
import { TRADE_RESTRICTION_TEXT } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { testDatabase } from '../../db/testing.ts'
import { as, signIn } from '../auth/testing.ts'
import { istInstant } from './hours.ts'

let app: FastifyInstance
let database: Database
let now = istInstant('2026-11-25', '10:30')
const token: Record<string, string> = {}

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(
    readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', TOKEN_SECRET: 'timings-test' }),
    { web: false, database, universe: false, demoMarket: false, clock: () => now },
  )
  await app.ready()
  for (const who of ['dealer', 'viewer'])
    token[who] = (await signIn(app, `${who}@demo.test`)).access
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const timings = (who: string | null, query = '') =>
  as(app, who ? (token[who] as string) : null, { method: 'GET', url: `/api/trade/timings${query}` })

describe('GET api/trade/timings', () => {
  it('says the market is open, until when, and that the dealer may trade', async () => {
    now = istInstant('2026-11-25', '10:30')
    const response = await timings('dealer')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      timezone: 'Asia/Kolkata',
      calendar: 'RBI/Mumbai (NI Act holidays in Mumbai)',
      calendar_complete: false,
      now: '2026-11-25T05:00:00.000Z',
      today: '2026-11-25',
      open_time: '09:00',
      close_time: '17:00',
      is_business_day: true,
      holiday: null,
      is_open: true,
      next_open: '2026-11-26T03:30:00.000Z',
      next_close: '2026-11-25T11:30:00.000Z',
      message: 'The market is open until 17:00 IST.',
      can_trade: true,
      restriction: null,
    })
  })

  it('gives a user without trade access the restriction text', async () => {
    const body = (await timings('viewer')).json()
    expect(body).toMatchObject({ can_trade: false, restriction: TRADE_RESTRICTION_TEXT })
    expect(body.restriction).toContain('09:00–17:00 IST')
  })

  it('follows the clock: a holiday, then the weekend after it', async () => {
    now = istInstant('2026-12-25', '12:00')
    expect((await timings('dealer')).json()).toMatchObject({
      is_open: false,
      is_business_day: false,
      holiday: 'Christmas',
      next_open: '2026-12-28T03:30:00.000Z',
      message:
        'The market is closed today (Christmas). It opens on Monday, 28 December at 09:00 IST.',
    })
    now = istInstant('2026-12-26', '12:00')
    expect((await timings('dealer')).json()).toMatchObject({ holiday: null, is_open: false })
  })

  it('needs a signed-in caller and takes no query', async () => {
    expect((await timings(null)).statusCode).toBe(401)
    const bad = await timings('dealer', '?at=now')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Unknown field: at')
  })
})

describe('OpenAPI', () => {
  it('documents the dart workspace’s endpoints from their schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys(response.json().paths as object)
    for (const path of [
      '/api/trade/timings',
      '/api/clients/',
      '/api/clients/offline-records/{id}/',
      '/api/chatter/search-trade-participants',
      '/api/trade/members/{id}/',
    ]) {
      expect(paths).toContain(path)
    }
  })
})
