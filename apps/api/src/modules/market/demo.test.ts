// The demo market on a fresh demo server: real bonds quoted by the demo dealer and broker through
// the market service, an open cluster between them, and nothing posted twice while it is live.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { testDatabase } from '../../db/testing.ts'
import { as, signIn } from '../auth/testing.ts'
import { DEMO_BOOK } from './demo.ts'

let app: FastifyInstance
let database: Database
const config = readConfig({ LOG_LEVEL: 'silent', TOKEN_SECRET: 'demo-market' })

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(config, { web: false, database })
  await app.ready()
}, 180_000)

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
  }, 60_000)
})
