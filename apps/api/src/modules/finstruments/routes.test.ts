// The finstrument endpoints against the real app on a real database holding the whole universe.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { importUniverse } from './index.ts'
import { universeTestDatabase } from './testing.ts'

let app: FastifyInstance
let database: Database

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent' }), {
    web: false,
    database,
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

async function search(searchKey: string) {
  const response = await app.inject({ url: '/api/trade/finstrument/', query: { searchKey } })
  return { status: response.statusCode, body: response.json() }
}

describe('the universe import', () => {
  it('ran on start in demo mode and is not repeated while the files are unchanged', async () => {
    expect(await importUniverse(database.db)).toBe(0)
  })
})

describe('GET /api/trade/finstrument/ (search)', () => {
  it('finds 6.54% GS 2032 by "6.54 2032", first', async () => {
    const { status, body } = await search('6.54 2032')
    expect(status).toBe(200)
    expect(body[0]).toMatchObject({
      id: 'IN0020210244',
      display_name: '6.54% GS 2032',
      identifiers: { isin: 'IN0020210244' },
      available: true,
      contract_parameters: { is_listed: true, maturity_date: '2032-01-17' },
    })
  })

  it('matches fragments case-insensitively: "gs 2032", "maharashtra sdl", "6.54% gs"', async () => {
    const gs = await search('GS 2032')
    expect(gs.body.map((b: { id: string }) => b.id)).toContain('IN0020210244')
    const sdl = await search('maharashtra sdl')
    expect(sdl.body.length).toBeGreaterThan(5)
    expect(
      sdl.body.every((b: { display_name: string }) => /Maharashtra SDL/i.test(b.display_name)),
    ).toBe(true)
    const pct = await search('6.54% gs')
    expect(pct.body[0].id).toBe('IN0020210244')
  })

  it('ranks an exact ISIN first and matches ISIN prefixes', async () => {
    const exact = await search('in1920210359')
    expect(exact.body[0].id).toBe('IN1920210359')
    const prefix = await search('IN00202102')
    expect(prefix.body.length).toBeGreaterThan(0)
    expect(prefix.body.every((b: { id: string }) => b.id.startsWith('IN00202102'))).toBe(true)
  })

  it('finds by issuer', async () => {
    const { body } = await search('reliance industries')
    expect(body.length).toBeGreaterThan(0)
    expect(body.every((b: { issuer: string }) => /reliance industries/i.test(b.issuer))).toBe(true)
  })

  it('never returns bonds with available false', async () => {
    const { body } = await search('2014')
    expect(body.length).toBeGreaterThan(0)
    expect(body.every((b: { available: boolean }) => b.available)).toBe(true)
  })

  it('shows matured bonds as matured and not priceable', async () => {
    const { body } = await search('IN1020040045')
    if (body.length > 0) expect(body[0]).toMatchObject({ is_matured: true, can_be_priced: false })
  })

  it('needs 3 or more characters and says so', async () => {
    const short = await search('gs')
    expect(short.status).toBe(400)
    expect(short.body.fields.searchKey).toBe('Enter at least 3 characters to search')
  })

  it('treats LIKE wildcards as text', async () => {
    const { status, body } = await search('%%%_')
    expect(status).toBe(200)
    expect(body).toEqual([])
  })
})

describe('POST /api/client-finstrument-list/ and /api/categories/', () => {
  it('pages through a screen with a cursor', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: {
        pagination_params: { limit: 5 },
        category_values: { bondCategory: ['Government'] },
      },
    })
    expect(first.statusCode).toBe(200)
    const page1 = first.json()
    expect(page1.results).toHaveLength(5)
    expect(page1.next_cursor).toEqual(expect.any(String))
    const second = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: {
        pagination_params: { limit: 5, cursor: page1.next_cursor },
        category_values: { bondCategory: ['Government'] },
      },
    })
    const page2 = second.json()
    expect(page2.results[0].id > page1.results[4].id).toBe(true)
    expect(
      [...page1.results, ...page2.results].every(
        (b: { category: string }) => b.category === 'Government',
      ),
    ).toBe(true)
  })

  it('filters by rating and time to maturity, and hides matured bonds', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: {
        category_values: { creditRating: ['CRISIL AAA'], timeToMaturity: ['1 to 3 years'] },
      },
    })
    const { results } = response.json()
    expect(results.length).toBeGreaterThan(0)
    for (const bond of results) {
      expect(bond.rating).toBe('CRISIL AAA')
      expect(bond.is_matured).toBe(false)
    }
  })

  it('rejects a forged cursor and an unknown category', async () => {
    const cursor = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: { pagination_params: { cursor: 'bm90IGFuIGlzaW4' } },
    })
    expect(cursor.statusCode).toBe(400)
    const category = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: { category_values: { colour: ['blue'] } },
    })
    expect(category.statusCode).toBe(400)
  })

  it('counts values per category', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/categories/',
      payload: { category_list: ['bondCategory', 'timeToMaturity'] },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    const government = body.bondCategory.find((v: { value: string }) => v.value === 'Government')
    expect(government.count).toBeGreaterThan(50)
    expect(body.timeToMaturity.map((v: { value: string }) => v.value)).toContain('Over 10 years')
  })

  it('finds no bond for a maturity bucket named like an object method (found by the fuzz suite)', async () => {
    for (const url of ['/api/categories/', '/api/client-finstrument-list/']) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: { category_values: { timeToMaturity: ['toString', 'constructor'] } },
      })
      expect(response.statusCode, url).toBe(200)
    }
    const list = await app.inject({
      method: 'POST',
      url: '/api/client-finstrument-list/',
      payload: { category_values: { timeToMaturity: ['__proto__'] } },
    })
    expect(list.json().results).toEqual([])
  })
})

interface Row {
  id: string
  display_name: string
  rating: string | null
  coupon_rate: number | null
  indicative_yield: number | null
  contract_parameters: { maturity_date: string }
}

async function screen(payload: object) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/client-finstrument-list/',
    payload,
  })
  return { status: response.statusCode, body: response.json() }
}

/** Every row of a screen, page by page through the cursor. */
async function allPages(payload: Record<string, unknown>, limit = 50): Promise<Row[]> {
  const rows: Row[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 100; pages += 1) {
    const { status, body } = await screen({ ...payload, pagination_params: { limit, cursor } })
    expect(status).toBe(200)
    rows.push(...body.results)
    cursor = body.next_cursor
    if (!cursor) return rows
  }
  throw new Error('too many pages')
}

function inYears(years: number): string {
  const date = new Date()
  date.setUTCMonth(date.getUTCMonth() + years * 12)
  return date.toISOString().slice(0, 10)
}

describe('POST /api/client-finstrument-list/: sort and filters with operators', () => {
  it('sorts by yield, highest first, bonds without one last, and pages without gaps', async () => {
    const payload = {
      category_values: { bondCategory: ['PSU', 'Government'] },
      sort: { field: 'yield', direction: 'desc' },
    }
    const rows = await allPages(payload, 97)
    const whole = await allPages(payload, 100)
    expect(rows.map((r) => r.id)).toEqual(whole.map((r) => r.id))
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
    const yields = rows.map((r) => r.indicative_yield)
    const known = yields.filter((y): y is number => y !== null)
    expect(known.length).toBeGreaterThan(50)
    expect(known).toEqual([...known].sort((a, b) => b - a))
    expect(yields.slice(known.length).every((y) => y === null)).toBe(true)
    expect(rows.some((r) => r.id === 'IN0020210244')).toBe(true)
  })

  it('sorts by maturity, coupon and name, either way', async () => {
    const filters = { category_values: { bondCategory: ['State Government'] } }
    const maturity = await allPages({ ...filters, sort: { field: 'maturity' } }, 100)
    const dates = maturity.map((r) => r.contract_parameters.maturity_date)
    expect(dates).toEqual([...dates].sort())
    const coupon = await allPages({ ...filters, sort: { field: 'coupon', direction: 'desc' } }, 100)
    const coupons = coupon.map((r) => r.coupon_rate ?? -1)
    expect(coupons).toEqual([...coupons].sort((a, b) => b - a))
    const name = await screen({ ...filters, sort: { field: 'name' } })
    const names = name.body.results.map((r: Row) => r.display_name.toLowerCase())
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('filters by rating grade and time to maturity in years or by date', async () => {
    const rows = await allPages({
      filters: [
        { category: 'creditRating', operator: 'gte', value: 'AA+' },
        { category: 'timeToMaturity', operator: 'lt', value: 3 },
        { category: 'bondCategory', operator: 'equals', value: 'Corporate' },
      ],
    })
    expect(rows.length).toBeGreaterThan(10)
    const limit = inYears(3)
    for (const row of rows) {
      expect(row.rating).toMatch(/ (AA\+|AAA)(\(CE\))?$/)
      expect(row.contract_parameters.maturity_date < limit).toBe(true)
    }
    const after = await allPages({
      filters: [
        { category: 'timeToMaturity', operator: 'after', value: '2045-01-01' },
        { category: 'timeToMaturity', operator: 'before', value: '2050-01-01' },
      ],
    })
    expect(after.length).toBeGreaterThan(10)
    expect(
      after.every(
        (r) =>
          r.contract_parameters.maturity_date > '2045-01-01' &&
          r.contract_parameters.maturity_date < '2050-01-01',
      ),
    ).toBe(true)
    const on = await allPages({
      filters: [{ category: 'timeToMaturity', operator: 'dateIs', value: '2032-01-17' }],
    })
    expect(on.map((r) => r.id)).toContain('IN0020210244')
    expect(on.every((r) => r.contract_parameters.maturity_date === '2032-01-17')).toBe(true)
  })

  it('ranks SOV above AAA, and below AA- means A+ and lower', async () => {
    const sov = await screen({
      filters: [{ category: 'creditRating', operator: 'gt', value: 'AAA' }],
    })
    expect(sov.body.results.every((r: Row) => r.rating === 'SOV')).toBe(true)
    const low = await allPages({
      filters: [{ category: 'creditRating', operator: 'lt', value: 'AA-' }],
    })
    expect(low.length).toBeGreaterThan(10)
    expect(low.every((r) => / (A|BBB|BB|B|C|D)[+-]?(\(CE\))?$/.test(r.rating ?? ''))).toBe(true)
  })

  it('refuses a filter whose operator does not apply, naming the field', async () => {
    const { status, body } = await screen({
      filters: [{ category: 'bondCategory', operator: 'lt', value: 'PSU' }],
    })
    expect(status).toBe(400)
    expect(JSON.stringify(body.fields)).toContain('less than does not apply to bondCategory')
  })

  it('refuses a cursor of another sort', async () => {
    const first = await screen({ sort: { field: 'coupon' }, pagination_params: { limit: 2 } })
    const other = await screen({
      sort: { field: 'yield' },
      pagination_params: { limit: 2, cursor: first.body.next_cursor },
    })
    expect(other.status).toBe(400)
    const isin = await screen({
      sort: { field: 'coupon' },
      pagination_params: { limit: 2, cursor: Buffer.from('IN0020210244').toString('base64url') },
    })
    expect(isin.status).toBe(400)
  })

  it('counts category values under the filters too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/categories/',
      payload: {
        category_list: ['creditRating'],
        filters: [{ category: 'creditRating', operator: 'gte', value: 'AAA' }],
      },
    })
    expect(response.statusCode).toBe(200)
    const values = response.json().creditRating.map((v: { value: string }) => v.value)
    expect(values).toContain('SOV')
    expect(values).toContain('CRISIL AAA')
    expect(values).not.toContain('CRISIL AA')
  })
})

describe('one bond', () => {
  it('GET /api/v2/finstrument/info/{id} gives all terms', async () => {
    const response = await app.inject({ url: '/api/v2/finstrument/info/IN0020210244' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      coupon_rate: 0.0654,
      frequency: 2,
      convention: 'GSEC',
      day_count: '30E/360',
      face_value: 100,
      rating: 'SOV',
      issue_date: '2022-01-17',
    })
  })

  it('GET /api/finstrument/{id}/ gives the bond; an unknown id is a 404', async () => {
    expect((await app.inject({ url: '/api/finstrument/IN0020210244/' })).json().display_name).toBe(
      '6.54% GS 2032',
    )
    const missing = await app.inject({ url: '/api/finstrument/IN9999999999/' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Bond not found')
  })

  it('POST /api/bonds-by-same-issuer/{id}/ lists the issuer’s other bonds', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bonds-by-same-issuer/IN1920210359/',
      payload: { pagination_params: { limit: 10 } },
    })
    const { results } = response.json()
    expect(results.length).toBe(10)
    expect(
      results.every(
        (b: { issuer: string; id: string }) =>
          b.issuer === 'Government of Karnataka' && b.id !== 'IN1920210359',
      ),
    ).toBe(true)
  })
})

describe('OpenAPI', () => {
  it('lists every finstrument route', async () => {
    const paths = Object.keys((await app.inject({ url: '/api/docs/json' })).json().paths)
    for (const path of [
      '/api/trade/finstrument/',
      '/api/client-finstrument-list/',
      '/api/categories/',
      '/api/v2/finstrument/info/{id}',
      '/api/finstrument/{id}/',
      '/api/bonds-by-same-issuer/{id}/',
    ]) {
      expect(paths).toContain(path)
    }
  })
})
