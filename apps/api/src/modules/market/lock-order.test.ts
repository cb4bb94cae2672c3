// The market's lock order (decision 408) on PostgreSQL, where two transactions locking the same
// rows in opposite orders deadlock and one is aborted: a withdrawal of a quote and the close of a
// cluster on it, or the accept that makes its deal, run at once many times, both answer as if one
// came first. PGlite runs one
// transaction at a time, so the race exists only on PostgreSQL (TEST_DATABASE_URL, npm test).
import { MARKET_MESSAGES as MM } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { clusters, eois } from '../../db/schema.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032
const ROUNDS = 40

const config = readConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  TOKEN_SECRET: 'lock-order-test',
  AUTH_RATE_LIMIT: '100000',
})

let app: FastifyInstance
let database: Database
const token: Record<string, string> = {}
const clientIds: Record<string, string> = {}

function call(who: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) {
  return as(app, token[who] as string, { method, url, ...(payload ? { payload } : {}) })
}

/** The dealer's offer answered by `who`: the offer, the response and their open cluster. */
async function answeredOffer(who = 'funds') {
  const offer = await call('dealer', 'POST', '/api/trade/eoi/', {
    finstrument_id: GS_2032,
    quote_type: 'ASK',
    quantum: 10_000_000,
    yield_stored: 0.068,
    settlement_delta: 1,
  })
  expect(offer.statusCode, offer.body).toBe(201)
  const responded = await call(who, 'POST', '/api/eoi/add/', {
    client_id: clientIds[who],
    finstrumentId: GS_2032,
    respond_eoi_id: offer.json().id,
    maximum_lot_stored: 10_000_000,
    use_respond_eoi_price: true,
  })
  expect(responded.statusCode, responded.body).toBe(201)
  const { eoi, cluster } = responded.json()
  return { quote: offer.json().id as number, response: eoi.id as number, cluster }
}

/** The cluster's close, at its own terms. */
const closeCluster = (who: string, cluster: Record<string, unknown>) =>
  call(who, 'PUT', `/api/trade/cluster/${cluster.id}/`, {
    quantity: cluster.quantity,
    buyer_price: cluster.buyer_price,
    seller_price: cluster.seller_price,
    seller_spread: cluster.seller_spread,
    settlement_date: cluster.settlement_date,
    facilitator: null,
    close: true,
  })

/** Accept one's side of a cluster at the numbers the server prices it at now, on NSE. */
async function accept(who: string, clusterId: number) {
  const priced = (await call(who, 'GET', `/api/cluster/${clusterId}/`)).json()
  const [row] = await database.db.select().from(clusters).where(eq(clusters.id, clusterId))
  return call(who, 'POST', `/api/cluster/${clusterId}/accept/?lsId=${row?.updatedAt.getTime()}`, {
    bond_yield: priced.bond_yield,
    unit_clean_price: priced.unit_clean_price,
    total_accrued_interest: priced.total_accrued_interest,
    exchange: 'NSE',
  })
}

describe.runIf(process.env.TEST_DATABASE_URL)('the market’s lock order on PostgreSQL', () => {
  beforeAll(async () => {
    database = await universeTestDatabase()
    app = await buildApp(config, { web: false, database, demoMarket: false })
    await app.ready()
    for (const who of ['dealer', 'broker', 'funds']) {
      token[who] = (await signIn(app, `${who}@demo.test`)).access
      clientIds[who] = (await call(who, 'GET', '/api/client/')).json().id
    }
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('a withdrawal and a cluster’s close at once: one waits for the other, never a deadlock', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { quote, response, cluster } = await answeredOffer()
      // The dealer withdraws its quote while Demo Funds closes the cluster (quote then cluster,
      // cluster then quotes before decision 408); every other round the response is withdrawn.
      const withdrawn =
        round % 2 === 0 ? { who: 'dealer', id: quote } : { who: 'funds', id: response }
      const [withdrawal, close] = await Promise.all([
        call(withdrawn.who, 'POST', `/api/eoi/expire/${withdrawn.id}/`),
        closeCluster('funds', cluster),
      ])
      // Whichever came first: the withdrawal answers 200 or finds the response already closed by
      // the cluster's close (409); the close answers 200 or finds the cluster closed (409).
      expect([200, 409], `withdrawal, round ${round}: ${withdrawal.body}`).toContain(
        withdrawal.statusCode,
      )
      if (withdrawal.statusCode === 409) expect(withdrawal.json().message).toBe(MM.quoteNotLive)
      expect([200, 409], `close, round ${round}: ${close.body}`).toContain(close.statusCode)
      if (close.statusCode === 409) expect(close.json().message).toBe(MM.clusterClosed)
      expect(withdrawal.statusCode === 200 || close.statusCode === 200).toBe(true)
      const [row] = await database.db.select().from(clusters).where(eq(clusters.id, cluster.id))
      expect(row?.state).toBe('CLOSED')
      const [withdrawnRow] = await database.db.select().from(eois).where(eq(eois.id, withdrawn.id))
      expect(['EXPIRED', 'CLOSED']).toContain(withdrawnRow?.state)
    }
  })

  it('a withdrawal and the accept that makes a cluster’s deal at once: one deal or one withdrawal', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { quote, cluster } = await answeredOffer('broker')
      const first = await accept('dealer', cluster.id)
      expect(first.statusCode, first.body).toBe(200)
      const [withdrawal, deal] = await Promise.all([
        call('dealer', 'POST', `/api/eoi/expire/${quote}/`),
        accept('broker', cluster.id),
      ])
      // The deal first: the quote is closed (409). The withdrawal first: the cluster is (409).
      expect([200, 409], `withdrawal, round ${round}: ${withdrawal.body}`).toContain(
        withdrawal.statusCode,
      )
      expect([200, 409], `deal, round ${round}: ${deal.body}`).toContain(deal.statusCode)
      if (withdrawal.statusCode === 409) expect(withdrawal.json().message).toBe(MM.quoteNotLive)
      if (deal.statusCode === 409) expect(deal.json().message).toBe(MM.clusterClosed)
      expect(withdrawal.statusCode === 200 ? deal.statusCode : withdrawal.statusCode).toBe(409)
      const [row] = await database.db.select().from(clusters).where(eq(clusters.id, cluster.id))
      expect(row?.state).toBe(deal.statusCode === 200 ? 'DEALT' : 'CLOSED')
    }
  })
})
