// What can be traded comes first (decision 110), on India's date: the real app on PGlite holding the
// whole universe, its clock fixed at 01:00 IST on 1 March 2027 — still 28 February in UTC, so a
// query that read the database's date (or UTC's) would disagree with the page about what matured.
import type { FinstrumentSummary } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { trades } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'

/** 01:00 IST on 1 March 2027 (19:30 UTC on 28 February). */
const NOW = new Date('2027-02-28T19:30:00Z')
const INDIA_TODAY = '2027-03-01'
const UTC_TODAY = '2027-02-28'

let app: FastifyInstance
let database: Database

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent' }), {
    web: false,
    database,
    demoMarket: false,
    clock: () => NOW,
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

async function search(searchKey: string): Promise<FinstrumentSummary[]> {
  const response = await app.inject({ url: '/api/trade/finstrument/', query: { searchKey } })
  expect(response.statusCode).toBe(200)
  return response.json()
}

/** Live and priced: what a desk can trade now. */
function tradable(b: FinstrumentSummary): boolean {
  return b.can_be_priced && !b.is_matured && b.contract_parameters.is_listed
}

/** A stub: no maturity date, or no coupon where one is due (floating-rate bonds have none). */
function stub(b: FinstrumentSummary): boolean {
  return (
    b.contract_parameters.maturity_date === null ||
    (b.coupon_rate === null && !/FRB/.test(b.security_type ?? ''))
  )
}

/** The tier a result should be in: tradable, live, matured, stub. */
function tier(b: FinstrumentSummary): number {
  if (tradable(b)) return 0
  if (b.is_matured) return 2
  return stub(b) ? 3 : 1
}

function expectTiersInOrder(results: FinstrumentSummary[]) {
  const tiers = results.map(tier)
  expect(tiers).toEqual([...tiers].sort((a, b) => a - b))
}

describe('search ranks what can be traded first', () => {
  it('"hdfc": a live bond that can be priced first, matured ones after the live, stubs last', async () => {
    const results = await search('hdfc')
    expect(results.length).toBeGreaterThanOrEqual(6)
    const first = results[0]!
    expect(first).toMatchObject({ is_matured: false, can_be_priced: true })
    expect(first.contract_parameters.maturity_date! >= INDIA_TODAY).toBe(true)
    expect(first.coupon_rate).toBeGreaterThan(0)
    expectTiersInOrder(results)
    expect(results.some((b) => b.is_matured)).toBe(true)
    const lastMatured = results.findLastIndex((b) => b.is_matured)
    const firstStub = results.findIndex((b) => tier(b) === 3)
    if (firstStub >= 0) expect(firstStub).toBeGreaterThan(lastMatured)
  })

  it('"IN0020": a live G-sec first; the 2022 and 2023 loans known only by their year are matured, after the live', async () => {
    const results = await search('IN0020')
    expect(tradable(results[0]!)).toBe(true)
    expectTiersInOrder(results)
    const page = await search('IN0020 2022')
    const old = page.find((b) => b.display_name === '5.87% GS 2022')
    expect(old).toMatchObject({ is_matured: true, can_be_priced: false })
    expect(old?.contract_parameters.maturity_date).toBeNull()
    expectTiersInOrder(page)
    const named2023 = (await search('gs 2023')).filter((b) => / GS 2023$/.test(b.display_name))
    expect(named2023.length).toBeGreaterThan(0)
    expect(named2023.every((b) => b.is_matured)).toBe(true)
  })

  it('an exact ISIN still comes first, matured or not', async () => {
    const [first] = await search('IN0020039031')
    expect(first).toMatchObject({ id: 'IN0020039031', is_matured: true })
  })

  it('ranks bonds traded on the platform first among those that can be traded, never above them', async () => {
    const before = await search('IN0020')
    const quiet = before.filter(tradable).at(-1)!
    const matured = (await search('IN0020 2022')).find((b) => b.is_matured)!
    const at = new Date(NOW.getTime() - 24 * 60 * 60 * 1000)
    const trade = (id: string, faceValue: number) => ({
      finstrumentId: id,
      tradedAt: at,
      cleanPrice: 100,
      quantity: faceValue / 100,
      faceValue,
      venue: 'OTC',
      source: 'test',
    })
    await database.db
      .insert(trades)
      .values([trade(quiet.id, 50_000_000), trade(matured.id, 500_000_000)])
    const after = await search('IN0020')
    expect(after[0]?.id).toBe(quiet.id)
    expect(after.slice(0, 5).some((b) => b.id === matured.id)).toBe(false)
    expectTiersInOrder(after)
  })
})

describe("today is India's date", () => {
  it('a bond that matured yesterday in India (today in UTC) is matured and off the screener', async () => {
    const onUtcToday = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: { filters: [{ category: 'timeToMaturity', operator: 'dateIs', value: UTC_TODAY }] },
    })
    expect(onUtcToday.statusCode).toBe(200)
    expect(onUtcToday.json().results).toEqual([])
    const found = await search(UTC_TODAY)
    expect(found.length).toBeGreaterThan(0)
    for (const bond of found) {
      expect(bond.contract_parameters.maturity_date).toBe(UTC_TODAY)
      expect(bond).toMatchObject({ is_matured: true, can_be_priced: false })
    }
    const one = await app.inject({ url: `/api/finstrument/${found[0]!.id}/` })
    expect(one.json()).toMatchObject({ is_matured: true, can_be_priced: false })
  })

  it('a bond maturing today in India is still live: on the screener, in "Up to 1 year", priced', async () => {
    const onIndiaToday = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: {
        filters: [{ category: 'timeToMaturity', operator: 'dateIs', value: INDIA_TODAY }],
      },
    })
    const { results } = onIndiaToday.json() as { results: FinstrumentSummary[] }
    expect(results.length).toBeGreaterThan(0)
    expect(results.every((b) => !b.is_matured && b.can_be_priced)).toBe(true)
    const inBucket = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: {
        category_values: { timeToMaturity: ['Up to 1 year'] },
        filters: [{ category: 'timeToMaturity', operator: 'before', value: '2027-03-02' }],
      },
    })
    const bucket = inBucket.json().results as FinstrumentSummary[]
    expect(bucket.map((b) => b.id).sort()).toEqual(results.map((b) => b.id).sort())
    const month = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: {
        filters: [{ category: 'timeToMaturity', operator: 'lt', value: 1 / 12 }],
        pagination_params: { limit: 100 },
      },
    })
    // "Under a month" counts from India's today: 1 March up to 1 April 2027.
    const dates = (month.json().results as FinstrumentSummary[]).map(
      (b) => b.contract_parameters.maturity_date!,
    )
    expect(dates.length).toBeGreaterThan(results.length)
    expect(dates.every((d) => d >= INDIA_TODAY && d < '2027-04-01')).toBe(true)
  })
})

describe('POST /api/bonds-by-same-issuer/{id}/: live bonds nearest the maturity', () => {
  async function sameIssuer(id: string, limit: number, cursor?: string | null) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/bonds-by-same-issuer/${id}/`,
      payload: { pagination_params: { limit, ...(cursor ? { cursor } : {}) } },
    })
    return { status: response.statusCode, body: response.json() }
  }

  function days(a: string, b: string): number {
    return Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000
  }

  it('lists G-secs that can be priced nearest 6.54% GS 2032 (17-Jan-2032) first, none matured, no STRIPS first', async () => {
    const { status, body } = await sameIssuer('IN0020210244', 10)
    expect(status).toBe(200)
    const results = body.results as FinstrumentSummary[]
    expect(results).toHaveLength(10)
    for (const b of results) {
      expect(b).toMatchObject({ issuer: 'Government of India', security_type: 'GSEC' })
      expect(b).toMatchObject({ is_matured: false, can_be_priced: true })
      expect(b.id).not.toBe('IN0020210244')
    }
    const distances = results.map((b) => days(b.contract_parameters.maturity_date!, '2032-01-17'))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances[0]).toBeLessThan(60)
  })

  it('pages on by cursor in the same order, without repeats or matured bonds', async () => {
    const whole = (await sameIssuer('IN0020210244', 60)).body.results as FinstrumentSummary[]
    const paged: FinstrumentSummary[] = []
    let cursor: string | null = null
    for (let i = 0; i < 3; i += 1) {
      const { body }: { body: { results: FinstrumentSummary[]; next_cursor: string | null } } =
        await sameIssuer('IN0020210244', 20, cursor)
      paged.push(...body.results)
      cursor = body.next_cursor
    }
    expect(paged.map((b) => b.id)).toEqual(whole.map((b) => b.id))
    expect(whole.every((b) => !b.is_matured)).toBe(true)
  })

  it('refuses a forged cursor with a 400', async () => {
    const forged = Buffer.from(JSON.stringify([9, -1, 'x'])).toString('base64url')
    const { status, body } = await sameIssuer('IN0020210244', 5, forged)
    expect(status).toBe(400)
    expect(body.fields.cursor).toBe('Invalid cursor')
  })
})
