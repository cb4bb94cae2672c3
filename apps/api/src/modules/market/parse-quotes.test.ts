// `POST api/eoi/parse/` on the real app and database with the bond universe: the trading roles
// read quotes from desk chat, resolved against the database; nothing is posted; others are refused.
import { EOI_PARSE_MAX_LINES } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { MAX_LINES, memoryResolver, parseChatQuotes } from '@bonds/trading/chat-quotes'
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { as, signIn } from '../auth/testing.ts'
import { loadUniverse } from '../finstruments/universe.ts'
import { databaseResolver } from '../finstruments/index.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

const GS_2033 = 'IN0020230085' // 7.18% GS 2033
const GS_2029 = 'IN0020180454' // 7.26% GS 2029, sharing its coupon and year with six SDLs

let app: FastifyInstance
let database: Database
const token: Record<string, string> = {}

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'parse-test',
      AUTH_RATE_LIMIT: '10000',
    }),
    { web: false, database, demoMarket: false },
  )
  await app.ready()
  for (const who of ['dealer', 'viewer', 'backoffice', 'broker', 'compliance', 'researcher']) {
    token[who] = (await signIn(app, `${who}@demo.test`)).access
  }
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const parse = (who: string | null, payload: unknown) =>
  as(app, who ? (token[who] as string) : null, {
    method: 'POST',
    url: '/api/eoi/parse/',
    payload: payload as object,
  })

describe('who may parse', () => {
  it('answers the trading roles (a broker is its firm’s dealer) and refuses the rest', async () => {
    for (const who of ['dealer', 'viewer', 'backoffice', 'broker']) {
      expect((await parse(who, { text: 'gm' })).statusCode, who).toBe(200)
    }
    expect((await parse(null, { text: 'gm' })).statusCode).toBe(401)
    // A compliance officer and a data viewer hold no trading role.
    for (const who of ['compliance', 'researcher']) {
      const refused = await parse(who, { text: '7.18 33 7.12/7.10' })
      expect(refused.statusCode, who).toBe(403)
      expect(refused.json().message).toBe('You do not have permission to perform this action.')
    }
  })
})

describe('what it answers', () => {
  it('reads a two-way with the bond from the database, in exactly the contract’s fields', async () => {
    const response = await parse('dealer', { text: '7.18 gs 2033 7.12/7.10 25cr' })
    expect(response.statusCode).toBe(200)
    const quote = {
      isin: GS_2033,
      finstrument_id: GS_2033,
      display_name: '7.18% GS 2033',
      price: null,
      quantum: 250_000_000,
      settlement_delta: null,
      confidence: 1,
      auto: true,
    }
    expect(response.json()).toEqual({
      quotes: [
        { ...quote, quote_type: 'BID', yield: 0.0712 },
        { ...quote, quote_type: 'ASK', yield: 0.071 },
      ],
    })
  })

  it('reads a trade done as its terms only when a ticket asks (deals)', async () => {
    const text = 'Done ✅ 10 cr 7.18 GS 2033 @ 7.0395% yld, T+1, your buy'
    expect((await parse('dealer', { text })).json()).toEqual({ quotes: [] })
    const deal = (await parse('dealer', { text, deals: true })).json()
    expect(deal.quotes).toEqual([
      expect.objectContaining({
        isin: GS_2033,
        display_name: '7.18% GS 2033',
        yield: 0.070395,
        quantum: 100_000_000,
        settlement_delta: 1,
      }),
    ])
  })

  it('reads a pasted run, leaves what it cannot tell for a person, and posts nothing', async () => {
    const before = (await as(app, token.dealer!, { method: 'GET', url: '/api/trade/eoi/' })).json()
    const response = await parse('viewer', {
      text: 'Offers T+1\n7.26 29 6.44 25cr\nsell 10cr maha sdl 2030 @ 7.30\nHDFC 8.70 2029 offer 100.25 5 cr',
    })
    expect(response.statusCode).toBe(200)
    const { quotes } = response.json() as { quotes: Record<string, unknown>[] }
    expect(quotes).toEqual([
      expect.objectContaining({
        isin: GS_2029,
        quote_type: 'ASK',
        yield: 0.0644,
        settlement_delta: 1,
        auto: true,
      }),
      expect.objectContaining({
        isin: null,
        quote_type: 'ASK',
        yield: 0.073,
        quantum: 100_000_000,
        auto: false,
      }),
      expect.objectContaining({
        isin: null,
        quote_type: 'ASK',
        price: 100.25,
        yield: null,
        auto: false,
      }),
    ])
    const after = (await as(app, token.dealer!, { method: 'GET', url: '/api/trade/eoi/' })).json()
    expect(after).toEqual(before)
  })

  it('holds no quote for a request for quotes or chatter', async () => {
    for (const text of [
      'need offer in 7.18 2033?',
      'any bids?',
      'RBI policy tomorrow, stay light',
    ]) {
      expect((await parse('dealer', { text })).json(), text).toEqual({ quotes: [] })
    }
  })
})

describe('bad input', () => {
  it('bounds a run to the lines the parser reads (no line is dropped unsaid)', () => {
    expect(EOI_PARSE_MAX_LINES).toBe(MAX_LINES)
  })

  it('refuses an empty text, a missing one, too long, an unknown field and a NUL, naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ text: '   ' }, 'text', 'Paste a message or a run to read'],
      [{}, 'text', 'Paste a message or a run to read'],
      [{ text: 'x'.repeat(8001) }, 'text', 'A message to read is at most 8,000 characters'],
      [{ text: '7.18 33 7.12/7.10', txet: 'x' }, 'non_field_errors', 'Unknown field: txet'],
      [{ text: '7.18 33\u0000' }, 'text', 'Should not contain control characters'],
    ]
    for (const [payload, field, message] of cases) {
      const response = await parse('dealer', payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400)
      expect(response.json().fields?.[field], field).toBe(message)
    }
  })
})

describe('the database resolver', () => {
  it('finds live bonds by ISIN, by coupon within half a basis point and by maturity year', async () => {
    const resolver = databaseResolver(database.db, '2026-11-26')
    expect((await resolver.lookup({ isin: GS_2033 })).map((b) => b.displayName)).toEqual([
      '7.18% GS 2033',
    ])
    const byCoupon = await resolver.lookup({ couponPercent: 7.18, maturityYear: 2033 })
    expect(byCoupon.map((b) => b.isin)).toContain(GS_2033)
    expect(byCoupon.every((b) => b.maturityDate?.startsWith('2033'))).toBe(true)
    expect(await resolver.lookup({ couponPercent: 7.185, maturityYear: 2033 })).toContainEqual(
      expect.objectContaining({ isin: GS_2033 }),
    )
    expect(await resolver.lookup({ couponPercent: 7.19, maturityYear: 2033 })).not.toContainEqual(
      expect.objectContaining({ isin: GS_2033 }),
    )
    // Matured on the day asked: 5.74% GS 2026 matured on 15 Nov 2026.
    expect(await resolver.lookup({ isin: 'IN0020210186' })).toEqual([])
  })
})

describe('the OpenAPI document', () => {
  it('describes the route with its request and answer', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json()
    const route = doc.paths['/api/eoi/parse/'].post
    expect(route.tags).toEqual(['market'])
    const body = route.requestBody.content['application/json'].schema
    expect(body.required).toEqual(['text'])
    expect(body.additionalProperties).toBe(false)
    const answer = route.responses['200'].content['application/json'].schema
    expect(Object.keys(answer.properties.quotes.items.properties).sort()).toEqual(
      [
        'auto',
        'confidence',
        'display_name',
        'finstrument_id',
        'isin',
        'price',
        'quantum',
        'quote_type',
        'settlement_delta',
        'yield',
      ].sort(),
    )
  })
})

describe('the database resolver against the universe in memory', () => {
  it('reads every bench message the same as the bench does', async () => {
    const today = todayInIndia(new Date())
    const memory = memoryResolver(
      loadUniverse({ asOf: today }).filter((r) => r.isAvailable),
      today,
    )
    const db = databaseResolver(database.db, today)
    const messages = ['corpus.json', 'holdout.json', 'holdout-2.json', 'holdout-3.json'].flatMap(
      (name) =>
        (
          JSON.parse(
            readFileSync(new URL(`../../../../../bench/parser/${name}`, import.meta.url), 'utf8'),
          ) as { messages: { text: string }[] }
        ).messages,
    )
    expect(messages.length).toBeGreaterThan(370)
    for (const { text } of messages) {
      expect(await parseChatQuotes(text, db), text).toEqual(await parseChatQuotes(text, memory))
    }
  })
})
