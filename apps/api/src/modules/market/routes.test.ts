// The market endpoints on the real app and database, with the bond universe and the demo
// accounts: Demo Capital's dealer and Demo Securities' broker quote, respond and negotiate; the
// other roles read or are refused; prices always come from the server's maths.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { MARKET_MESSAGES as MM, QUOTE_RULE_MESSAGES } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { auditLog, trades } from '../../db/schema.ts'
import type { DomainEvent } from '../../events/bus.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { REFERENCE_MESSAGES } from './references.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032, semi-annual, matures 17 Jan 2032
const CHOLA_2028 = 'INE121A07RE9' // 8.4% Cholamandalam 2028, annual: a disclosed yield of 8.75%
const FLOATING = 'IN0020180041' // a floating-rate G-sec: price only

let app: FastifyInstance
let database: Database
const token: Record<string, string> = {}
const events: DomainEvent[] = []

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'market-test',
      AUTH_RATE_LIMIT: '10000',
    }),
    // The demo market would share the book with these quotes: its own test posts it.
    { web: false, database, demoMarket: false },
  )
  await app.ready()
  app.events.subscribe((event) => events.push(event))
  for (const who of ['dealer', 'broker', 'viewer', 'backoffice', 'compliance', 'researcher']) {
    token[who] = (await signIn(app, `${who}@demo.test`)).access
  }
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const call = (who: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  as(app, who ? (token[who] as string) : null, {
    method,
    url,
    ...(payload ? { payload } : {}),
  })

/**
 * The statements PGlite runs for the requests `work` makes (a transaction's BEGIN and COMMIT
 * counted too); statements of the app's background sweeps run in other async contexts and are not
 * counted.
 */
async function statementsOf(work: () => Promise<void>): Promise<string[]> {
  const client = (database.db as unknown as { $client: PGlite }).$client
  const watched = new AsyncLocalStorage<true>()
  const seen: string[] = []
  const note = (text: string) => {
    if (watched.getStore()) seen.push(text)
  }
  const { query, transaction } = client
  client.query = ((text: string, ...rest: unknown[]) => {
    note(text)
    return (query as (...args: unknown[]) => unknown).call(client, text, ...rest)
  }) as typeof client.query
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) => {
    note('BEGIN')
    return transaction.call(client, async (tx) => {
      const run = tx.query.bind(tx)
      tx.query = ((text: string, ...rest: unknown[]) => {
        note(text)
        return (run as (...args: unknown[]) => unknown)(text, ...rest)
      }) as typeof tx.query
      const result = await fn(tx)
      note('COMMIT')
      return result
    })
  }) as typeof client.transaction
  try {
    await watched.run(true, work)
  } finally {
    client.query = query
    client.transaction = transaction
  }
  return seen
}

const ask = (payload: object = {}) =>
  call('dealer', 'POST', '/api/trade/eoi/', {
    finstrument_id: GS_2032,
    quote_type: 'ASK',
    quantum: 50_000_000,
    yield_stored: 0.068,
    settlement_delta: 1,
    ...payload,
  })

describe('posting an EOI', () => {
  it('stores the price the server computes at the settlement, and publishes it to traders', async () => {
    events.length = 0
    const response = await ask({ unit_price_stored: 1 }) // a browser's price is not trusted
    expect(response.statusCode).toBe(201)
    const eoi = response.json()
    expect(eoi).toMatchObject({
      finstrument_id: GS_2032,
      display_name: '6.54% GS 2032',
      quote_type: 'ASK',
      quantum: 50_000_000,
      yield_stored: 0.068,
      fixed_field: 'yield',
      state: 'DEFAULT',
      source: 'WEBSITE',
      respond_eoi_id: null,
    })
    const quote = await call(null, 'POST', `/api/quote/${GS_2032}/`, {
      bond_yield: 0.068,
      settlement_date: eoi.settlement_date,
    })
    expect(eoi.unit_price_stored).toBe(quote.json().price.unit_clean_price)
    expect(eoi.settlement_date > todayInIndia()).toBe(true)
    // Until the market's close in India (17:00 IST) of a business day.
    expect(eoi.expiry_date_stored).toMatch(/T11:30:00\.000Z$/)
    // The quote itself rides the message (anonymous: no firm, no mine), so lists patch their rows;
    // the poster's firm hears it once more with mine (decision 310).
    const quoted = {
      eoi_id: eoi.id,
      finstrument_id: GS_2032,
      quote_type: 'ASK',
      state: 'DEFAULT',
      respond_eoi_id: null,
      quote: {
        id: eoi.id,
        finstrument_id: GS_2032,
        isin: eoi.isin,
        display_name: '6.54% GS 2032',
        quote_type: 'ASK',
        quantum: 50_000_000,
        unit_price_stored: eoi.unit_price_stored,
        yield_stored: 0.068,
        fixed_field: 'yield',
        settlement_date: eoi.settlement_date,
        expiry_date_stored: eoi.expiry_date_stored,
        state: 'DEFAULT',
        created_at: eoi.created_at,
        updated_at: eoi.updated_at,
      },
    }
    expect(events).toContainEqual({
      audience: { kind: 'permission', permission: 'client.can_trade' },
      message: { type: 'quotes_eoi', data: quoted },
    })
    expect(events).toContainEqual({
      audience: {
        kind: 'clients',
        permission: 'client.can_trade',
        clientIds: [eoi.client_id],
      },
      message: { type: 'quotes_eoi', data: { ...quoted, mine: true } },
    })
    expect(JSON.stringify(events.find((e) => e.audience.kind === 'permission'))).not.toContain(
      eoi.client_id,
    )
    // The bond's market changed: one `quotes_stream` to every trader, after the quote (decision 390).
    expect(events.filter((e) => e.message.type === 'quotes_stream')).toEqual([
      {
        audience: { kind: 'permission', permission: 'client.can_trade' },
        message: { type: 'quotes_stream', data: { finstrument_id: GS_2032 } },
      },
    ])
    expect(events.at(-1)?.message.type).toBe('quotes_stream')
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'eoi_created'))
      .orderBy(auditLog.id)
    expect(audited.at(-1)?.detail).toMatchObject({ eoi_id: eoi.id, finstrument_id: GS_2032 })
  })

  it('writes a quote in one statement: no transaction, the bond read once for many posts', async (context) => {
    // Counted on PGlite, whose client this test can watch; PostgreSQL runs the same SQL.
    if (database.kind !== 'pglite') context.skip()
    await ask() // the bond is read now, and kept
    const statements = await statementsOf(async () => {
      expect((await ask()).statusCode).toBe(201)
    })
    // The caller's session (every request checks it), then the quote with its audit entry.
    expect(statements).toHaveLength(2)
    expect(statements[0]).toMatch(/^select .* from "sessions"/)
    expect(statements[1]).toMatch(
      /^with "quote_id" as .*insert into audit_log .*\) insert into "eois"/s,
    )
  })

  it('keeps a fixed price and computes its yield', async () => {
    const response = await ask({
      fixed_field: 'price',
      unit_price_stored: 99.5,
      yield_stored: null,
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().unit_price_stored).toBe(99.5)
    expect(response.json().yield_stored).toBeGreaterThan(0.06)
  })

  it('answers bad input with the field and the message, storing nothing', async () => {
    const cases: [object, string, string][] = [
      [{ settlement: '2026-12-30' }, 'settlement', 'Cannot provide both settlement date & delta'],
      [{ yield_stored: null }, 'yield_stored', 'Yield is required'],
      [{ yield_stored: 1.5 }, 'yield_stored', 'Yield above 100%'],
      [{ quantum: 0 }, 'quantum', 'Cannot be zero'],
      [{ quantum: 99_999 }, 'quantum', 'Quantum should be at least ₹1,00,000 (1 lakh)'],
      [{ quantum: 1e13 }, 'quantum', 'Should be at most 12 digits'],
      [{ finstrument_id: 'IN9999999999' }, 'finstrument_id', 'Bond not found'],
      [{ settlement_delta: undefined, settlement: '2020-01-02' }, 'settlement', MM.settlementPast],
      [
        { settlement_delta: undefined, settlement: '2027-01-02' },
        'settlement',
        'Settlement date must be a business day',
      ],
      [
        { settlement_delta: undefined, settlement: '2032-01-19' },
        'settlement',
        MM.settlementAfterMaturity,
      ],
      // The spec's names only: today's misspelling of the date is refused, naming it.
      [
        { settlement_delta: undefined, settlement_date: '2026-12-30' },
        'non_field_errors',
        'Unknown field: settlement_date',
      ],
      [{ qauntum: 5 }, 'non_field_errors', 'Unknown field: qauntum'],
      [{ end_client_id: 'no-such-firm' }, 'end_client_id', REFERENCE_MESSAGES.endClient],
      [{ broker_id: 'no-such-firm' }, 'broker_id', REFERENCE_MESSAGES.broker],
      [{ expiry_date_stored: '2020-01-01T00:00:00Z' }, 'expiry_date_stored', MM.expiryPast],
      [{ expiry_date_stored: '2099-01-01T00:00:00Z' }, 'expiry_date_stored', MM.expiryTooFar],
      [
        { replaces: 999_999 },
        'replaces',
        'The quote to replace is not one of your live quotes on this bond and side',
      ],
      [{ finstrument_id: FLOATING }, 'unit_price_stored', MM.unpricedNeedsPrice],
      // Free text and JSON are bounded (issue 19): 100 KB of "source" is not stored.
      [{ source: 'x'.repeat(100 * 1024) }, 'source', 'Should be at most 32 characters'],
      [
        { oto_participant_details: { blob: 'x'.repeat(500 * 1024) } },
        'oto_participant_details',
        'Should be at most 16 KB',
      ],
    ]
    const before = (await call('dealer', 'GET', '/api/trade/eoi/')).json().count
    for (const [payload, field, message] of cases) {
      const response = await ask(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().fields?.[field], JSON.stringify(payload)).toBe(message)
    }
    expect((await call('dealer', 'GET', '/api/trade/eoi/')).json().count).toBe(before)
  })

  it('lets only the price-override role override, and names only firms the caller may name', async () => {
    const override = {
      price_overridden: true,
      fixed_field: 'price',
      unit_price_stored: 97.5,
      yield_stored: 0.0712,
    }
    // Demo Capital is a PREMIUM firm: its dealer holds the permission; the broker's BASIC firm not.
    const kept = await ask(override)
    expect(kept.statusCode).toBe(201)
    expect(kept.json()).toMatchObject({ unit_price_stored: 97.5, yield_stored: 0.0712 })
    const refused = await call('broker', 'POST', '/api/trade/eoi/', {
      finstrument_id: GS_2032,
      quote_type: 'BID',
      quantum: 10_000_000,
      ...override,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields.price_overridden).toBe(MM.overrideNotAllowed)
    // Its own firm as end client, a broker firm as broker.
    const capitalId = (await call('dealer', 'GET', '/api/client/')).json().id
    const securitiesId = (await call('broker', 'GET', '/api/client/')).json().id
    const named = await ask({ end_client_id: capitalId, broker_id: securitiesId })
    expect(named.statusCode).toBe(201)
    const ownBroker = await ask({ broker_id: capitalId })
    expect(ownBroker.json().fields.broker_id).toBe(REFERENCE_MESSAGES.broker)
  })

  it('quotes a bond that cannot be priced in price only', async () => {
    const response = await ask({
      finstrument_id: FLOATING,
      fixed_field: 'price',
      unit_price_stored: 100.25,
      yield_stored: null,
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ unit_price_stored: 100.25, yield_stored: null })
  })

  it('replaces a live quote of the same side, closing it', async () => {
    const first = (await ask({ yield_stored: 0.07 })).json()
    const second = await ask({ yield_stored: 0.0705, replaces: first.id })
    expect(second.statusCode).toBe(201)
    expect(second.json().replaces).toBe(first.id)
    const mine = (await call('dealer', 'GET', `/api/trade/eoi/?finstrument_id=${GS_2032}`)).json()
    expect(mine.results.find((e: { id: number }) => e.id === first.id).state).toBe('CLOSED')
    const again = await ask({ replaces: first.id })
    expect(again.json().fields.replaces).toMatch(/not one of your live quotes/)
  })

  it('is for a Dealer with trade access, never for compliance, viewers or the signed out', async () => {
    expect((await call(null, 'POST', '/api/trade/eoi/', {})).statusCode).toBe(401)
    for (const who of ['viewer', 'backoffice', 'compliance', 'researcher']) {
      const response = await call(who, 'POST', '/api/trade/eoi/', {
        finstrument_id: GS_2032,
        quantum: 1,
        yield_stored: 0.07,
      })
      expect(response.statusCode, who).toBe(403)
    }
  })
})

describe('market depth and the market quote', () => {
  let best: { id: number; unit_price_stored: number; quantum: number }

  beforeAll(async () => {
    // A cheaper offer than any above (a higher yield), twice at one level, on another bond too.
    best = (await ask({ yield_stored: 0.072, quantum: 20_000_000 })).json()
    await ask({ yield_stored: 0.072, quantum: 30_000_000 })
    await call('broker', 'POST', '/api/trade/eoi/', {
      finstrument_id: GS_2032,
      quote_type: 'BID',
      quantum: 10_000_000,
      yield_stored: 0.0735,
      settlement_delta: 1,
    })
  })

  it('shows live quotes by level, best first, with the caller’s own share', async () => {
    const dealerView = (await call('dealer', 'GET', `/api/quote/depth/?isin=${GS_2032}`)).json()
    expect(dealerView.asks[0]).toMatchObject({
      unit_clean_price: best.unit_price_stored,
      bond_yield: 0.072,
      quantum: 50_000_000,
      quotes: 2,
      mine: 50_000_000,
    })
    const prices = dealerView.asks.map((l: { unit_clean_price: number }) => l.unit_clean_price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(dealerView.bids[0]).toMatchObject({ bond_yield: 0.0735, mine: 0 })
    const brokerView = (
      await call('broker', 'GET', `/api/quote/depth/?finstrument_id=${GS_2032}`)
    ).json()
    expect(brokerView.asks[0].mine).toBe(0)
    expect(brokerView.bids[0].mine).toBe(10_000_000)
  })

  it('gives empty lists without trade access, and refuses the signed out', async () => {
    const viewer = (await call('viewer', 'GET', `/api/quote/depth/?isin=${GS_2032}`)).json()
    expect(viewer).toMatchObject({ bids: [], asks: [], display_name: '6.54% GS 2032' })
    expect((await call(null, 'GET', `/api/quote/depth/?isin=${GS_2032}`)).statusCode).toBe(401)
    const missing = await call('dealer', 'GET', '/api/quote/depth/')
    expect(missing.json().fields.isin).toBe(MM.isinOrId)
  })

  it('gives a trader the best live offer, with its size and settlement', async () => {
    const response = await call('broker', 'POST', `/api/quote/market/${GS_2032}/`, {})
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      quote_type: 'ASK',
      source: 'QUOTE',
      quantum: 50_000_000,
      price: { unit_clean_price: best.unit_price_stored, bond_yield: 0.072 },
      can_be_priced: true,
      allow_price_modification: true,
    })
    const bid = (
      await call('dealer', 'POST', `/api/quote/market/${GS_2032}/`, { quote_type: 'BID' })
    ).json()
    expect(bid).toMatchObject({ source: 'QUOTE', price: { bond_yield: 0.0735 } })
    expect(bid.dirty_price).toBeCloseTo(bid.price.unit_clean_price + bid.accrued_interest, 4)
  })

  it('shows no live quote without trade access; infers from the disclosed yield when asked', async () => {
    const anonymous = (await call(null, 'POST', `/api/quote/market/${GS_2032}/`, {})).json()
    expect(anonymous).toMatchObject({ source: null, price: null, can_be_priced: true })
    const live = (await call(null, 'POST', `/api/quote/market/${CHOLA_2028}/`, {})).json()
    expect(live.price).toBeNull()
    const inferred = await call(null, 'POST', `/api/quote/market/${CHOLA_2028}/`, {
      infer_from_market: true,
      settlement_date: '2026-12-01',
    })
    expect(inferred.json()).toMatchObject({
      source: 'INDICATIVE',
      as_of: '2025-04-09',
      quantum: null,
      price: { bond_yield: 0.0875, settlement_date: '2026-12-01' },
    })
    const check = await call(null, 'POST', `/api/quote/${CHOLA_2028}/`, {
      bond_yield: 0.0875,
      settlement_date: '2026-12-01',
    })
    expect(inferred.json().price.unit_clean_price).toBe(check.json().price.unit_clean_price)
  })

  it('infers from the last trade for a signed-in reader, carried to the settlement asked', async () => {
    await database.db.insert(trades).values({
      finstrumentId: CHOLA_2028,
      tradedAt: new Date('2026-11-20T06:00:00Z'),
      cleanPrice: 101.2,
      bondYield: 0.0755,
      quantity: 50,
      faceValue: 5_000_000,
      venue: 'NSE_RFQ',
      source: 'test',
    })
    const traded = (
      await call('viewer', 'POST', `/api/quote/market/${CHOLA_2028}/`, {
        infer_from_market: true,
        quote_type: 'BID',
        settlement_delta: 1,
      })
    ).json()
    expect(traded).toMatchObject({
      quote_type: 'BID',
      source: 'TRADE',
      as_of: '2026-11-20T06:00:00.000Z',
      quantum: 5_000_000,
      price: { bond_yield: 0.0755 },
    })
    // Signed out, trades stay behind sign-in: the disclosed yield answers.
    const anonymous = (
      await call(null, 'POST', `/api/quote/market/${CHOLA_2028}/`, { infer_from_market: true })
    ).json()
    expect(anonymous.source).toBe('INDICATIVE')
  })

  it('answers unknown bonds 404 and bad bodies 400', async () => {
    expect((await call(null, 'POST', '/api/quote/market/IN9999999999/', {})).statusCode).toBe(404)
    const both = await call(null, 'POST', `/api/quote/market/${GS_2032}/`, {
      settlement_date: '2026-12-01',
      settlement_delta: 1,
    })
    expect(both.json().message).toBe('Cannot provide both settlement date & delta')
    const empty = await app.inject({ method: 'POST', url: `/api/quote/market/${GS_2032}/` })
    expect(empty.json()).toMatchObject({ quote_type: 'ASK', source: null })
  })
})

describe('responding to an EOI and negotiating the cluster', () => {
  let offer: { id: number; unit_price_stored: number; settlement_date: string }
  let clusterId: number
  let capitalId: string
  let securitiesId: string

  beforeAll(async () => {
    offer = (await ask({ yield_stored: 0.0712, quantum: 40_000_000 })).json()
    capitalId = (await call('dealer', 'GET', '/api/client/')).json().id
    securitiesId = (await call('broker', 'GET', '/api/client/')).json().id
  })

  const respond = (payload: object = {}) =>
    call('broker', 'POST', '/api/eoi/add/', {
      client_id: securitiesId,
      finstrumentId: GS_2032,
      respond_eoi_id: offer.id,
      maximum_lot_stored: 25_000_000,
      yield_stored: 0.0715,
      ...payload,
    })

  it('refuses a response for another client, above the quantum, on another bond, or to oneself', async () => {
    expect(securitiesId).toBeTruthy()
    expect((await respond({ client_id: 'someone-else' })).json().fields.client_id).toBe(
      MM.otherClient,
    )
    expect(
      (await respond({ maximum_lot_stored: 50_000_000 })).json().fields.maximum_lot_stored,
    ).toBe(MM.aboveQuantum)
    expect((await respond({ finstrumentId: CHOLA_2028 })).json().fields.finstrumentId).toBe(
      MM.otherBond,
    )
    const both = await respond({ unit_price_stored: 99 })
    expect(both.json().message).toBe('Cannot provide both price and yield')
    const own = await call('dealer', 'POST', '/api/eoi/add/', {
      client_id: capitalId,
      finstrumentId: GS_2032,
      respond_eoi_id: offer.id,
      maximum_lot_stored: 1_000_000,
      use_respond_eoi_price: true,
    })
    expect(own.json().fields.respond_eoi_id).toBe(MM.ownQuote)
    expect((await respond({ respond_eoi_id: 987_654 })).statusCode).toBe(404)
    const misspelt = await respond({ maximum_lot: 1_000_000 })
    expect(misspelt.statusCode).toBe(400)
    expect(misspelt.json().message).toBe('Unknown field: maximum_lot')
    const small = await respond({ maximum_lot_stored: 50_000 })
    expect(small.json().fields.maximum_lot_stored).toBe(QUOTE_RULE_MESSAGES.quantumBelowMinimum)
  })

  it('makes the opposite quote and a cluster the two clients see from their sides', async () => {
    events.length = 0
    const response = await respond()
    expect(response.statusCode).toBe(201)
    const { eoi, cluster } = response.json()
    clusterId = cluster.id
    expect(eoi).toMatchObject({
      quote_type: 'BID',
      quantum: 25_000_000,
      yield_stored: 0.0715,
      respond_eoi_id: offer.id,
      settlement_date: offer.settlement_date,
    })
    expect(cluster).toMatchObject({
      side: 'BUYER',
      buyer_eoi_id: eoi.id,
      seller_eoi_id: offer.id,
      buyer_name: 'Demo Securities',
      seller_name: 'Demo Capital',
      quantity: 25_000_000,
      buyer_price: eoi.unit_price_stored,
      seller_price: eoi.unit_price_stored,
      seller_spread: 0,
      state: 'OPEN',
      facilitator: null,
    })
    const seller = (await call('dealer', 'GET', `/api/trade/cluster/${clusterId}/`)).json()
    expect(seller.side).toBe('SELLER')
    const offers = (await call('dealer', 'GET', '/api/trade/eoi/?live=true')).json()
    expect(offers.results.find((e: { id: number }) => e.id === offer.id).state).toBe('RESPONDED')
    expect(events.map((e) => e.message.type)).toEqual([
      'quotes_eoi',
      'quotes_cluster',
      'inquiries',
      'quotes_stream',
    ])
    expect(events[1]?.audience).toEqual({
      kind: 'clients',
      clientIds: [securitiesId, capitalId],
      permission: 'client.can_trade',
    })
    // The offer's firm has an inquiry, its traders only: not the responder's firm (decision 391).
    expect(events[2]).toEqual({
      audience: { kind: 'clients', clientIds: [capitalId], permission: 'client.can_trade' },
      message: {
        type: 'inquiries',
        data: {
          inquiry_id: eoi.id,
          eoi_id: offer.id,
          finstrument_id: GS_2032,
          cluster_id: cluster.id,
        },
      },
    })
    expect(events[3]).toEqual({
      audience: { kind: 'permission', permission: 'client.can_trade' },
      message: { type: 'quotes_stream', data: { finstrument_id: GS_2032 } },
    })
    // A response is addressed to one quote: it is not in the market's depth.
    const depth = (await call('dealer', 'GET', `/api/quote/depth/?isin=${GS_2032}`)).json()
    expect(
      depth.bids.some(
        (l: { quotes: number; mine: number; quantum: number }) => l.quantum === 25_000_000,
      ),
    ).toBe(false)
  })

  it('prices the cluster for its quantity at its settlement, at the caller’s price or one asked', async () => {
    const priced = (await call('dealer', 'GET', `/api/cluster/${clusterId}/`)).json()
    const quote = (
      await call(null, 'POST', `/api/quote/${GS_2032}/`, {
        clean_price: priced.unit_clean_price,
        settlement_date: offer.settlement_date,
      })
    ).json()
    expect(priced).toMatchObject({
      cluster_id: clusterId,
      quantity: 25_000_000,
      settlement_date: offer.settlement_date,
      bond_yield: quote.price.bond_yield,
      accrued_interest: quote.accrued_interest,
    })
    expect(priced.total_accrued_interest).toBeCloseTo(
      (25_000_000 * quote.accrued_interest) / 100,
      2,
    )
    expect(priced.consideration).toBeCloseTo(
      (25_000_000 * (priced.unit_clean_price + quote.accrued_interest)) / 100,
      2,
    )
    const at = (await call('broker', 'GET', `/api/cluster/${clusterId}/?price=98.5`)).json()
    expect(at.unit_clean_price).toBe(98.5)
    expect(
      (await call('broker', 'GET', `/api/cluster/${clusterId}/?price=abc`)).json().fields.price,
    ).toBe('Should be number')
  })

  it('keeps clusters to their parties', async () => {
    const stranger = await signIn(app, 'investor@demo.test')
    expect(
      (await as(app, stranger.access, { method: 'GET', url: `/api/trade/cluster/${clusterId}/` }))
        .statusCode,
    ).toBe(403)
    expect((await call('researcher', 'GET', `/api/cluster/${clusterId}/`)).statusCode).toBe(403)
    expect((await call('compliance', 'GET', '/api/trade/cluster/')).statusCode).toBe(403)
    // The parties' traders (client.can_trade) list it, each from its side.
    for (const [who, side] of [
      ['dealer', 'SELLER'],
      ['broker', 'BUYER'],
    ] as const) {
      const list = (await call(who, 'GET', '/api/trade/cluster/?open=true')).json()
      expect(list.results.find((c: { id: number }) => c.id === clusterId)).toMatchObject({ side })
    }
    // A Trade Viewer or Back Office of a party has no trade access (spec section 6): empty lists,
    // the page kept.
    for (const who of ['viewer', 'backoffice']) {
      for (const url of ['/api/trade/cluster/?open=true', '/api/trade/eoi/?page_size=5']) {
        const response = await call(who, 'GET', url)
        expect(response.statusCode, `${who} ${url}`).toBe(200)
        expect(response.json(), `${who} ${url}`).toEqual({
          results: [],
          count: 0,
          page: 1,
          page_size: url.includes('page_size=5') ? 5 : expect.any(Number),
        })
      }
    }
    // Nor one cluster by id, read or priced: the answer to an id that does not exist.
    for (const path of ['/api/trade/cluster', '/api/cluster']) {
      const unknown = await call('dealer', 'GET', `${path}/987654/`)
      expect(unknown.statusCode, path).toBe(404)
      for (const who of ['viewer', 'backoffice']) {
        const response = await call(who, 'GET', `${path}/${clusterId}/`)
        expect(response.statusCode, `${who} ${path}`).toBe(404)
        expect(response.json(), `${who} ${path}`).toEqual(unknown.json())
      }
    }
    const own = (await call('dealer', 'GET', '/api/trade/eoi/')).json()
    expect(own.results.map((e: { id: number }) => e.id)).toContain(offer.id)
  })

  it('negotiates by the rules, then closes, freeing the offer', async () => {
    const update = (payload: object) =>
      call('dealer', 'PUT', `/api/trade/cluster/${clusterId}/`, {
        quantity: 20_000_000,
        buyer_price: 99.6,
        seller_price: 99.6,
        seller_spread: 0,
        settlement_date: offer.settlement_date,
        close: false,
        facilitator: null,
        ...payload,
      })
    expect((await update({ quantity: 30_000_000 })).json().fields.quantity).toBe(MM.aboveQuantum)
    expect(
      (await update({ seller_price: 99.5, seller_spread: 0.1 })).json().fields.seller_price,
    ).toBe(MM.samePriceWithoutFacilitator)
    expect((await update({ facilitator: capitalId })).json().fields.facilitator).toBe(
      MM.facilitatorNotBroker,
    )
    expect(
      (await update({ facilitator: securitiesId, seller_price: 99.5, seller_spread: 0.2 })).json()
        .fields.seller_spread,
    ).toBe(MM.spreadMismatch)
    expect((await update({ settlement_date: '2020-01-02' })).json().fields.settlement_date).toBe(
      MM.settlementPast,
    )

    const negotiated = await update({
      facilitator: securitiesId,
      seller_price: 99.5,
      seller_spread: 0.1,
    })
    expect(negotiated.statusCode).toBe(200)
    expect(negotiated.json()).toMatchObject({
      quantity: 20_000_000,
      buyer_price: 99.6,
      seller_price: 99.5,
      seller_spread: 0.1,
      facilitator: securitiesId,
      facilitator_name: 'Demo Securities',
      state: 'OPEN',
    })
    const seller = (await call('dealer', 'GET', `/api/cluster/${clusterId}/`)).json()
    expect(seller.unit_clean_price).toBe(99.5)

    const closed = await update({ close: true })
    expect(closed.json()).toMatchObject({ state: 'CLOSED' })
    expect(closed.json().closed_at).toEqual(expect.any(String))
    expect((await update({})).statusCode).toBe(409)
    const offers = (await call('dealer', 'GET', `/api/trade/eoi/?finstrument_id=${GS_2032}`)).json()
    expect(offers.results.find((e: { id: number }) => e.id === offer.id).state).toBe('DEFAULT')
    const bids = (await call('broker', 'GET', `/api/trade/eoi/?finstrument_id=${GS_2032}`)).json()
    const response = bids.results.find(
      (e: { respond_eoi_id: number | null }) => e.respond_eoi_id === offer.id,
    )
    expect(response.state).toBe('CLOSED')
    expect((await call('viewer', 'PUT', `/api/trade/cluster/${clusterId}/`, {})).statusCode).toBe(
      403,
    )
  })

  it('withdraws an EOI: expired, out of the book, its clusters closed', async () => {
    const reply = (await respond({ maximum_lot_stored: 5_000_000 })).json()
    expect(reply.cluster.state).toBe('OPEN')
    expect((await call('broker', 'POST', `/api/eoi/expire/${offer.id}/`)).statusCode).toBe(404)
    const expired = await call('dealer', 'POST', `/api/eoi/expire/${offer.id}/`)
    expect(expired.statusCode).toBe(200)
    expect(expired.json().state).toBe('EXPIRED')
    expect((await call('dealer', 'POST', `/api/eoi/expire/${offer.id}/`)).statusCode).toBe(409)
    const cluster = (await call('broker', 'GET', `/api/trade/cluster/${reply.cluster.id}/`)).json()
    expect(cluster.state).toBe('CLOSED')
    expect((await respond()).statusCode).toBe(409)
    expect((await call('dealer', 'POST', '/api/eoi/expire/abc/')).statusCode).toBe(404)
  })
})

describe('the pricing callback', () => {
  const url = `/api/v1/finstrument/master/quote/${GS_2032}`

  it('prices from a yield or a price, as the quote does', async () => {
    const response = await call(null, 'POST', url, {
      finstrument_id: GS_2032,
      fixed_field: 'yield',
      bond_yield: 0.0668,
      settlement_date: '2026-11-23',
    })
    expect(response.json()).toEqual({
      price: { unit_clean_price: 99.387, bond_yield: 0.0668, settlement_date: '2026-11-23' },
      accrued_interest: 2.289,
      dirty_price: 101.676,
      can_be_priced: true,
      allow_price_modification: true,
      reason: null,
    })
    const fromPrice = await call(null, 'POST', url, {
      finstrument_id: GS_2032,
      fixed_field: 'price',
      clean_price: 99.387,
      settlement_delta: 1,
    })
    expect(fromPrice.json().price.unit_clean_price).toBe(99.387)
  })

  it('says a bond cannot be priced, and why, instead of failing', async () => {
    const response = await call(null, 'POST', `/api/v1/finstrument/master/quote/${FLOATING}`, {
      finstrument_id: FLOATING,
      bond_yield: 0.07,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      price: null,
      can_be_priced: false,
      allow_price_modification: false,
      reason: expect.stringMatching(/cannot be priced/),
    })
  })

  it('rejects another bond’s id, both numbers, and a price no yield reaches', async () => {
    const other = await call(null, 'POST', url, { finstrument_id: CHOLA_2028, bond_yield: 0.07 })
    expect(other.json().fields.finstrument_id).toBe(MM.otherFinstrument)
    const both = await call(null, 'POST', url, {
      finstrument_id: GS_2032,
      bond_yield: 0.07,
      clean_price: 99,
    })
    expect(both.json().message).toBe('Cannot provide both price and yield')
    const tooHigh = await call(null, 'POST', url, {
      finstrument_id: GS_2032,
      fixed_field: 'price',
      clean_price: 249,
    })
    expect(tooHigh.statusCode).toBe(422)
  })
})

describe('arbitrary market input', () => {
  it('never answers 500 to well-shaped bodies with arbitrary values', async () => {
    const date = fc
      .date({ min: new Date('2019-01-01'), max: new Date('2034-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10))
    const number = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.constantFrom(0, 1, 99.5, 0.07, 250, 1e12),
    )
    const bond = fc.constantFrom(GS_2032, CHOLA_2028, FLOATING, 'IN9999999999', '')
    const eoi = fc.record(
      {
        finstrument_id: bond,
        quote_type: fc.constantFrom('BID', 'ASK'),
        quantum: number,
        fixed_field: fc.constantFrom('yield', 'price'),
        unit_price_stored: fc.option(number),
        yield_stored: fc.option(number),
        settlement: date,
        settlement_delta: fc.integer({ min: -2, max: 40 }),
        expiry_date_stored: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        validity: fc.integer({ min: -5, max: 20_000 }),
        price_overridden: fc.boolean(),
        replaces: fc.integer({ min: 0, max: 50 }),
      },
      { requiredKeys: ['finstrument_id', 'quantum'] },
    )
    const response = fc.record(
      {
        client_id: fc.constantFrom('x', ''),
        finstrumentId: bond,
        respond_eoi_id: fc.integer({ min: 0, max: 60 }),
        maximum_lot_stored: number,
        unit_price_stored: fc.option(number),
        yield_stored: fc.option(number),
        use_respond_eoi_price: fc.boolean(),
      },
      { requiredKeys: ['respond_eoi_id'] },
    )
    const cluster = fc.record({
      quantity: number,
      buyer_price: number,
      seller_price: number,
      seller_spread: number,
      settlement_date: date,
      close: fc.boolean(),
      facilitator: fc.option(fc.string({ maxLength: 40 })),
    })
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          eoi.map((body) => ['POST', '/api/trade/eoi/', body] as const),
          response.map((body) => ['POST', '/api/eoi/add/', body] as const),
          fc
            .tuple(fc.integer({ min: 0, max: 30 }), cluster)
            .map(([id, body]) => ['PUT', `/api/trade/cluster/${id}/`, body] as const),
          fc
            .tuple(fc.integer({ min: 0, max: 30 }), fc.string({ maxLength: 12 }))
            .map(
              ([id, price]) =>
                ['GET', `/api/cluster/${id}/?price=${encodeURIComponent(price)}`] as const,
            ),
        ),
        fc.constantFrom('dealer', 'broker'),
        async ([method, url, body], who) => {
          const answer = await call(who, method, url, body)
          expect(answer.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500)
        },
      ),
      { numRuns: 300 },
    )
  })
})
