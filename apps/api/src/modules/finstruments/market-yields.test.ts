// A bond no fund disclosure prices (every G-sec and SDL) shows the market's yield where there is
// one: the latest live quote's, else a recent trade's, with its source and time; otherwise none,
// and the source says so (issue 16).
import type { FinstrumentSummary } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { trades } from '../../db/schema.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from './testing.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032: no disclosure
const GS_2033 = 'IN0020220151' // 7.26% GS 2033: no disclosure
const CHOLA_2028 = 'INE121A07RE9' // a disclosed yield of 8.75%

let app: FastifyInstance
let database: Database
let dealer: string
let researcher: string

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', TOKEN_SECRET: 'yields-test' }),
    { web: false, database, demoMarket: false, demoChat: false },
  )
  await app.ready()
  dealer = (await signIn(app, 'dealer@demo.test')).access
  researcher = (await signIn(app, 'researcher@demo.test')).access
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/** A bond's info, as a visitor sees it or with a signed-in user's token. */
const info = async (id: string, token?: string): Promise<FinstrumentSummary> =>
  (await as(app, token ?? null, { method: 'GET', url: `/api/v2/finstrument/info/${id}` })).json()

const searched = async (key: string, id: string, token?: string) => {
  const url = `/api/trade/finstrument/?searchKey=${encodeURIComponent(key)}`
  const found = (await as(app, token ?? null, { method: 'GET', url })).json()
  return (found as FinstrumentSummary[]).find((b) => b.id === id)
}

describe("the market's yield", () => {
  it('is none for a G-sec with no disclosure, quote or trade, and the source says so', async () => {
    expect(await info(GS_2032)).toMatchObject({
      indicative_yield: null,
      indicative_yield_source: null,
    })
  })

  it('keeps a fund disclosure where there is one', async () => {
    expect(await info(CHOLA_2028)).toMatchObject({
      indicative_yield: 0.0875,
      indicative_yield_source: 'disclosure',
    })
  })

  it('is a live quote’s for a trader, with its time, in search, the screener and the bond', async () => {
    const before = Date.now()
    const posted = await as(app, dealer, {
      method: 'POST',
      url: '/api/trade/eoi/',
      payload: {
        finstrument_id: GS_2032,
        quote_type: 'BID',
        quantum: 50_000_000,
        yield_stored: 0.0681,
        settlement_delta: 1,
      },
    })
    expect(posted.statusCode, posted.body).toBe(201)
    const bond = await info(GS_2032, dealer)
    expect(bond).toMatchObject({ indicative_yield: 0.0681, indicative_yield_source: 'quote' })
    expect(Date.parse(bond.indicative_yield_as_of ?? '')).toBeGreaterThanOrEqual(before - 1000)
    expect(await searched('6.54 2032', GS_2032, dealer)).toMatchObject({
      indicative_yield: 0.0681,
      indicative_yield_source: 'quote',
    })
    // Quotes are for trade access (spec section 6): a visitor and a researcher see none.
    expect(await info(GS_2032)).toMatchObject({ indicative_yield: null })
    expect(await info(GS_2032, researcher)).toMatchObject({ indicative_yield: null })
    expect(await searched('6.54 2032', GS_2032)).toMatchObject({ indicative_yield_source: null })
    const screen = await as(app, dealer, {
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: {
        filters: [{ category: 'timeToMaturity', operator: 'dateIs', value: '2032-01-17' }],
      },
    })
    expect(screen.statusCode, screen.body).toBe(200)
    const row = (screen.json().results as FinstrumentSummary[]).find((b) => b.id === GS_2032)
    expect(row?.indicative_yield_source).toBe('quote')
  })

  it('is a recent trade’s where no quote is live, for anyone, and never an old trade’s', async () => {
    const day = 24 * 60 * 60 * 1000
    const trade = (ago: number, bondYield: number) => ({
      finstrumentId: GS_2033,
      tradedAt: new Date(Date.now() - ago),
      cleanPrice: 101,
      bondYield,
      quantity: 100_000,
      faceValue: 10_000_000,
      venue: 'OTC',
      source: 'test',
    })
    await database.db.insert(trades).values([trade(40 * day, 0.07), trade(2 * day, 0.0702)])
    expect(await info(GS_2033)).toMatchObject({
      indicative_yield: 0.0702,
      indicative_yield_source: 'trade',
    })
  })
})
