// A quote sent to RFQ (decision 386) whose venue RFQ deals gives up what was dealt, on the real app
// and database (decision 400): a partial deal leaves the rest live, a full one (or one that leaves
// less than the minimum) closes it, a deal larger than the quote never takes it below nothing, and
// a quote withdrawn meanwhile stays as it was; the market hears `quotes_eoi` and `quotes_stream`
// with the deal's commit, and a deal that fails leaves the quote whole.
import type { Eoi } from '@bonds/domain'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { clusters, eois } from '../../db/schema.ts'
import type { DomainEvent } from '../../events/bus.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032
const CRORE = 10_000_000

const config = readConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  TOKEN_SECRET: 'venue-deal-test',
  AUTH_RATE_LIMIT: '10000',
  // The venue's session open at any hour (decision 359).
  VENUE_SESSION: '00:00-24:00 daily',
})

let app: FastifyInstance
let database: Database
const token: Record<string, string> = {}
const events: DomainEvent[] = []
let fundsId: string

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(config, { web: false, database, demoMarket: false })
  await app.ready()
  app.events.subscribe((event) => events.push(event))
  for (const who of ['dealer', 'broker', 'funds']) {
    token[who] = (await signIn(app, `${who}@demo.test`)).access
  }
  fundsId = (await call('funds', 'GET', '/api/client/')).json().id
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

function call(who: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return as(app, token[who] as string, { method, url, ...(payload ? { payload } : {}) })
}

/** The dealer's offer sent to RFQ to Demo Funds; answers the quote and its RFQ's id. */
async function sentOffer(quantum: number) {
  const posted = await call('dealer', 'POST', '/api/trade/eoi/', {
    finstrument_id: GS_2032,
    quote_type: 'ASK',
    quantum,
    yield_stored: 0.0681,
    settlement_delta: 1,
    send_to_rfq: true,
    oto_participant_details: { client_id: fundsId },
  })
  expect(posted.statusCode, posted.body).toBe(201)
  const quote = posted.json() as Eoi
  const [row] = await database.db.select().from(eois).where(eq(eois.id, quote.id))
  const rfqId = (row?.details as { venue_rfq_id?: number }).venue_rfq_id
  expect(rfqId).toEqual(expect.any(Number))
  return { quote, rfqId: rfqId as number }
}

/** Demo Funds quotes the RFQ (for `quantum`), then the dealer accepts: the deal. */
async function deal(rfqId: number, quantum: number) {
  const quoted = await call('funds', 'POST', `/api/venue/rfq/${rfqId}/quote/`, {
    yield: 0.0682,
    quantum,
  })
  expect(quoted.statusCode, quoted.body).toBe(200)
  events.length = 0
  return call('dealer', 'POST', `/api/venue/rfq/${rfqId}/accept/`)
}

const stored = async (id: number) =>
  (await database.db.select().from(eois).where(eq(eois.id, id)))[0]!

const marketQuotes = async () =>
  (
    (await call('broker', 'GET', '/api/eoi/rfq-quote/?paginate=false')).json() as {
      results: { id: number; quantum: number }[]
    }
  ).results

/** The market's messages about a quote, and the bond's stream messages, heard so far. */
const heard = (id: number) => ({
  quote: events.filter(
    (e) =>
      e.message.type === 'quotes_eoi' &&
      (e.message.data as { eoi_id?: number }).eoi_id === id &&
      e.audience.kind === 'permission',
  ),
  stream: events.filter(
    (e) =>
      e.message.type === 'quotes_stream' &&
      (e.message.data as { finstrument_id?: string }).finstrument_id === GS_2032,
  ),
})

describe('a venue deal on a quote sent to RFQ', () => {
  it('takes a partial deal off the quote, which stays live with the rest; the market hears it', async () => {
    const { quote, rfqId } = await sentOffer(20 * CRORE)
    const dealt = await deal(rfqId, 5 * CRORE)
    expect(dealt.statusCode, dealt.body).toBe(200)
    expect(dealt.json()).toMatchObject({ state: 'dealt', quantum: 5 * CRORE })
    expect(await stored(quote.id)).toMatchObject({ state: 'DEFAULT', quantum: 15 * CRORE })
    expect((await marketQuotes()).find((q) => q.id === quote.id)?.quantum).toBe(15 * CRORE)
    // Every trader hears the smaller quote, then the bond's market changed.
    await vi.waitFor(() => expect(heard(quote.id).stream.length).toBeGreaterThan(0))
    const { quote: messages } = heard(quote.id)
    expect(messages).toHaveLength(1)
    expect(messages[0]!.audience).toEqual({ kind: 'permission', permission: 'client.can_trade' })
    expect(messages[0]!.message).toMatchObject({
      data: { state: 'DEFAULT', quote: { id: quote.id, quantum: 15 * CRORE } },
    })
    expect(events.indexOf(messages[0]!)).toBeLessThan(events.indexOf(heard(quote.id).stream[0]!))
  })

  it('closes the quote when the deal takes all of it, or leaves less than the minimum', async () => {
    for (const [size, dealtSize] of [
      [10 * CRORE, 10 * CRORE],
      [10 * CRORE, 10 * CRORE - 50_000],
    ] as const) {
      const { quote, rfqId } = await sentOffer(size)
      expect((await deal(rfqId, dealtSize)).statusCode).toBe(200)
      expect(await stored(quote.id)).toMatchObject({ state: 'CLOSED', quantum: size })
      expect((await marketQuotes()).map((q) => q.id)).not.toContain(quote.id)
      await vi.waitFor(() => expect(heard(quote.id).quote).toHaveLength(1))
      expect(heard(quote.id).quote[0]!.message).toMatchObject({ data: { state: 'CLOSED' } })
    }
  })

  it('closing the quote, closes its open clusters and their responses (decision 407)', async () => {
    const { quote, rfqId } = await sentOffer(10 * CRORE)
    const brokerId = (await call('broker', 'GET', '/api/client/')).json().id as string
    const dealerId = (await call('dealer', 'GET', '/api/client/')).json().id as string
    const responded = await call('broker', 'POST', '/api/eoi/add/', {
      client_id: brokerId,
      finstrumentId: GS_2032,
      respond_eoi_id: quote.id,
      maximum_lot_stored: 10 * CRORE,
      use_respond_eoi_price: true,
    })
    expect(responded.statusCode, responded.body).toBe(201)
    const { eoi: response, cluster } = responded.json() as {
      eoi: { id: number }
      cluster: { id: number }
    }
    expect((await deal(rfqId, 10 * CRORE)).statusCode).toBe(200)
    expect(await stored(quote.id)).toMatchObject({ state: 'CLOSED' })
    expect(await stored(response.id)).toMatchObject({ state: 'CLOSED' })
    const [row] = await database.db.select().from(clusters).where(eq(clusters.id, cluster.id))
    expect(row?.state).toBe('CLOSED')
    // The response's end and the cluster's reach the two firms' traders, no one else.
    const parties = {
      kind: 'clients',
      permission: 'client.can_trade',
      clientIds: expect.arrayContaining([brokerId, dealerId]),
    }
    await vi.waitFor(() =>
      expect(
        events.filter(
          (e) =>
            e.message.type === 'quotes_cluster' &&
            (e.message.data as { cluster_id?: number }).cluster_id === cluster.id,
        ),
      ).toEqual([
        { audience: parties, message: expect.objectContaining({ type: 'quotes_cluster' }) },
      ]),
    )
    const responseEvents = events.filter(
      (e) =>
        e.message.type === 'quotes_eoi' &&
        (e.message.data as { eoi_id?: number }).eoi_id === response.id,
    )
    expect(responseEvents).toEqual([
      {
        audience: { ...parties, clientIds: [brokerId, dealerId] },
        message: expect.objectContaining({ data: expect.objectContaining({ state: 'CLOSED' }) }),
      },
    ])
  })

  it('never takes a quote below nothing: a deal larger than the quote closes it', async () => {
    const { quote, rfqId } = await sentOffer(10 * CRORE)
    const dealt = await deal(rfqId, 30 * CRORE)
    expect(dealt.statusCode, dealt.body).toBe(200)
    const row = await stored(quote.id)
    expect(row).toMatchObject({ state: 'CLOSED', quantum: 10 * CRORE })
  })

  it('leaves a quote withdrawn meanwhile as it was, and the deal stands', async () => {
    const { quote, rfqId } = await sentOffer(10 * CRORE)
    const withdrawn = await call('dealer', 'POST', `/api/eoi/expire/${quote.id}/`)
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    const before = await stored(quote.id)
    const dealt = await deal(rfqId, 5 * CRORE)
    expect(dealt.statusCode, dealt.body).toBe(200)
    expect(dealt.json()).toMatchObject({ state: 'dealt' })
    expect(await stored(quote.id)).toEqual(before)
    await vi.waitFor(() =>
      expect(events.some((e) => e.message.type === 'rfq_negotiation')).toBe(true),
    )
    expect(heard(quote.id).quote).toEqual([])
  })

  it('leaves the quote whole, and tells nobody, when the deal cannot be made', async () => {
    const { quote, rfqId } = await sentOffer(10 * CRORE)
    const db = database.db
    await db.execute(sql`create function refuse_ticket() returns trigger language plpgsql as
      $$ begin raise exception 'tickets are down'; end $$`)
    await db.execute(sql`create trigger refuse_ticket before insert on trade_tickets
      for each row execute function refuse_ticket()`)
    try {
      expect((await deal(rfqId, 4 * CRORE)).statusCode).toBe(500)
    } finally {
      await db.execute(sql`drop trigger refuse_ticket on trade_tickets`)
      await db.execute(sql`drop function refuse_ticket()`)
    }
    expect(await stored(quote.id)).toMatchObject({ state: 'DEFAULT', quantum: 10 * CRORE })
    expect(heard(quote.id).quote).toEqual([])
  })
})
