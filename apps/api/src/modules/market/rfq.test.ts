// RFQ on the real app and database: the demo dealer's offer is countered by the demo broker, the
// thread runs both ways and ends in a deal or a decline; quotes are changed and withdrawn; the
// RFQ quotes and public runs lists (empty without trade access); a cluster accepted by both sides;
// quotes past their validity expired by the server's sweep, also after a restart; and a deal's
// ticket, made in the close's own transaction, once; responses and counters told to their two
// firms only; a quote sent to RFQ put on the venue.
import {
  MARKET_MESSAGES as MM,
  PRIVATE_RUN_MESSAGES as PM,
  QUOTE_RULE_MESSAGES,
  RFQ_MESSAGES as RM,
  type Negotiation,
  type Ticket,
  type TradeReconstruction,
} from '@bonds/domain'
import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { venueRfqs } from '../../db/runs-schema.ts'
import { clients, clusters, eois, rfqNegotiations, tradeTickets } from '../../db/schema.ts'
import { isForSocket, type DomainEvent } from '../../events/bus.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { BULK_QUOTE_MESSAGES } from './events.ts'
import { SEND_TO_RFQ_MESSAGES as SM } from './send-to-rfq.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032
const CHOLA_2028 = 'INE121A07RE9'

const config = readConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  TOKEN_SECRET: 'rfq-test',
  AUTH_RATE_LIMIT: '10000',
  // The venue's session open at any hour (decision 359): a quote sent to RFQ reaches it.
  VENUE_SESSION: '00:00-24:00 daily',
})

let app: FastifyInstance
let database: Database
/** The server's clock runs `offset` ms ahead of real time; tests move it. */
let offset = 0
const clock = () => new Date(Date.now() + offset)
const token: Record<string, string> = {}
const events: DomainEvent[] = []
let capitalId: string
let securitiesId: string

const start = () =>
  buildApp(config, { web: false, database, demoMarket: false, clock, expirySweepMs: 50 })

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await start()
  await app.ready()
  app.events.subscribe((event) => events.push(event))
  for (const who of ['dealer', 'broker', 'viewer', 'compliance']) {
    token[who] = (await signIn(app, `${who}@demo.test`)).access
  }
  capitalId = (await call('dealer', 'GET', '/api/client/')).json().id
  securitiesId = (await call('broker', 'GET', '/api/client/')).json().id
})

afterAll(async () => {
  await app.close()
  await database.close()
})

function call(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return as(app, token[who] as string, { method, url, ...(payload ? { payload } : {}) })
}

const offer = async (payload: object = {}) => {
  const response = await call('dealer', 'POST', '/api/trade/eoi/', {
    finstrument_id: GS_2032,
    quote_type: 'ASK',
    quantum: 50_000_000,
    yield_stored: 0.068,
    settlement_delta: 1,
    ...payload,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: number; unit_price_stored: number; expiry_date_stored: string }
}

const counter = (who: string, payload: object) =>
  call(who, 'POST', '/api/eoi/add-negotiation/', payload)

const negotiationEvents = (id: number) =>
  events.filter(
    (event) =>
      event.message.type === 'rfq_negotiation' &&
      'data' in event.message &&
      event.message.data.negotiation_id === id,
  )

describe('negotiating a quote', () => {
  it('runs a counter-quote thread both ways and deals at the other side’s last counter', async () => {
    const quote = await offer()
    events.length = 0
    const first = await counter('broker', {
      eoi_id: quote.id,
      quantum: 30_000_000,
      yield_stored: 0.0695,
    })
    expect(first.statusCode, first.body).toBe(201)
    const thread = first.json() as Negotiation
    expect(thread).toMatchObject({
      eoi_id: quote.id,
      side: 'COUNTERPARTY',
      state: 'OPEN',
      quote_type: 'ASK',
      owner_name: expect.any(String),
      entries: [
        { by: 'COUNTERPARTY', quantum: 30_000_000, yield_stored: 0.0695, fixed_field: 'yield' },
      ],
      deal: null,
    })
    // Only the two firms' traders hear of it.
    expect(negotiationEvents(thread.id)).toEqual([
      {
        audience: {
          kind: 'clients',
          permission: 'client.can_trade',
          clientIds: [capitalId, securitiesId],
        },
        message: {
          type: 'rfq_negotiation',
          data: {
            negotiation_id: thread.id,
            eoi_id: quote.id,
            finstrument_id: GS_2032,
            state: 'OPEN',
          },
        },
      },
    ])

    // The owner counters in the thread it names; without one it is told to name it.
    const unnamed = await counter('dealer', {
      eoi_id: quote.id,
      quantum: 30_000_000,
      yield_stored: 0.069,
    })
    expect(unnamed.json().fields.negotiation_id).toBe(RM.threadNeeded)
    const back = await counter('dealer', {
      eoi_id: quote.id,
      negotiation_id: thread.id,
      quantum: 30_000_000,
      yield_stored: 0.069,
      note: 'Best I can do',
    })
    expect(back.statusCode, back.body).toBe(201)
    expect(back.json().entries.map((e: { by: string }) => e.by)).toEqual(['COUNTERPARTY', 'OWNER'])

    // The owner cannot accept its own last word.
    const early = await call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
      opposing_eoi: thread.counter_eoi_id,
      confirm: true,
    })
    expect(early.json().fields.opposing_eoi).toBe(RM.lastWordYours)

    // The broker meets it half way; the dealer accepts: a deal at the broker's last counter.
    const meet = await counter('broker', {
      eoi_id: quote.id,
      quantum: 20_000_000,
      yield_stored: 0.0692,
    })
    expect(meet.statusCode).toBe(201)
    const last = meet.json().entries.at(-1)
    const deal = await call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
      opposing_eoi: thread.counter_eoi_id,
      confirm: true,
      broker_id: securitiesId,
    })
    expect(deal.statusCode, deal.body).toBe(200)
    expect(deal.json()).toMatchObject({
      state: 'DEALT',
      side: 'OWNER',
      deal: {
        unit_price_stored: last.unit_price_stored,
        yield_stored: 0.0692,
        quantum: 20_000_000,
        broker_id: securitiesId,
      },
    })
    // The offer keeps what was not dealt; the counter quote is closed.
    const [left] = await database.db.select().from(eois).where(eq(eois.id, quote.id))
    expect(left).toMatchObject({ quantum: 30_000_000, state: 'DEFAULT' })
    const [closed] = await database.db.select().from(eois).where(eq(eois.id, thread.counter_eoi_id))
    expect(closed?.state).toBe('CLOSED')
    // Both sides see the deal in their RFQ quotes; a quote dealt in full stays there, closed.
    const whole = await offer({ quantum: 10_000_000 })
    const all = (
      await counter('broker', { eoi_id: whole.id, quantum: 10_000_000, yield_stored: 0.0691 })
    ).json()
    const done = await call('dealer', 'PUT', `/api/trade/d/eoi/${whole.id}/close/`, {
      opposing_eoi: all.counter_eoi_id,
      confirm: true,
    })
    expect(done.json().state).toBe('DEALT')
    for (const who of ['dealer', 'broker']) {
      const list = (await call(who, 'GET', '/api/eoi/rfq-quote/?paginate=false')).json()
      expect(list.results.find((r: { id: number }) => r.id === whole.id)).toMatchObject({
        state: 'CLOSED',
        negotiations: [{ state: 'DEALT' }],
      })
    }
    const viewerList = (await call('viewer', 'GET', '/api/eoi/rfq-quote/?paginate=false')).json()
    expect(viewerList.count).toBe(0)
    for (const who of ['dealer', 'broker']) {
      const list = (await call(who, 'GET', '/api/eoi/rfq-quote/?paginate=false')).json()
      const row = list.results.find((r: { id: number }) => r.id === quote.id)
      expect(row.negotiations.find((n: Negotiation) => n.id === thread.id)).toMatchObject({
        state: 'DEALT',
        deal: { quantum: 20_000_000 },
      })
    }
    expect(negotiationEvents(thread.id).at(-1)?.message).toMatchObject({ data: { state: 'DEALT' } })
  })

  it('declines a thread; refuses strangers, responses, oversize and bad bodies', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const opened = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, unit_price_stored: 99 })
    ).json() as Negotiation
    const declined = await call(
      'broker',
      'PUT',
      `/api/trade/d/eoi/${opened.counter_eoi_id}/close/`,
      {
        opposing_eoi: quote.id,
        confirm: false,
      },
    )
    expect(declined.json()).toMatchObject({ state: 'CLOSED', deal: null })
    // A closed thread takes no counter from the owner; the broker may open a new one.
    const again = await counter('dealer', {
      eoi_id: quote.id,
      negotiation_id: opened.id,
      quantum: 10_000_000,
      unit_price_stored: 99.1,
    })
    expect(again.statusCode).toBe(409)
    const reopened = await counter('broker', {
      eoi_id: quote.id,
      quantum: 10_000_000,
      unit_price_stored: 99,
    })
    expect(reopened.json().id).not.toBe(opened.id)

    const cases: [object, number, string | undefined][] = [
      [{ eoi_id: quote.id, quantum: 20_000_000, yield_stored: 0.07 }, 400, MM.aboveQuantum],
      [
        { eoi_id: quote.id, quantum: 50_000, yield_stored: 0.07 },
        400,
        QUOTE_RULE_MESSAGES.quantumBelowMinimum,
      ],
      [
        { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.07, unit_price_stored: 99 },
        400,
        'Cannot provide both price and yield',
      ],
      [{ eoi_id: quote.id, quantum: 10_000_000 }, 400, 'Provide a price or a yield'],
      [
        { eoi_id: quote.id, quantum: 10_000_000, yeild_stored: 0.07 },
        400,
        'Unknown field: yeild_stored',
      ],
      [{ eoi_id: 987_654, quantum: 10_000_000, yield_stored: 0.07 }, 404, undefined],
    ]
    for (const [payload, status, message] of cases) {
      const response = await counter('broker', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(status)
      if (message)
        expect(
          Object.values(response.json().fields ?? {}).concat(response.json().message),
        ).toContain(message)
    }
    // A counter quote is negotiated through its thread, never as a quote of its own.
    const counterId = reopened.json().counter_eoi_id
    const own = await counter('broker', {
      eoi_id: counterId,
      quantum: 10_000_000,
      yield_stored: 0.07,
    })
    expect(own.json().fields.eoi_id).toBe(RM.respondedQuote)
    const other = await counter('dealer', {
      eoi_id: counterId,
      quantum: 10_000_000,
      yield_stored: 0.07,
    })
    expect(other.statusCode).toBe(404)
    // Trade viewers and compliance officers do not negotiate.
    expect(
      (await counter('viewer', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.07 }))
        .statusCode,
    ).toBe(403)
    expect(
      (await counter('compliance', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.07 }))
        .statusCode,
    ).toBe(403)
  })
})

describe('a deal closed in RFQ quotes becomes a ticket', () => {
  const ticketsOf = async (who: string) =>
    (await call(who, 'GET', '/api/chatter/trade/?page_size=100')).json().results as Ticket[]
  const countTickets = async () =>
    (await database.db.select({ id: tradeTickets.id }).from(tradeTickets)).length
  let offerId = 0
  let counterId = 0

  it('the closing dealer’s ticket with the broker’s firm, sent to it, in both ticketing lists', async () => {
    const quote = await offer({ quantum: 40_000_000 })
    offerId = quote.id
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 25_000_000, yield_stored: 0.0693 })
    ).json() as Negotiation
    counterId = thread.counter_eoi_id
    const deal = await call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
      opposing_eoi: thread.counter_eoi_id,
      confirm: true,
      broker_id: securitiesId,
    })
    expect(deal.statusCode, deal.body).toBe(200)
    const ticketId = (deal.json() as Negotiation).deal?.ticket_id
    expect(ticketId).toEqual(expect.any(Number))
    const [stored] = await database.db.select().from(eois).where(eq(eois.id, quote.id))
    for (const who of ['dealer', 'broker']) {
      const ticket = (await ticketsOf(who)).find((t) => t.id === ticketId)
      expect(ticket, who).toMatchObject({
        state: 'sent',
        isin: GS_2032,
        quantum: 25_000_000,
        bond_yield: 0.0693,
        fixed_field: 'yield',
        settlement_date: stored?.settlementDate,
        exchange: 'NSE',
        initiator: { client_id: capitalId },
        counterparty: { client_id: securitiesId, user_id: expect.any(String) },
        // The dealer sold its offer; the broker's firm bought, as the broker of its side.
        seller: { client_id: capitalId },
        buyer: { client_id: securitiesId },
        broker_details: [{ buy_or_sell: 'buy' }],
      })
    }
    const mine = (await ticketsOf('dealer')).find((t) => t.id === ticketId)
    expect(mine).toMatchObject({ role: 'initiator', buy_or_sell: 'sell', broker_side: null })
    const theirs = (await ticketsOf('broker')).find((t) => t.id === ticketId)
    expect(theirs).toMatchObject({ role: 'counterparty', buy_or_sell: 'buy', broker_side: 'buyer' })
    // The ticket's price is the deal's, priced at the quote's settlement.
    expect(theirs?.unit_clean_price).toBeCloseTo(
      (deal.json() as Negotiation).deal!.unit_price_stored,
      4,
    )
    // Demo Capital's Compliance Officer reconstructs the trade: the thread that made it, whenever
    // it began, its counter-quote and the deal, by who made them.
    const seen = await call('compliance', 'GET', `/api/surveillance/trades/${ticketId}/`)
    expect(seen.statusCode, seen.body).toBe(200)
    const story = (seen.json() as TradeReconstruction).events.filter(
      (e) => e.title === 'Counter-quote' || e.title === 'Deal agreed',
    )
    expect(story).toMatchObject([
      {
        kind: 'negotiation',
        title: 'Counter-quote',
        actor_client_name: 'Demo Securities',
        detail: expect.stringMatching(/^₹2\.5 cr at 6\.9300%/),
      },
      {
        kind: 'negotiation',
        title: 'Deal agreed',
        actor_name: 'Dev Dealer',
        detail: expect.stringMatching(
          / between Demo Capital and Demo Securities, through Demo Securities$/,
        ),
      },
    ])
  })

  it('closing again, from either side, answers the same deal and makes no second ticket', async () => {
    const before = await countTickets()
    events.length = 0
    const again = await call('dealer', 'PUT', `/api/trade/d/eoi/${offerId}/close/`, {
      opposing_eoi: counterId,
      confirm: true,
    })
    expect(again.statusCode, again.body).toBe(200)
    const other = await call('broker', 'PUT', `/api/trade/d/eoi/${counterId}/close/`, {
      opposing_eoi: offerId,
      confirm: true,
    })
    expect(other.statusCode, other.body).toBe(200)
    expect(other.json()).toMatchObject({ state: 'DEALT', side: 'COUNTERPARTY' })
    expect(other.json().deal.ticket_id).toBe(again.json().deal.ticket_id)
    expect(await countTickets()).toBe(before)
    expect(events).toEqual([])
    // A decline after the deal is no close of an open negotiation.
    const decline = await call('dealer', 'PUT', `/api/trade/d/eoi/${offerId}/close/`, {
      opposing_eoi: counterId,
      confirm: false,
    })
    expect(decline.statusCode).toBe(400)
  })

  it('a double click and the other side’s close at once: one deal, one ticket', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.0694 })
    ).json() as Negotiation
    const before = await countTickets()
    const close = () =>
      call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
        opposing_eoi: thread.counter_eoi_id,
        confirm: true,
      })
    const [first, second, broker] = await Promise.all([
      close(),
      close(),
      call('broker', 'PUT', `/api/trade/d/eoi/${thread.counter_eoi_id}/close/`, {
        opposing_eoi: quote.id,
        confirm: true,
      }),
    ])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect(second.json().deal.ticket_id).toBe(first.json().deal.ticket_id)
    // The broker's counter is the last word: refused before the deal, the deal after it.
    if (broker.statusCode === 200) {
      expect(broker.json().deal.ticket_id).toBe(first.json().deal.ticket_id)
    } else {
      expect(broker.json().fields.opposing_eoi).toBe(RM.lastWordYours)
    }
    expect(await countTickets()).toBe(before + 1)
  })

  it('the broker closing the dealer’s last counter: the broker’s ticket, buying', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.0694 })
    ).json() as Negotiation
    const back = await counter('dealer', {
      eoi_id: quote.id,
      negotiation_id: thread.id,
      quantum: 10_000_000,
      unit_price_stored: 99.5,
    })
    expect(back.statusCode, back.body).toBe(201)
    const deal = await call('broker', 'PUT', `/api/trade/d/eoi/${thread.counter_eoi_id}/close/`, {
      opposing_eoi: quote.id,
      confirm: true,
    })
    expect(deal.statusCode, deal.body).toBe(200)
    const ticketId = deal.json().deal.ticket_id
    const ticket = (await ticketsOf('broker')).find((t) => t.id === ticketId)
    expect(ticket).toMatchObject({
      state: 'sent',
      role: 'initiator',
      buy_or_sell: 'buy',
      broker_side: 'buyer',
      unit_clean_price: 99.5,
      fixed_field: 'price',
      quantum: 10_000_000,
      initiator: { client_id: securitiesId },
      counterparty: { client_id: capitalId, user_id: expect.any(String) },
    })
    expect((await ticketsOf('dealer')).find((t) => t.id === ticketId)).toMatchObject({
      role: 'counterparty',
      buy_or_sell: 'sell',
    })
  })

  it('a ticket that cannot be written takes the close back with it', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.0695 })
    ).json() as Negotiation
    const before = await countTickets()
    const db = database.db
    await db.execute(sql`create function refuse_deal_ticket() returns trigger language plpgsql as
      $$ begin raise exception 'tickets are down'; end $$`)
    await db.execute(sql`create trigger refuse_deal_ticket before insert on trade_tickets
      for each row execute function refuse_deal_ticket()`)
    events.length = 0
    try {
      const failed = await call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
        opposing_eoi: thread.counter_eoi_id,
        confirm: true,
      })
      expect(failed.statusCode).toBe(500)
    } finally {
      await db.execute(sql`drop trigger refuse_deal_ticket on trade_tickets`)
      await db.execute(sql`drop function refuse_deal_ticket()`)
    }
    // Nothing of the close is left: the thread open, both quotes live, no event, no ticket.
    const [row] = await db.select().from(rfqNegotiations).where(eq(rfqNegotiations.id, thread.id))
    expect(row).toMatchObject({ state: 'OPEN', ticketId: null, dealtAt: null })
    const quotes = await db
      .select({ id: eois.id, state: eois.state, quantum: eois.quantum })
      .from(eois)
      .where(inArray(eois.id, [quote.id, thread.counter_eoi_id]))
    expect(quotes.map((q) => q.state)).toEqual(['DEFAULT', 'DEFAULT'])
    expect(events).toEqual([])
    expect(await countTickets()).toBe(before)
    // With tickets back the same close deals, with its one ticket.
    const dealt = await call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
      opposing_eoi: thread.counter_eoi_id,
      confirm: true,
    })
    expect(dealt.statusCode, dealt.body).toBe(200)
    expect(dealt.json().deal.ticket_id).toEqual(expect.any(Number))
    expect(await countTickets()).toBe(before + 1)
  })
})

describe('changing and withdrawing quotes', () => {
  it('updates a live quote, repriced by the server, and refuses others’ or unknown fields', async () => {
    const quote = await offer()
    const changed = await call('dealer', 'PUT', `/api/eoi/update/${quote.id}/`, {
      quantum: 70_000_000,
      yield_stored: 0.0675,
      validity: 30,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({
      quantum: 70_000_000,
      yield_stored: 0.0675,
      fixed_field: 'yield',
    })
    expect(changed.json().unit_price_stored).toBeGreaterThan(quote.unit_price_stored)
    expect(Date.parse(changed.json().expiry_date_stored) - clock().getTime()).toBeLessThanOrEqual(
      30 * 60_000,
    )
    expect(
      (await call('broker', 'PUT', `/api/eoi/update/${quote.id}/`, { quantum: 20_000_000 }))
        .statusCode,
    ).toBe(404)
    const misspelt = await call('dealer', 'PUT', `/api/eoi/update/${quote.id}/`, { quantity: 1 })
    expect(misspelt.json().message).toBe('Unknown field: quantity')
  })

  it('withdraws the firm’s live quotes at once, ending their negotiations', async () => {
    const a = await offer()
    const b = await offer({ finstrument_id: CHOLA_2028, quote_type: 'BID', yield_stored: 0.0875 })
    const thread = (
      await counter('broker', { eoi_id: a.id, quantum: 10_000_000, yield_stored: 0.069 })
    ).json()
    const closed = await call('dealer', 'PUT', '/api/trade/d/eoi/close/', { eoi_ids: [a.id, b.id] })
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json().closed.sort()).toEqual([a.id, b.id].sort())
    const [row] = await database.db
      .select()
      .from(rfqNegotiations)
      .where(eq(rfqNegotiations.id, thread.id))
    expect(row?.state).toBe('CLOSED')
    const all = await call('dealer', 'PUT', '/api/trade/d/eoi/close/', {})
    expect(all.statusCode).toBe(200)
    expect((await call('dealer', 'GET', '/api/trade/eoi/?live=true')).json().count).toBe(0)
  })
})

describe('a response or counter stays with its two firms', () => {
  /** A signed-in user as the trade socket knows them: id, firm and permissions. */
  const socketOf = async (who: string) => {
    const session = (await call(who, 'GET', '/api/session/')).json()
    return {
      userId: session.user_info.id as string,
      clientId: session.user_accounts[0].client_id as string,
      permissions: session.permissions as string[],
    }
  }
  type Socket = Awaited<ReturnType<typeof socketOf>>
  /** Every message that carries the quote: its own `quotes_eoi`, or any naming it as its quote. */
  const quoteEvents = (id: number) =>
    events.filter((e) => {
      if (!('data' in e.message)) return false
      const data = e.message.data as { eoi_id?: unknown; quote?: { id?: unknown } }
      return (
        (e.message.type === 'quotes_eoi' && data.eoi_id === id) ||
        (data.quote !== undefined && data.quote.id === id)
      )
    })
  /** The quote's messages reach the two firms' traders, and no one else's socket. */
  const onlyParties = (id: number, parties: Socket[], others: Socket[]) => {
    const heard = quoteEvents(id)
    expect(heard.length, `messages about quote ${id}`).toBeGreaterThan(0)
    for (const party of parties) {
      expect(heard.some((e) => isForSocket(e.audience, party))).toBe(true)
    }
    for (const other of others) {
      expect(heard.filter((e) => isForSocket(e.audience, other))).toEqual([])
    }
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100; i += 1) {
      if (check()) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error('timed out')
  }
  let dealer: Socket
  let broker: Socket
  let funds: Socket

  beforeAll(async () => {
    token.funds = (await signIn(app, 'funds@demo.test')).access
    ;[dealer, broker, funds] = (await Promise.all(['dealer', 'broker', 'funds'].map(socketOf))) as [
      Socket,
      Socket,
      Socket,
    ]
    // A third firm's trader, able to trade: it hears the market, not others' private quotes.
    expect(funds.permissions).toContain('client.can_trade')
  })

  const respondTo = async (who: string, clientId: string, quote: { id: number }) => {
    const response = await call(who, 'POST', '/api/eoi/add/', {
      client_id: clientId,
      finstrumentId: GS_2032,
      respond_eoi_id: quote.id,
      maximum_lot_stored: 10_000_000,
      use_respond_eoi_price: true,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().eoi as { id: number }
  }

  it('on a decline, the counter goes to the two firms only', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.0691 })
    ).json() as Negotiation
    events.length = 0
    const declined = await call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
      opposing_eoi: thread.counter_eoi_id,
      confirm: false,
    })
    expect(declined.json()).toMatchObject({ state: 'CLOSED' })
    onlyParties(thread.counter_eoi_id, [dealer, broker], [funds])
  })

  it('on a close, the counters and responses go to their two firms only', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.0691 })
    ).json() as Negotiation
    const response = await respondTo('funds', funds.clientId, quote)
    events.length = 0
    // The responding firm withdraws its response; then the owner withdraws the quote.
    expect((await call('funds', 'POST', `/api/eoi/expire/${response.id}/`)).statusCode).toBe(200)
    onlyParties(response.id, [dealer, funds], [broker])
    expect((await call('dealer', 'POST', `/api/eoi/expire/${quote.id}/`)).statusCode).toBe(200)
    onlyParties(thread.counter_eoi_id, [dealer, broker], [funds])
    // The market quote itself keeps its market audience.
    onlyParties(quote.id, [dealer, broker, funds], [])
  })

  it('on a cluster’s close, its response goes to the two firms only', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const response = await respondTo('funds', funds.clientId, quote)
    const [cluster] = (
      await call('dealer', 'GET', `/api/trade/cluster/?open=true&finstrument_id=${GS_2032}`)
    )
      .json()
      .results.filter((c: { buyer_eoi_id: number }) => c.buyer_eoi_id === response.id)
    expect(cluster).toBeDefined()
    events.length = 0
    const closed = await call('dealer', 'PUT', `/api/trade/cluster/${cluster.id}/`, {
      quantity: cluster.quantity,
      buyer_price: cluster.buyer_price,
      seller_price: cluster.seller_price,
      seller_spread: cluster.seller_spread,
      settlement_date: cluster.settlement_date,
      facilitator: null,
      close: true,
    })
    expect(closed.json()).toMatchObject({ state: 'CLOSED' })
    // The response is no longer live: its end reaches its firm and the quote's, no third firm.
    onlyParties(response.id, [dealer, funds], [broker])
    expect(quoteEvents(response.id).map((e) => e.message)).toEqual([
      expect.objectContaining({
        type: 'quotes_eoi',
        data: expect.objectContaining({ state: 'CLOSED', respond_eoi_id: quote.id }),
      }),
    ])
    // The quote answered is live again, for the market.
    onlyParties(quote.id, [dealer, broker, funds], [])
  })

  it('on a withdrawal, a cluster’s response closes with it, and a quote no longer answered is live again', async () => {
    const stateOf = async (who: string, id: number) =>
      (await call(who, 'GET', `/api/trade/eoi/?finstrument_id=${GS_2032}&page_size=100`))
        .json()
        .results.find((e: { id: number }) => e.id === id)?.state
    // The answered quote withdrawn: the response in its cluster is no longer live.
    const quote = await offer({ quantum: 10_000_000 })
    const response = await respondTo('funds', funds.clientId, quote)
    events.length = 0
    expect((await call('dealer', 'POST', `/api/eoi/expire/${quote.id}/`)).statusCode).toBe(200)
    expect(await stateOf('funds', response.id)).toBe('CLOSED')
    onlyParties(response.id, [dealer, funds], [broker])
    // The response withdrawn: the quote it answered is no longer RESPONDED, for the market.
    const again = await offer({ quantum: 10_000_000 })
    const withdrawn = await respondTo('funds', funds.clientId, again)
    expect(await stateOf('dealer', again.id)).toBe('RESPONDED')
    events.length = 0
    expect((await call('funds', 'POST', `/api/eoi/expire/${withdrawn.id}/`)).statusCode).toBe(200)
    expect(await stateOf('dealer', again.id)).toBe('DEFAULT')
    expect(quoteEvents(again.id).map((e) => e.message)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ state: 'DEFAULT' }) }),
      expect.objectContaining({ data: expect.objectContaining({ state: 'DEFAULT', mine: true }) }),
    ])
    onlyParties(again.id, [dealer, broker, funds], [])
  })

  it('on expiry, the counters and responses go to their two firms only', async () => {
    const quote = await offer({ quantum: 10_000_000, validity: 1 })
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.0691 })
    ).json() as Negotiation
    const response = await respondTo('funds', funds.clientId, quote)
    events.length = 0
    offset += 61_000
    await until(
      () => quoteEvents(thread.counter_eoi_id).length > 0 && quoteEvents(response.id).length > 0,
    )
    onlyParties(thread.counter_eoi_id, [dealer, broker], [funds])
    onlyParties(response.id, [dealer, funds], [broker])
    onlyParties(quote.id, [dealer, broker, funds], [])
  })
})

describe('whatever ends a quote ends its open clusters (decision 407)', () => {
  let fundsId: string
  beforeAll(async () => {
    token.funds ??= (await signIn(app, 'funds@demo.test')).access
    fundsId = (await call('funds', 'GET', '/api/client/')).json().id
  })

  /** A response to the quote for 10 crore at its price: the response and its open cluster. */
  const respond = async (who: string, clientId: string, quote: { id: number }) => {
    const response = await call(who, 'POST', '/api/eoi/add/', {
      client_id: clientId,
      finstrumentId: GS_2032,
      respond_eoi_id: quote.id,
      maximum_lot_stored: 10_000_000,
      use_respond_eoi_price: true,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as { eoi: { id: number }; cluster: { id: number; updated_at: string } }
  }
  /** Accept one's side of a cluster at the numbers the server prices it at now. */
  const accept = async (who: string, clusterId: number) => {
    const priced = (await call(who, 'GET', `/api/cluster/${clusterId}/`)).json()
    const version = (await clusterRow(clusterId))?.updatedAt.getTime()
    return call(who, 'POST', `/api/cluster/${clusterId}/accept/?lsId=${version}`, {
      bond_yield: priced.bond_yield,
      unit_clean_price: priced.unit_clean_price,
      total_accrued_interest: priced.total_accrued_interest,
      exchange: 'NSE',
    })
  }
  const stateOf = async (id: number) =>
    (await database.db.select().from(eois).where(eq(eois.id, id)))[0]?.state
  const clusterRow = async (id: number) =>
    (await database.db.select().from(clusters).where(eq(clusters.id, id)))[0]
  const clusterStateOf = async (id: number) => (await clusterRow(id))?.state
  /** The `quotes_cluster` messages heard about a cluster: their state and their audience. */
  const clusterEvents = (id: number) =>
    events.flatMap((event) =>
      event.message.type === 'quotes_cluster' &&
      'data' in event.message &&
      event.message.data.cluster_id === id
        ? [{ state: event.message.data.state, audience: event.audience }]
        : [],
    )
  /** The `quotes_eoi` messages heard about a quote: their state and their audience. */
  const quoteEvents = (id: number) =>
    events.flatMap((event) =>
      event.message.type === 'quotes_eoi' &&
      'data' in event.message &&
      event.message.data.eoi_id === id
        ? [{ state: event.message.data.state, audience: event.audience }]
        : [],
    )
  const parties = (...clientIds: string[]) => ({
    kind: 'clients',
    permission: 'client.can_trade',
    clientIds,
  })

  it('a deal in full in its negotiation closes its clusters: no second deal on the quote', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const { eoi: response, cluster } = await respond('funds', fundsId, quote)
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.0691 })
    ).json() as Negotiation
    events.length = 0
    const deal = await call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
      opposing_eoi: thread.counter_eoi_id,
      confirm: true,
    })
    expect(deal.statusCode, deal.body).toBe(200)
    expect(await stateOf(quote.id)).toBe('CLOSED')
    // The cluster closed with it, and its response; the parties hear of both, no one else.
    expect(await clusterStateOf(cluster.id)).toBe('CLOSED')
    expect(await stateOf(response.id)).toBe('CLOSED')
    expect(clusterEvents(cluster.id)).toEqual([
      { state: 'CLOSED', audience: parties(fundsId, capitalId) },
    ])
    expect(quoteEvents(response.id)).toEqual([
      { state: 'CLOSED', audience: parties(fundsId, capitalId) },
    ])
    // The cluster on the dealt quote makes no second deal.
    const again = await accept('dealer', cluster.id)
    expect(again.statusCode, again.body).toBe(409)
    expect(again.json().message).toBe(MM.clusterClosed)
  })

  it('a quote replaced closes its clusters and ends its negotiations', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const { eoi: response, cluster } = await respond('funds', fundsId, quote)
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.0691 })
    ).json() as Negotiation
    events.length = 0
    const replacing = await offer({ quantum: 10_000_000, replaces: quote.id })
    expect(await stateOf(quote.id)).toBe('CLOSED')
    expect(await stateOf(replacing.id)).toBe('DEFAULT')
    expect(await clusterStateOf(cluster.id)).toBe('CLOSED')
    expect(await stateOf(response.id)).toBe('CLOSED')
    expect(await stateOf(thread.counter_eoi_id)).toBe('CLOSED')
    expect(negotiationEvents(thread.id).at(-1)?.message).toMatchObject({
      data: { state: 'CLOSED' },
    })
    expect(clusterEvents(cluster.id)).toEqual([
      { state: 'CLOSED', audience: parties(fundsId, capitalId) },
    ])
    expect(quoteEvents(response.id)).toEqual([
      { state: 'CLOSED', audience: parties(fundsId, capitalId) },
    ])
    expect((await accept('dealer', cluster.id)).statusCode).toBe(409)
  })

  it('a cluster dealt closes the other clusters on its quotes', async () => {
    const quote = await offer({ quantum: 20_000_000 })
    const dealt = await respond('broker', securitiesId, quote)
    const other = await respond('funds', fundsId, quote)
    expect((await accept('dealer', dealt.cluster.id)).statusCode).toBe(200)
    events.length = 0
    const deal = await accept('broker', dealt.cluster.id)
    expect(deal.json()).toMatchObject({ state: 'DEALT' })
    expect(await clusterStateOf(other.cluster.id)).toBe('CLOSED')
    expect(await stateOf(other.eoi.id)).toBe('CLOSED')
    expect(clusterEvents(other.cluster.id)).toEqual([
      { state: 'CLOSED', audience: parties(fundsId, capitalId) },
    ])
    expect(quoteEvents(other.eoi.id)).toEqual([
      { state: 'CLOSED', audience: parties(fundsId, capitalId) },
    ])
  })

  it('a cluster whose quote is no longer live is refused (400), nothing accepted', async () => {
    const quote = await offer({ quantum: 10_000_000 })
    const { cluster } = await respond('broker', securitiesId, quote)
    // A quote ended by a path that left its cluster open (as deals did before decision 407).
    await database.db.update(eois).set({ state: 'CLOSED' }).where(eq(eois.id, quote.id))
    const refused = await accept('broker', cluster.id)
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().message).toBe(MM.quoteNotLive)
    expect(await clusterRow(cluster.id)).toMatchObject({ state: 'OPEN', buyerAcceptedAt: null })
  })

  it('a cluster asking more than its quote has left after a partial deal is refused (400)', async () => {
    const quote = await offer({ quantum: 20_000_000 })
    const { cluster } = await respond('funds', fundsId, quote)
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 15_000_000, yield_stored: 0.0691 })
    ).json() as Negotiation
    const deal = await call('dealer', 'PUT', `/api/trade/d/eoi/${quote.id}/close/`, {
      opposing_eoi: thread.counter_eoi_id,
      confirm: true,
    })
    expect(deal.statusCode, deal.body).toBe(200)
    // 5 crore left on the quote; the cluster still asks for 10.
    expect((await database.db.select().from(eois).where(eq(eois.id, quote.id)))[0]).toMatchObject({
      quantum: 5_000_000,
    })
    const refused = await accept('funds', cluster.id)
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().message).toBe(MM.aboveQuantum)
    expect(await clusterRow(cluster.id)).toMatchObject({ state: 'OPEN', buyerAcceptedAt: null })
  })
})

describe('a quote sent to RFQ', () => {
  let fundsId: string
  beforeAll(async () => {
    token.funds ??= (await signIn(app, 'funds@demo.test')).access
    fundsId = (await call('funds', 'GET', '/api/client/')).json().id
  })
  const counts = async () => ({
    quotes: (await database.db.select({ id: eois.id }).from(eois)).length,
    rfqs: (await database.db.select({ id: venueRfqs.id }).from(venueRfqs)).length,
  })
  const post = (who: string, payload: object) =>
    call(who, 'POST', '/api/trade/eoi/', {
      finstrument_id: GS_2032,
      quote_type: 'ASK',
      quantum: 20_000_000,
      yield_stored: 0.0681,
      settlement_delta: 1,
      send_to_rfq: true,
      oto_participant_details: { client_id: fundsId },
      ...payload,
    })

  it('is posted and put on the exchange as a one-to-one RFQ to the firm named, in one commit', async () => {
    const posted = await post('dealer', {})
    expect(posted.statusCode, posted.body).toBe(201)
    const quote = posted.json() as { id: number; state: string }
    expect(quote.state).toBe('DEFAULT')
    const [row] = await database.db.select().from(eois).where(eq(eois.id, quote.id))
    const rfqId = (row?.details as { venue_rfq_id?: number }).venue_rfq_id
    expect(rfqId).toEqual(expect.any(Number))
    // The first exchange both firms trade on (Demo Funds: NSE only); the quote's side, size and level.
    const [rfq] = await database.db.select().from(venueRfqs).where(eq(venueRfqs.id, rfqId!))
    expect(rfq).toMatchObject({
      exchange: 'NSE',
      state: 'initiated',
      initiatorClientId: capitalId,
      responderClientId: fundsId,
      finstrumentId: GS_2032,
      quoteType: 'ASK',
      quantum: 20_000_000,
      yieldValue: 0.0681,
      price: null,
      settlementDate: row?.settlementDate,
    })
    // The firm it went to sees it on the venue; the quote is in the market too.
    const theirs = (await call('funds', 'GET', '/api/venue/rfq/')).json()
    expect(theirs.results.map((r: { id: number }) => r.id)).toContain(rfqId)
    const market = (await call('broker', 'GET', '/api/eoi/rfq-quote/?paginate=false')).json()
    expect(market.results.map((r: { id: number }) => r.id)).toContain(quote.id)
    // Without send_to_rfq nothing goes to the exchange.
    const before = await counts()
    expect((await post('dealer', { send_to_rfq: false })).statusCode).toBe(201)
    expect(await counts()).toEqual({ quotes: before.quotes + 1, rfqs: before.rfqs })
  })

  it('is refused on its field, or by the venue, with nothing saved', async () => {
    const before = await counts()
    const cases: [string, object, number, string, string][] = [
      [
        'dealer',
        { oto_participant_details: null },
        400,
        'oto_participant_details',
        SM.counterpartyNeeded,
      ],
      [
        'dealer',
        { oto_participant_details: { name: 'Beta' } },
        400,
        'oto_participant_details',
        SM.counterpartyNeeded,
      ],
      [
        'dealer',
        { oto_participant_details: { client_id: capitalId } },
        400,
        'oto_participant_details',
        PM.ownFirm,
      ],
      [
        'dealer',
        { oto_participant_details: { client_id: 'no-such-firm' } },
        400,
        'oto_participant_details',
        SM.counterpartyUnknown,
      ],
      ['dealer', { rfq_mode: 'ANONYMOUS' }, 400, 'rfq_mode', SM.oneToOne],
      [
        'dealer',
        { clearing_corporation: 'MCXCCL' },
        400,
        'clearing_corporation',
        SM.clearingCorporation,
      ],
      // Demo Funds trades on NSE RFQ only.
      [
        'dealer',
        { clearing_corporation: 'ICCL' },
        400,
        'oto_participant_details',
        PM.counterpartyNotOnExchange,
      ],
      [
        'funds',
        { clearing_corporation: 'ICCL', oto_participant_details: { client_id: capitalId } },
        400,
        'clearing_corporation',
        PM.exchangeNotAllowed,
      ],
      ['dealer', { settlement_delta: 2 }, 400, 'settlement_delta', SM.settlement],
      // The venue's lot rule: whole bonds of ₹100 face value.
      ['dealer', { quantum: 20_000_050 }, 422, 'quantum', expect.any(String) as unknown as string],
    ]
    for (const [who, payload, status, field, message] of cases) {
      const response = await post(who, payload)
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(status)
      expect(response.json().fields?.[field], JSON.stringify(payload)).toEqual(message)
    }
    expect(await counts()).toEqual(before)
  })

  it('is for a firm with an RFQ exchange: one without has no trade access (403)', async () => {
    await database.db.update(clients).set({ rfqExchanges: [] }).where(eq(clients.id, fundsId))
    try {
      const response = await post('funds', { oto_participant_details: { client_id: capitalId } })
      expect(response.statusCode).toBe(403)
    } finally {
      await database.db
        .update(clients)
        .set({ rfqExchanges: ['NSE'] })
        .where(eq(clients.id, fundsId))
    }
  })
})

describe('the market’s lists', () => {
  it('lists live quotes for traders, with search, my_quotes and pages; empty without trade access', async () => {
    const gs = await offer()
    const chola = await call('broker', 'POST', '/api/trade/eoi/', {
      finstrument_id: CHOLA_2028,
      quote_type: 'BID',
      quantum: 10_000_000,
      yield_stored: 0.0875,
    })
    expect(chola.statusCode).toBe(201)
    const all = (await call('dealer', 'GET', '/api/eoi/rfq-quote/')).json()
    expect(all.results.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([gs.id, chola.json().id]),
    )
    expect(all.results.find((r: { id: number }) => r.id === gs.id)).toMatchObject({
      mine: true,
      quote_type: 'ASK',
    })
    expect(all.results.find((r: { id: number }) => r.id === chola.json().id)).toMatchObject({
      mine: false,
    })
    const searched = (await call('dealer', 'GET', '/api/eoi/rfq-quote/?search=chola')).json()
    expect(
      searched.results.every((r: { finstrument_id: string }) => r.finstrument_id === CHOLA_2028),
    ).toBe(true)
    const mine = (await call('dealer', 'GET', '/api/eoi/rfq-quote/?my_quotes=true')).json()
    expect(mine.results.every((r: { mine: boolean }) => r.mine)).toBe(true)
    const paged = (await call('dealer', 'GET', '/api/eoi/rfq-quote/?page_size=1')).json()
    expect(paged).toMatchObject({ page: 1, page_size: 1, count: all.count })
    expect(paged.results).toHaveLength(1)
    expect((await call('dealer', 'GET', '/api/eoi/rfq-quote/?serch=x')).json().message).toBe(
      'Unknown field: serch',
    )

    // The public runs: best bid and offer per bond.
    const runs = (await call('broker', 'GET', '/api/trade/d/market/?search=2032')).json()
    const line = runs.results.find((r: { finstrument_id: string }) => r.finstrument_id === GS_2032)
    expect(line).toMatchObject({ ask: { unit_price_stored: expect.any(Number) }, mine: false })
    expect(line.quotes).toBeGreaterThan(0)

    // my_quotes: only the bonds the caller's firm quotes, each line its own; others' bonds are not.
    const runsOf = async (who: string, query: string) =>
      (await call(who, 'GET', `/api/trade/d/market/?page_size=100${query}`)).json() as {
        results: { finstrument_id: string; mine: boolean }[]
        count: number
      }
    const allRuns = await runsOf('dealer', '')
    const dealerRuns = await runsOf('dealer', '&my_quotes=true')
    const brokerRuns = await runsOf('broker', '&my_quotes=true')
    expect(dealerRuns.results.map((r) => r.finstrument_id)).toContain(GS_2032)
    expect(dealerRuns.results.map((r) => r.finstrument_id)).not.toContain(CHOLA_2028)
    expect(brokerRuns.results.map((r) => r.finstrument_id)).toContain(CHOLA_2028)
    for (const page of [dealerRuns, brokerRuns]) {
      expect(page.results.every((r) => r.mine)).toBe(true)
      expect(page.count).toBe(page.results.length)
    }
    expect(dealerRuns.count).toBeLessThan(allRuns.count)
    expect(allRuns.results.some((r) => !r.mine)).toBe(true)

    // finstrument_id: only the named bonds' lines (decision 410), as the whole list has them; a
    // bond without a live quote is absent; search and my_quotes still apply.
    const named = await runsOf('dealer', `&finstrument_id=${GS_2032},${CHOLA_2028},NO-SUCH-BOND`)
    expect(named.results.map((r) => r.finstrument_id).sort()).toEqual([GS_2032, CHOLA_2028].sort())
    expect(named.count).toBe(2)
    for (const run of named.results) {
      expect(run).toEqual(allRuns.results.find((r) => r.finstrument_id === run.finstrument_id))
    }
    const namedMine = await runsOf(
      'dealer',
      `&finstrument_id=${GS_2032},${CHOLA_2028}&my_quotes=true`,
    )
    expect(namedMine.results.map((r) => r.finstrument_id)).toEqual([GS_2032])
    const namedSearch = await runsOf(
      'dealer',
      `&finstrument_id=${GS_2032},${CHOLA_2028}&search=chola`,
    )
    expect(namedSearch.results.map((r) => r.finstrument_id)).toEqual([CHOLA_2028])
    // At most 100 bonds a read, and a malformed list: 400 naming the field.
    const many = Array.from({ length: 101 }, (_, i) => `B${i}`).join(',')
    const tooMany = await call('dealer', 'GET', `/api/trade/d/market/?finstrument_id=${many}`)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().fields).toMatchObject({
      finstrument_id: 'At most 100 bonds in finstrument_id',
    })
    const hundred = Array.from({ length: 99 }, (_, i) => `B${i}`)
      .concat(GS_2032)
      .join(',')
    expect((await runsOf('dealer', `&finstrument_id=${hundred}`)).results).toHaveLength(1)
    const gap = await call('dealer', 'GET', `/api/trade/d/market/?finstrument_id=${GS_2032},,x`)
    expect(gap.statusCode).toBe(400)
    expect(gap.json().fields).toMatchObject({
      finstrument_id: 'Bond ids in finstrument_id are separated by commas',
    })
    // Trade access is still required: a Trade Viewer reads no line of a named bond.
    expect(
      (await call('viewer', 'GET', `/api/trade/d/market/?finstrument_id=${GS_2032}`)).json(),
    ).toMatchObject({ results: [], count: 0 })

    // A Trade Viewer (no client.can_trade) sees empty lists.
    for (const url of ['/api/eoi/rfq-quote/', '/api/trade/d/market/']) {
      expect((await call('viewer', 'GET', url)).json()).toMatchObject({ results: [], count: 0 })
    }
    expect((await call('compliance', 'GET', '/api/eoi/rfq-quote/')).statusCode).toBe(403)
  })
})

describe('accepting a cluster', () => {
  it('takes each side’s acceptance at the priced numbers; both make a deal', async () => {
    const quote = await offer({ quantum: 20_000_000 })
    const responded = await call('broker', 'POST', '/api/eoi/add/', {
      client_id: securitiesId,
      finstrumentId: GS_2032,
      respond_eoi_id: quote.id,
      maximum_lot_stored: 20_000_000,
      use_respond_eoi_price: true,
    })
    expect(responded.statusCode, responded.body).toBe(201)
    const cluster = responded.json().cluster
    const accept = async (who: string, lsId: string, change: object = {}) => {
      const priced = (await call(who, 'GET', `/api/cluster/${cluster.id}/`)).json()
      return call(
        who,
        'POST',
        `/api/cluster/${cluster.id}/accept/?lsId=${encodeURIComponent(lsId)}`,
        {
          bond_yield: priced.bond_yield,
          unit_clean_price: priced.unit_clean_price,
          total_accrued_interest: priced.total_accrued_interest,
          exchange: 'NSE',
          ...change,
        },
      )
    }
    expect(
      (await accept('dealer', cluster.updated_at, { bond_yield: 0.09 })).json().fields.bond_yield,
    ).toBe(RM.priceMismatch)
    expect(
      (await accept('dealer', cluster.updated_at, { unit_clean_price: 50 })).json().fields
        .unit_clean_price,
    ).toBe(RM.priceMismatch)
    // The total accrued must be what the pricing makes of the cluster's quantity, to a rupee.
    const priced = (await call('dealer', 'GET', `/api/cluster/${cluster.id}/`)).json()
    expect(priced.total_accrued_interest).toBeGreaterThan(2)
    for (const off of [-2, 2]) {
      const wrong = await accept('dealer', cluster.updated_at, {
        total_accrued_interest: priced.total_accrued_interest + off,
      })
      expect(wrong.statusCode, wrong.body).toBe(400)
      expect(wrong.json().fields.total_accrued_interest).toBe(RM.priceMismatch)
    }
    expect((await accept('dealer', '2020-01-01T00:00:00.000Z')).statusCode).toBe(409)
    expect((await accept('dealer', cluster.updated_at, { exchange: 'MCX' })).statusCode).toBe(400)
    const seller = await accept('dealer', cluster.updated_at)
    expect(seller.statusCode, seller.body).toBe(200)
    expect(seller.json()).toMatchObject({ state: 'OPEN', side: 'SELLER', buyer_accepted_at: null })
    expect(seller.json().seller_accepted_at).toEqual(expect.any(String))
    expect((await accept('dealer', cluster.updated_at)).json().message).toBe(RM.alreadyAccepted)
    const buyer = await accept('broker', cluster.updated_at)
    expect(buyer.json()).toMatchObject({ state: 'DEALT', side: 'BUYER' })
    const [original] = await database.db.select().from(eois).where(eq(eois.id, quote.id))
    expect(original?.state).toBe('CLOSED')
    expect(
      (await call('viewer', 'POST', `/api/cluster/${cluster.id}/accept/?lsId=1`, {})).statusCode,
    ).toBe(403)
  })
})

describe('accepting a cluster on an exchange', () => {
  it('is refused on an exchange the firm does not trade RFQs on, nothing accepted', async () => {
    token.funds ??= (await signIn(app, 'funds@demo.test')).access
    const fundsId = (await call('funds', 'GET', '/api/client/')).json().id
    const quote = await offer({ quantum: 10_000_000 })
    const responded = await call('funds', 'POST', '/api/eoi/add/', {
      client_id: fundsId,
      finstrumentId: GS_2032,
      respond_eoi_id: quote.id,
      maximum_lot_stored: 10_000_000,
      use_respond_eoi_price: true,
    })
    expect(responded.statusCode, responded.body).toBe(201)
    const { cluster } = responded.json()
    const priced = (await call('funds', 'GET', `/api/cluster/${cluster.id}/`)).json()
    const accept = (exchange: string) =>
      call(
        'funds',
        'POST',
        `/api/cluster/${cluster.id}/accept/?lsId=${encodeURIComponent(cluster.updated_at)}`,
        {
          bond_yield: priced.bond_yield,
          unit_clean_price: priced.unit_clean_price,
          total_accrued_interest: priced.total_accrued_interest,
          exchange,
        },
      )
    // Demo Funds trades RFQs on NSE only: BSE is a valid exchange, not one of its own.
    const refused = await accept('BSE')
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().fields.exchange).toBe(RM.exchangeNotAllowed)
    const after = (await call('funds', 'GET', `/api/trade/cluster/${cluster.id}/`)).json()
    expect(after).toMatchObject({ buyer_accepted_at: null, state: 'OPEN' })
    const taken = await accept('NSE')
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json().buyer_accepted_at).toEqual(expect.any(String))
  })
})

describe('expiry on the server’s clock', () => {
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i += 1) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error('timed out')
  }

  it('expires a quote past its validity and tells the market, without a request', async () => {
    const quote = await offer({ validity: 1 })
    const thread = (
      await counter('broker', { eoi_id: quote.id, quantum: 10_000_000, yield_stored: 0.069 })
    ).json()
    events.length = 0
    offset += 61_000
    await until(async () =>
      events.some(
        (e) =>
          e.message.type === 'quotes_eoi' &&
          'data' in e.message &&
          e.message.data.eoi_id === quote.id,
      ),
    )
    expect(events).toContainEqual({
      audience: { kind: 'permission', permission: 'client.can_trade' },
      message: {
        type: 'quotes_eoi',
        data: {
          eoi_id: quote.id,
          finstrument_id: GS_2032,
          quote_type: 'ASK',
          state: 'EXPIRED',
          respond_eoi_id: null,
          quote: expect.objectContaining({ id: quote.id, state: 'EXPIRED' }),
        },
      },
    })
    // Gone is no news to the firm: no second message with mine.
    expect(
      events.filter(
        (e) => e.message.type === 'quotes_eoi' && 'data' in e.message && 'mine' in e.message.data,
      ),
    ).toEqual([])
    const [row] = await database.db.select().from(eois).where(eq(eois.id, quote.id))
    expect(row?.state).toBe('EXPIRED')
    await until(async () =>
      negotiationEvents(thread.id).some(
        (e) => 'data' in e.message && e.message.data.state === 'EXPIRED',
      ),
    )
    const list = (await call('broker', 'GET', '/api/eoi/rfq-quote/?paginate=false')).json()
    expect(list.results.some((r: { id: number }) => r.id === quote.id)).toBe(false)
  })

  it('expires many quotes falling due at once as one refresh of the market, one message a bond', async () => {
    for (let i = 0; i <= BULK_QUOTE_MESSAGES; i += 1) {
      await offer({
        validity: 1,
        ...(i % 2 ? { finstrument_id: CHOLA_2028, yield_stored: 0.09 } : {}),
      })
    }
    events.length = 0
    offset += 61_000
    await until(async () => events.some((e) => e.message.type === 'refresh'))
    const TRADERS = { kind: 'permission', permission: 'client.can_trade' }
    expect(events.filter((e) => e.message.type === 'refresh')).toEqual([
      { audience: TRADERS, message: { type: 'refresh', target: 'public_runs' } },
    ])
    expect(events.filter((e) => e.message.type === 'quotes_eoi')).toEqual([])
    expect(
      events
        .filter((e) => e.message.type === 'quotes_stream')
        .map((e) => [e.audience, 'data' in e.message && e.message.data.finstrument_id])
        .sort(),
    ).toEqual(
      [
        [TRADERS, CHOLA_2028],
        [TRADERS, GS_2032],
      ].sort(),
    )
  })

  it('expires what fell due while the server was down, when it starts again', async () => {
    const quote = await offer({ validity: 1 })
    await app.close()
    offset += 61_000
    app = await start()
    await app.ready()
    for (const who of ['dealer', 'broker', 'viewer', 'compliance']) {
      token[who] = (await signIn(app, `${who}@demo.test`)).access
    }
    await until(async () => {
      const [row] = await database.db.select().from(eois).where(eq(eois.id, quote.id))
      return row?.state === 'EXPIRED'
    })
  })
})
