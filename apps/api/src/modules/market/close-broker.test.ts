// The broker a deal closed in RFQ quotes may name (`broker_id` of `PUT api/trade/d/eoi/{id}/close/`,
// decision 383), on the real app and database: the other firm when it is a broker firm, or a broker
// firm in the closing firm's own network; any other firm is the field's 400 and nothing changes.
// The bulk close (`PUT api/trade/d/eoi/close/`) takes no broker at all.
import type { Negotiation } from '@bonds/domain'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { clients, eois, networkPartners, rfqNegotiations, tradeTickets } from '../../db/schema.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { REFERENCE_MESSAGES } from './references.ts'

const GS_2032 = 'IN0020210244'

const config = readConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  TOKEN_SECRET: 'close-broker-test',
  AUTH_RATE_LIMIT: '10000',
})

let app: FastifyInstance
let database: Database
const token: Record<string, string> = {}
let capitalId: string
let securitiesId: string
let fundsId: string
/** A broker firm Demo Capital added to its network (a party to none of the deals). */
const PARTNER_BROKER = 'close-broker-partner'
/** A broker firm only Demo Securities added: not Demo Capital's to name. */
const THEIR_BROKER = 'close-broker-theirs'
/** A broker firm in no one's network. */
const OUTSIDE_BROKER = 'close-broker-outside'

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(config, { web: false, database, demoMarket: false })
  await app.ready()
  for (const who of ['dealer', 'broker', 'funds']) {
    token[who] = (await signIn(app, `${who}@demo.test`)).access
  }
  capitalId = (await call('dealer', 'GET', '/api/client/')).json().id
  securitiesId = (await call('broker', 'GET', '/api/client/')).json().id
  fundsId = (await call('funds', 'GET', '/api/client/')).json().id
  await database.db.insert(clients).values(
    [PARTNER_BROKER, THEIR_BROKER, OUTSIDE_BROKER].map((id) => ({
      id,
      name: id,
      clientType: 'CORP',
      isBroker: true,
    })),
  )
  await database.db.insert(networkPartners).values([
    { clientId: capitalId, partnerClientId: PARTNER_BROKER },
    { clientId: securitiesId, partnerClientId: THEIR_BROKER },
  ])
})

afterAll(async () => {
  await app.close()
  await database.close()
})

function call(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return as(app, token[who] as string, { method, url, ...(payload ? { payload } : {}) })
}

/** The dealer's offer countered by the broker: the dealer may deal at the broker's counter. */
async function countered() {
  const posted = await call('dealer', 'POST', '/api/trade/eoi/', {
    finstrument_id: GS_2032,
    quote_type: 'ASK',
    quantum: 50_000_000,
    yield_stored: 0.068,
    settlement_delta: 1,
  })
  expect(posted.statusCode, posted.body).toBe(201)
  const quote = posted.json() as { id: number }
  const countered = await call('broker', 'POST', '/api/eoi/add-negotiation/', {
    eoi_id: quote.id,
    quantum: 20_000_000,
    yield_stored: 0.0692,
  })
  expect(countered.statusCode, countered.body).toBe(201)
  return { quote, thread: countered.json() as Negotiation }
}

const close = (
  who: string,
  id: number,
  opposing: number,
  confirm: boolean,
  broker?: string | null,
) =>
  call(who, 'PUT', `/api/trade/d/eoi/${id}/close/`, {
    opposing_eoi: opposing,
    confirm,
    ...(broker === undefined ? {} : { broker_id: broker }),
  })

/** What a refused close must have left as it was. */
async function unchanged(quoteId: number, thread: Negotiation) {
  const [quote] = await database.db.select().from(eois).where(eq(eois.id, quoteId))
  expect(quote).toMatchObject({ quantum: 50_000_000, state: 'DEFAULT' })
  const [counter] = await database.db.select().from(eois).where(eq(eois.id, thread.counter_eoi_id))
  expect(counter?.state).not.toBe('CLOSED')
  const [row] = await database.db
    .select()
    .from(rfqNegotiations)
    .where(eq(rfqNegotiations.id, thread.id))
  expect(row).toMatchObject({ state: 'OPEN', brokerClientId: null, ticketId: null })
}

const ticketCount = async () =>
  (await database.db.select({ id: tradeTickets.id }).from(tradeTickets)).length

describe('the broker a deal names', () => {
  it('refuses a firm that is not one of the deal’s brokers, with the field’s 400, and changes nothing', async () => {
    const { quote, thread } = await countered()
    const tickets = await ticketCount()
    for (const broker of [
      OUTSIDE_BROKER, // a broker firm of neither side
      THEIR_BROKER, // the other firm's broker: its network is its own
      fundsId, // a firm on the platform that is no broker
      capitalId, // the closing firm itself
      'no-such-firm',
      '42',
    ]) {
      const refused = await close('dealer', quote.id, thread.counter_eoi_id, true, broker)
      expect(refused.statusCode, `${broker}: ${refused.body}`).toBe(400)
      expect(refused.json().fields).toEqual({ broker_id: REFERENCE_MESSAGES.dealBroker })
    }
    await unchanged(quote.id, thread)
    expect(await ticketCount()).toBe(tickets)
  })

  it('refuses a broker on a decline, which deals nothing', async () => {
    const { quote, thread } = await countered()
    const refused = await close('dealer', quote.id, thread.counter_eoi_id, false, securitiesId)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual({ broker_id: REFERENCE_MESSAGES.brokerOnDecline })
    await unchanged(quote.id, thread)
    // Without one the decline goes through.
    const declined = await close('dealer', quote.id, thread.counter_eoi_id, false, null)
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json().state).toBe('CLOSED')
  })

  it('names a broker firm in the closing firm’s network on the deal', async () => {
    const { quote, thread } = await countered()
    const deal = await close('dealer', quote.id, thread.counter_eoi_id, true, PARTNER_BROKER)
    expect(deal.statusCode, deal.body).toBe(200)
    expect(deal.json()).toMatchObject({ state: 'DEALT', deal: { broker_id: PARTNER_BROKER } })
    // A repeated confirm answers the deal as it stands, and checks its broker the same way.
    const again = await close('dealer', quote.id, thread.counter_eoi_id, true, OUTSIDE_BROKER)
    expect(again.statusCode).toBe(400)
    expect(again.json().fields.broker_id).toBe(REFERENCE_MESSAGES.dealBroker)
  })

  it('names the other firm when it is a broker firm; the view says which firm that is', async () => {
    const { quote, thread } = await countered()
    expect(thread.other_broker).toBeNull() // the broker's view: Demo Capital is no broker
    const list = (await call('dealer', 'GET', '/api/eoi/rfq-quote/?paginate=false')).json()
    const mine = list.results.find((r: { id: number }) => r.id === quote.id)
    expect(mine.negotiations[0].other_broker).toEqual({
      client_id: securitiesId,
      name: 'Demo Securities',
    })
    const deal = await close('dealer', quote.id, thread.counter_eoi_id, true, securitiesId)
    expect(deal.statusCode, deal.body).toBe(200)
    expect(deal.json().deal.broker_id).toBe(securitiesId)
  })

  it('the broker closing: Demo Capital is no broker, Demo Securities’ own partner is', async () => {
    const { quote, thread } = await countered()
    const back = await call('dealer', 'POST', '/api/eoi/add-negotiation/', {
      eoi_id: quote.id,
      negotiation_id: thread.id,
      quantum: 20_000_000,
      yield_stored: 0.069,
    })
    expect(back.statusCode, back.body).toBe(201)
    for (const broker of [capitalId, PARTNER_BROKER]) {
      const refused = await close('broker', thread.counter_eoi_id, quote.id, true, broker)
      expect(refused.statusCode, refused.body).toBe(400)
      expect(refused.json().fields.broker_id).toBe(REFERENCE_MESSAGES.dealBroker)
    }
    const deal = await close('broker', thread.counter_eoi_id, quote.id, true, THEIR_BROKER)
    expect(deal.statusCode, deal.body).toBe(200)
    expect(deal.json().deal.broker_id).toBe(THEIR_BROKER)
  })
})

describe('the bulk close', () => {
  it('takes no broker: broker_id is an unknown field, and nothing closes', async () => {
    const { quote } = await countered()
    const refused = await call('dealer', 'PUT', '/api/trade/d/eoi/close/', {
      eoi_ids: [quote.id],
      broker_id: PARTNER_BROKER,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Unknown field: broker_id')
    const [row] = await database.db.select().from(eois).where(eq(eois.id, quote.id))
    expect(row?.state).toBe('DEFAULT')
  })
})
