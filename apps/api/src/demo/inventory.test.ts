// The demo book (demo mode): Demo Capital's dealer starts with G-secs, SDLs, PSU and bank bonds in
// three books, entered once through the upload and external-trade use cases, every row clean.
import type { InventoryPage } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { readConfig } from '../config.ts'
import type { Database } from '../db/index.ts'
import { inventoryEntries } from '../db/inventory-schema.ts'
import { as, signIn } from '../modules/auth/testing.ts'
import { universeTestDatabase } from '../modules/finstruments/testing.ts'
import { DEMO_HOLDINGS } from './inventory.ts'

let app: FastifyInstance
let database: Database
const config = readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', TOKEN_SECRET: 'demo-book' })
const start = async () => {
  app = await buildApp(config, { web: false, database, demoMarket: false, demoChat: false })
  await app.ready()
}

beforeAll(async () => {
  database = await universeTestDatabase()
  await start()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

describe('the demo book', () => {
  it('holds every demo bond, by book, with the sale by phone settled', async () => {
    const token = (await signIn(app, 'dealer@demo.test')).access
    const res = await as(app, token, { method: 'GET', url: '/api/inventory/?page_size=500' })
    expect(res.statusCode).toBe(200)
    const page = res.json<InventoryPage>()
    expect(page.count).toBe(DEMO_HOLDINGS.length)
    expect(page.totals.by_book.map((b) => b.book)).toEqual(['AFS', 'HTM', 'Trading'])
    expect(new Set(page.results.map((p) => p.type))).toEqual(new Set(['GSEC', 'SDL', 'CORPORATE']))
    const gs2033 = page.results.find((p) => p.isin === 'IN0020230085')!
    expect(gs2033.face_value).toBe(450_000_000)
  })

  it('is entered once: a restart adds nothing', async () => {
    const before = (await database.db.select().from(inventoryEntries)).length
    await app.close()
    await start()
    expect((await database.db.select().from(inventoryEntries)).length).toBe(before)
  })
})
