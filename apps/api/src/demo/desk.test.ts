// The live demo market on a real demo server, stepped by hand: the demo dealer and broker post,
// move, counter and deal through the market service (what a third firm sees in RFQ quotes and the
// tickets the deals become); nothing while the market is closed; no desk outside demo mode.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { as, signIn } from '../modules/auth/testing.ts'
import { universeTestDatabase } from '../modules/finstruments/testing.ts'
import type { DeskStep } from './desk.ts'

/** Thursday 26 November 2026, 10:30 IST: a business day, the market open. */
const MORNING = Date.parse('2026-11-26T05:00:00Z')
/** 17:30 IST: closed. */
const EVENING = Date.parse('2026-11-26T12:00:00Z')

let app: FastifyInstance
let database: Database
let now = MORNING
const steps: DeskStep[] = []

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', TOKEN_SECRET: 'demo-desk' }),
    {
      web: false,
      database,
      clock: () => new Date(now),
      demoMarket: false,
      demoChat: false,
      demoInventory: false,
      demoDesk: { mode: 'manual', seed: 7 },
    },
  )
  await app.ready()
  // A few minutes of desk time: each step a few seconds after the last.
  for (let i = 0; i < 40; i += 1) {
    steps.push(await app.demoDesk!.step())
    now += 6_000
  }
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const done = (kind: string) => steps.filter((s) => 'done' in s && s.done.kind === kind)

describe('the live demo market', () => {
  it('posts, moves, counters, deals and withdraws, and few of its actions are refused', () => {
    for (const kind of ['post', 'move', 'counter', 'deal']) {
      expect(done(kind).length, kind).toBeGreaterThan(0)
    }
    expect(steps.filter((s) => 'skipped' in s).length).toBeLessThanOrEqual(3)
  })

  it('shows its quotes to another firm in RFQ quotes, its levels close together on each bond', async () => {
    const token = (await signIn(app, 'broker@demo.test')).access
    const answer = await as(app, token, {
      method: 'GET',
      url: '/api/eoi/rfq-quote/?paginate=false',
    })
    expect(answer.statusCode).toBe(200)
    const quotes = answer.json().results as {
      isin: string
      quote_type: 'BID' | 'ASK'
      yield_stored: number
      state: string
    }[]
    const live = quotes.filter((q) => q.state !== 'CLOSED')
    expect(live.length).toBeGreaterThan(5)
    // Every level within 20 bp of the others on its bond: prices move around one level.
    for (const isin of new Set(live.map((q) => q.isin))) {
      const yields = live.filter((q) => q.isin === isin).map((q) => q.yield_stored)
      expect(Math.max(...yields) - Math.min(...yields), isin).toBeLessThan(0.002)
    }
  })

  it('hands its deals to ticketing: a ticket of the accepting firm, sent to the other', async () => {
    const ids = done('deal').flatMap((s) => ('ticketId' in s && s.ticketId ? [s.ticketId] : []))
    expect(ids.length).toBeGreaterThan(0)
    const tickets: { id: number; state: string }[] = []
    for (const email of ['dealer@demo.test', 'broker@demo.test']) {
      const token = (await signIn(app, email)).access
      const answer = await as(app, token, { method: 'GET', url: '/api/chatter/trade/' })
      expect(answer.statusCode).toBe(200)
      tickets.push(...(answer.json().results as { id: number; state: string }[]))
    }
    for (const id of ids) expect(tickets.find((t) => t.id === id)?.state, String(id)).toBe('sent')
  })

  it('does nothing while the market is closed', async () => {
    now = EVENING
    expect(await app.demoDesk!.step()).toEqual({ skipped: 'closed' })
    now = MORNING + 40 * 6_000
  })

  it('runs no desk outside demo mode', async () => {
    const plain = await buildApp(readConfig({ LOG_LEVEL: 'silent', TOKEN_SECRET: 'no-desk' }), {
      web: false,
      database,
      demoDesk: { mode: 'run', seed: 7 },
    })
    await plain.ready()
    expect(plain.demoDesk).toBeNull()
    await plain.close()
    expect(readConfig({ DEMO_MODE: 'true' }).demoDesk).toBe(true)
    expect(readConfig({ DEMO_MODE: 'true', DEMO_DESK: 'false' }).demoDesk).toBe(false)
    expect(readConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demoDesk).toBe(false)
  })
})
