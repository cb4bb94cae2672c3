// The demo market on a fresh demo server: real bonds quoted by the demo dealer and broker through
// the market service, an open cluster between them, and nothing posted twice while it is live.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { as, signIn } from '../modules/auth/testing.ts'
import { firstLiveEoiExpiry } from '../modules/market/index.ts'
import { userByEmail } from '../modules/accounts/index.ts'
import { DEMO_BOOK, DEMO_MARKET_CHECK_MS, nextDemoMarketCheckMs } from './market.ts'
import { universeTestDatabase } from '../modules/finstruments/testing.ts'

let app: FastifyInstance
let database: Database
const config = readConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  TOKEN_SECRET: 'demo-market',
})

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(config, { web: false, database })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

describe('the demo market', () => {
  it('quotes both sides of every demo bond, offers below bids in yield', async () => {
    const broker = (await signIn(app, 'broker@demo.test')).access
    for (const { isin, sizes } of DEMO_BOOK) {
      const depth = (
        await as(app, broker, { method: 'GET', url: `/api/quote/depth/?isin=${isin}` })
      ).json()
      expect(depth.asks, isin).toHaveLength(sizes.length)
      expect(depth.bids, isin).toHaveLength(sizes.length)
      expect(depth.asks[0].bond_yield, isin).toBeLessThan(depth.bids[0].bond_yield)
      expect(depth.asks[0].unit_clean_price, isin).toBeGreaterThan(depth.bids[0].unit_clean_price)
    }
  })

  it('leaves the demo dealer an open cluster with the broker', async () => {
    const dealer = (await signIn(app, 'dealer@demo.test')).access
    const clusters = (
      await as(app, dealer, { method: 'GET', url: '/api/trade/cluster/?open=true' })
    ).json()
    expect(clusters.results).toHaveLength(1)
    expect(clusters.results[0]).toMatchObject({
      side: 'SELLER',
      buyer_name: 'Demo Securities',
      isin: DEMO_BOOK[0]?.isin,
    })
  })

  it('posts nothing more on a restart while its quotes are live', async () => {
    const dealer = (await signIn(app, 'dealer@demo.test')).access
    const count = async () =>
      (await as(app, dealer, { method: 'GET', url: '/api/trade/eoi/' })).json().count
    const before = await count()
    const again = await buildApp(config, { web: false, database })
    await again.ready()
    await again.close()
    expect(await count()).toBe(before)
  })

  it('checks its book again a second after its first quote expires, and within the hour', async () => {
    const dealer = await userByEmail(database.db, 'dealer@demo.test')
    const now = new Date()
    const expiry = await firstLiveEoiExpiry(database.db, dealer!.clientId, now)
    const firstExpiry = new Date(expiry!).getTime()
    const expected = Math.min(firstExpiry + 1000 - now.getTime(), DEMO_MARKET_CHECK_MS)
    expect(await nextDemoMarketCheckMs(database.db, now)).toBe(expected)
    // After the close the book has nothing live: the next look is within the hour.
    const afterClose = new Date(firstExpiry + 60_000)
    expect(await nextDemoMarketCheckMs(database.db, afterClose)).toBeLessThanOrEqual(
      DEMO_MARKET_CHECK_MS,
    )
  })
})
