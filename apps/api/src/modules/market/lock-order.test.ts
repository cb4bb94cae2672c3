// The market's lock order (decision 408) on PostgreSQL, where two transactions locking the same
// rows in opposite orders deadlock and one is aborted: a withdrawal of a quote and the close of a
// cluster on it, run at once many times, both answer as if one came first. PGlite runs one
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
let fundsId: string

function call(who: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) {
  return as(app, token[who] as string, { method, url, ...(payload ? { payload } : {}) })
}

/** The dealer's offer answered by Demo Funds: the offer, the response and their open cluster. */
async function answeredOffer() {
  const offer = await call('dealer', 'POST', '/api/trade/eoi/', {
    finstrument_id: GS_2032,
    quote_type: 'ASK',
    quantum: 10_000_000,
    yield_stored: 0.068,
    settlement_delta: 1,
  })
  expect(offer.statusCode, offer.body).toBe(201)
  const responded = await call('funds', 'POST', '/api/eoi/add/', {
    client_id: fundsId,
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

describe.runIf(process.env.TEST_DATABASE_URL)('the market’s lock order on PostgreSQL', () => {
  beforeAll(async () => {
    database = await universeTestDatabase()
    app = await buildApp(config, { web: false, database, demoMarket: false })
    await app.ready()
    for (const who of ['dealer', 'funds']) {
      token[who] = (await signIn(app, `${who}@demo.test`)).access
    }
    fundsId = (await call('funds', 'GET', '/api/client/')).json().id
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
})
