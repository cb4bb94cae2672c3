// "Send to RFQ" and the venue's life cycle on the real app: a quote in the dealer's private run
// goes to NSE RFQ as an RFQ to the broker's firm, which quotes; the dealer counters, the broker
// accepts, and the deal becomes a ticket sent to the dealer. Refusals: outside the session, a bad
// lot, an exchange the firm (or the counterparty) does not trade on, out of turn, not a party.
// One RFQ to several firms: a leg each, every quote seen by the initiator, one accepted, the rest
// closed by the venue.
import { PRIVATE_RUN_MESSAGES as PM, type PrivateRunLine, type VenueRfq } from '@bonds/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { clients } from '../../db/schema.ts'
import type { DomainEvent } from '../../events/bus.ts'
import { startChatApp, type ChatTestApp } from '../chat/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

/** Thursday 26 November 2026, 10:30 IST: a business day, the venues open. */
const MORNING = Date.parse('2026-11-26T05:00:00Z')
const EVENING = Date.parse('2026-11-26T12:00:00Z') // 17:30 IST

let t: ChatTestApp
let now = MORNING
const events: DomainEvent[] = []
let sent = 0

beforeAll(async () => {
  t = await startChatApp({
    build: { database: await universeTestDatabase(), clock: () => new Date(now) },
  })
  t.app.events.subscribe((event) => events.push(event))
  for (const who of ['dealer', 'broker']) await t.acceptTerms(who)
  // A third firm trading on NSE RFQ only, and a fourth firm of a bystander.
  await t.addPerson('nina', 'Nse Only Traders', ['clientdealer'])
  await t.addPerson('olga', 'Other Firm', ['clientdealer'])
})

afterAll(async () => t.close())

/** A direct chat from `from` to `to`; `from` says `text`; answers `to`'s lines of that message. */
async function say(from: string, to: string, text: string): Promise<PrivateRunLine[]> {
  const made = await t.call(from, 'POST', '/api/chat/channels/', {
    customType: 'direct',
    invitedUserIds: [t.id[to]],
  })
  const url = made.json().url
  await t.call(to, 'POST', `/api/chat/channels/${url}/accept/`)
  sent += 1
  const message = await t.call(from, 'POST', `/api/chat/channels/${url}/messages/`, {
    reqId: `venue-${sent}`,
    message: text,
  })
  expect(message.statusCode).toBe(201)
  await t.app.runsIdle()
  // Over Redis the bus takes a moment.
  return vi.waitFor(
    async () => {
      const run = await t.call(to, 'GET', '/api/eoi/private-run/?page_size=100')
      const lines = (run.json().results as PrivateRunLine[]).filter(
        (l) => l.message_id === message.json().messageId,
      )
      expect(lines.length).toBeGreaterThan(0)
      return lines
    },
    { timeout: 5_000, interval: 50 },
  )
}

const post = (who: string, url: string, payload?: object) => t.call(who, 'POST', url, payload)

describe('send to RFQ, then the venue’s life cycle to a deal', () => {
  let offer: PrivateRunLine
  let rfq: VenueRfq

  it('places the broker’s offer on NSE RFQ as the dealer’s bid to the broker’s firm', async () => {
    const lines = await say('broker', 'dealer', '7.18 gs 2033 7.12/7.10 25cr')
    offer = lines.find((l) => l.quote_type === 'ASK')!
    events.length = 0
    const response = await post('dealer', `/api/eoi/private-run/${offer.id}/send-to-rfq/`, {
      exchange: 'NSE',
    })
    expect(response.statusCode).toBe(201)
    const line: PrivateRunLine = response.json()
    rfq = line.rfq!
    expect(rfq).toMatchObject({
      exchange: 'NSE',
      state: 'initiated',
      role: 'initiator',
      quote_type: 'BID',
      quantum: 250_000_000,
      yield: 0.071,
      price: null,
      turn: 'responder',
      counterparty_name: 'Demo Securities',
      private_run_id: offer.id,
      ticket_id: null,
    })
    expect(rfq.venue_ref).toMatch(/^NSE-RFQ-20261126-\d{6}$/)
    // The settlement is the quote's (none said: T+1 on the G-sec calendar).
    expect(rfq.settlement_date).toBe('2026-11-27')
    // Both firms' traders hear of it; the dealer's run shows it.
    const negotiation = await vi.waitFor(() => {
      const heard = events.find((e) => e.message.type === 'rfq_negotiation')
      expect(heard).toBeDefined()
      return heard!
    })
    expect(negotiation.audience).toMatchObject({ kind: 'clients' })
    // The RFQ is an inquiry to the broker's firm: its traders hear it, the dealer's firm does not
    // (decision 391).
    const brokerFirm = (await t.call('broker', 'GET', '/api/client/')).json().id
    expect(events.filter((e) => e.message.type === 'inquiries')).toEqual([
      {
        audience: { kind: 'clients', permission: 'client.can_trade', clientIds: [brokerFirm] },
        message: {
          type: 'inquiries',
          data: { venue_rfq_id: rfq.id, exchange: 'NSE', finstrument_id: rfq.finstrument_id },
        },
      },
    ])
    const run = await t.call('dealer', 'GET', '/api/eoi/private-run/?page_size=100')
    expect(run.json().results.find((l: PrivateRunLine) => l.id === offer.id).rfq.state).toBe(
      'initiated',
    )
  })

  it('is not sent twice', async () => {
    const again = await post('dealer', `/api/eoi/private-run/${offer.id}/send-to-rfq/`, {
      exchange: 'BSE',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(PM.alreadySent)
  })

  it('is the responder’s to quote first, and only theirs', async () => {
    const early = await post('dealer', `/api/venue/rfq/${rfq.id}/accept/`)
    expect(early.statusCode).toBe(409)
    const list = await t.call('broker', 'GET', '/api/venue/rfq/')
    expect(list.json().results.map((r: VenueRfq) => [r.id, r.role])).toContainEqual([
      rfq.id,
      'responder',
    ])
    const quoted = await post('broker', `/api/venue/rfq/${rfq.id}/quote/`, { yield: 0.0711 })
    expect(quoted.statusCode).toBe(200)
    expect(quoted.json()).toMatchObject({ state: 'quoted', yield: 0.0711, turn: 'initiator' })
  })

  it('refuses a step out of turn, and a level the venue does not take', async () => {
    const outOfTurn = await post('broker', `/api/venue/rfq/${rfq.id}/negotiate/`, {
      yield: 0.0712,
    })
    expect(outOfTurn.statusCode).toBe(409)
    expect(outOfTurn.json().message).toBe(PM.notYourTurn)
    const offTick = await post('dealer', `/api/venue/rfq/${rfq.id}/negotiate/`, {
      yield: 0.0710555,
    })
    expect(offTick.statusCode).toBe(400) // 6 decimals at most (the yield field's rule)
    const badLot = await post('dealer', `/api/venue/rfq/${rfq.id}/negotiate/`, {
      yield: 0.07105,
      quantum: 50_000,
    })
    expect(badLot.statusCode).toBe(422)
    expect(badLot.json().fields).toEqual({
      quantum: 'NSE RFQ takes at least ₹1 lakh of face value',
    })
    const both = await post('dealer', `/api/venue/rfq/${rfq.id}/negotiate/`, {
      yield: 0.07105,
      price: 100,
    })
    expect(both.statusCode).toBe(400)
  })

  it('lets the dealer counter and the broker accept: a deal, and a ticket sent to the dealer', async () => {
    const countered = await post('dealer', `/api/venue/rfq/${rfq.id}/negotiate/`, {
      yield: 0.07105,
    })
    expect(countered.json()).toMatchObject({ state: 'negotiating', turn: 'responder' })
    const dealt = await post('broker', `/api/venue/rfq/${rfq.id}/accept/`)
    expect(dealt.statusCode).toBe(200)
    const deal: VenueRfq = dealt.json()
    expect(deal).toMatchObject({ state: 'dealt', turn: null, yield: 0.07105 })
    expect(deal.history.map((h) => `${h.by} ${h.action}`)).toEqual([
      'initiator initiate',
      'responder quote',
      'initiator negotiate',
      'responder accept',
    ])
    expect(deal.ticket_id).not.toBeNull()
    // The broker sold (the dealer bid): the ticket is the broker's, sent to Demo Capital.
    const ticket = await t.call('dealer', 'GET', `/api/chatter/trade/${deal.ticket_id}/`)
    expect(ticket.statusCode).toBe(200)
    expect(ticket.json()).toMatchObject({
      state: 'sent',
      quantum: 250_000_000,
      exchange: 'NSE',
      settlement_date: '2026-11-27',
    })
    const closed = await post('dealer', `/api/venue/rfq/${rfq.id}/negotiate/`, { yield: 0.07 })
    expect(closed.statusCode).toBe(409)
    expect(closed.json().message).toBe(PM.rfqClosed)
  })

  it('is nobody else’s: another firm finds no such RFQ', async () => {
    expect((await t.call('olga', 'GET', `/api/venue/rfq/${rfq.id}/`)).statusCode).toBe(404)
    expect((await post('olga', `/api/venue/rfq/${rfq.id}/accept/`)).statusCode).toBe(404)
    expect((await t.call('viewer', 'GET', `/api/venue/rfq/${rfq.id}/`)).json().role).toBe(
      'initiator',
    )
    expect((await post('viewer', `/api/venue/rfq/${rfq.id}/accept/`)).statusCode).toBe(403)
  })
})

describe('a deal and its ticket are one commit (decision 256)', () => {
  it('a ticket that cannot be made leaves the RFQ undealt, and tells nobody', async () => {
    const [line] = await say('broker', 'dealer', '7.18 gs 2033 offer 7.10 10cr')
    const placed = await post('dealer', `/api/eoi/private-run/${line!.id}/send-to-rfq/`, {
      exchange: 'NSE',
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const id = (placed.json() as PrivateRunLine).rfq!.id
    expect(
      (await post('broker', `/api/venue/rfq/${id}/quote/`, { yield: 0.0711 })).statusCode,
    ).toBe(200)
    // A fault where the ticket is written: the deal's transaction must take the RFQ's step along.
    const db = t.database.db
    await db.execute(sql`create function refuse_ticket() returns trigger language plpgsql as
      $$ begin raise exception 'tickets are down'; end $$`)
    await db.execute(sql`create trigger refuse_ticket before insert on trade_tickets
      for each row execute function refuse_ticket()`)
    events.length = 0
    try {
      const failed = await post('dealer', `/api/venue/rfq/${id}/accept/`)
      expect(failed.statusCode).toBe(500)
    } finally {
      await db.execute(sql`drop trigger refuse_ticket on trade_tickets`)
      await db.execute(sql`drop function refuse_ticket()`)
    }
    const after = (await t.call('dealer', 'GET', `/api/venue/rfq/${id}/`)).json() as VenueRfq
    expect(after).toMatchObject({ state: 'quoted', ticket_id: null })
    expect(after.history.map((h) => h.action)).toEqual(['initiate', 'quote'])
    expect(events.filter((e) => e.message.type === 'rfq_negotiation')).toEqual([])
    // With tickets back, the same accept deals, and both firms are told once.
    const dealt = await post('dealer', `/api/venue/rfq/${id}/accept/`)
    expect(dealt.statusCode, dealt.body).toBe(200)
    expect(dealt.json()).toMatchObject({ state: 'dealt' })
    expect(dealt.json().ticket_id).not.toBeNull()
    await vi.waitFor(() =>
      expect(
        events.filter(
          (e) => e.message.type === 'rfq_negotiation' && e.message.data.venue_rfq_id === id,
        ),
      ).toHaveLength(1),
    )
  })
})

describe('refusals', () => {
  it('outside the session: nothing is placed', async () => {
    const [line] = await say('broker', 'dealer', '7.18 gs 2033 offer 7.10 10cr')
    now = EVENING
    try {
      const response = await post('dealer', `/api/eoi/private-run/${line!.id}/send-to-rfq/`, {
        exchange: 'BSE',
      })
      expect(response.statusCode).toBe(422)
      expect(response.json().message).toBe(
        'BSE RFQ is closed: its session is 09:00–17:00 IST on business days',
      )
      const run = await t.call('dealer', 'GET', '/api/eoi/private-run/?page_size=100')
      expect(run.json().results.find((l: PrivateRunLine) => l.id === line!.id).rfq).toBeNull()
    } finally {
      now = MORNING
    }
  })

  it('a bad lot', async () => {
    const [line] = await say('broker', 'dealer', '7.18 gs 2033 offer 7.10 50000 units')
    const small = await post('dealer', `/api/eoi/private-run/${line!.id}/correct/`, {
      quantum: 50_000,
    })
    expect(small.statusCode).toBe(200)
    const response = await post('dealer', `/api/eoi/private-run/${line!.id}/send-to-rfq/`, {
      exchange: 'NSE',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().fields).toHaveProperty('quantum')
  })

  it('an exchange the firm does not trade on, or the counterparty does not', async () => {
    // Nina's firm trades on NSE RFQ only.
    const [toNina] = await say('broker', 'nina', '7.18 gs 2033 offer 7.10 10cr')
    const bse = await post('nina', `/api/eoi/private-run/${toNina!.id}/send-to-rfq/`, {
      exchange: 'BSE',
    })
    expect(bse.statusCode).toBe(400)
    expect(bse.json().fields).toEqual({ exchange: PM.exchangeNotAllowed })
    const [fromNina] = await say('nina', 'dealer', '7.18 gs 2033 offer 7.10 10cr')
    const theirs = await post('dealer', `/api/eoi/private-run/${fromNina!.id}/send-to-rfq/`, {
      exchange: 'BSE',
    })
    expect(theirs.statusCode).toBe(400)
    expect(theirs.json().fields).toEqual({ exchange: PM.counterpartyNotOnExchange })
    const unknown = await post('dealer', `/api/eoi/private-run/${fromNina!.id}/send-to-rfq/`, {
      exchange: 'MCX',
    })
    expect(unknown.statusCode).toBe(400)
  })

  it('a firm whose RFQ exchanges the venue does not run', async () => {
    const [line] = await say('broker', 'nina', '7.18 gs 2033 offer 7.10 10cr')
    await t.database.db
      .update(clients)
      .set({ rfqExchanges: ['MCX'] })
      .where(eq(clients.name, 'Nse Only Traders'))
    try {
      const response = await post('nina', `/api/eoi/private-run/${line!.id}/send-to-rfq/`, {
        exchange: 'NSE',
      })
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe(PM.noExchange)
    } finally {
      await t.database.db
        .update(clients)
        .set({ rfqExchanges: ['NSE'] })
        .where(eq(clients.name, 'Nse Only Traders'))
    }
  })

  it('a line without a size', async () => {
    const [line] = await say('broker', 'dealer', '7.18 gs 2033 offer 7.10')
    if (line!.status === 'pending') {
      await post('dealer', `/api/eoi/private-run/${line!.id}/confirm/`)
    }
    const response = await post('dealer', `/api/eoi/private-run/${line!.id}/send-to-rfq/`, {
      exchange: 'NSE',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ quantum: PM.sizeRequired })
  })
})

describe('one RFQ to several firms (one-to-many, decision 329)', () => {
  const GS_2033 = 'IN0020230085'
  const firm: Record<string, string> = {}
  const create = (payload: object) =>
    post('dealer', '/api/venue/rfq/', {
      exchange: 'NSE',
      finstrument_id: GS_2033,
      quote_type: 'BID',
      quantum: 100_000_000,
      yield: 0.0712,
      ...payload,
    })

  beforeAll(async () => {
    now = MORNING
    await t.addPerson('pia', 'Pia Capital', ['clientdealer'])
    await t.addPerson('quinn', 'Quinn Funds', ['clientdealer'])
    for (const [who, name] of [
      ['broker', 'Demo Securities'],
      ['pia', 'Pia Capital'],
      ['quinn', 'Quinn Funds'],
      ['dealer', 'Demo Capital'],
    ] as const) {
      const [row] = await t.database.db
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.name, name))
      firm[who] = row!.id
    }
  })

  it('sends one leg to each firm; each quotes its own; the initiator sees every quote, accepts one, the venue closes the rest', async () => {
    events.length = 0
    const made = await create({
      counterparty_client_ids: [firm.broker, firm.pia, firm.quinn],
    })
    expect(made.statusCode, made.body).toBe(201)
    const legs = made.json().results as VenueRfq[]
    expect(legs.map((l) => l.counterparty_name)).toEqual([
      'Demo Securities',
      'Pia Capital',
      'Quinn Funds',
    ])
    const group = legs[0]!.id
    for (const [i, leg] of legs.entries()) {
      expect(leg).toMatchObject({ state: 'initiated', role: 'initiator', group_id: group })
      expect(leg.venue_ref).toMatch(new RegExp(`^NSE-RFQ-20261126-\\d{6}-${i + 1}$`))
    }
    // Each firm is told of its own leg only.
    const told = events
      .filter((e) => e.message.type === 'rfq_negotiation')
      .map((e) => (e.audience as { clientIds: string[] }).clientIds)
    expect(told).toEqual([
      [firm.dealer, firm.broker],
      [firm.dealer, firm.pia],
      [firm.dealer, firm.quinn],
    ])
    const [toBroker, toPia, toQuinn] = legs as [VenueRfq, VenueRfq, VenueRfq]
    expect(
      (await post('broker', `/api/venue/rfq/${toBroker.id}/quote/`, { yield: 0.0711 })).statusCode,
    ).toBe(200)
    expect(
      (await post('pia', `/api/venue/rfq/${toPia.id}/quote/`, { yield: 0.0709 })).statusCode,
    ).toBe(200)
    // A firm sees its own leg, never another firm's quote.
    expect((await t.call('pia', 'GET', `/api/venue/rfq/${toBroker.id}/`)).statusCode).toBe(404)
    const piaList = (await t.call('pia', 'GET', '/api/venue/rfq/')).json().results as VenueRfq[]
    expect(piaList.map((r) => r.id)).toEqual([toPia.id])
    // The initiator sees every quote of the RFQ.
    const mine = (
      (await t.call('dealer', 'GET', '/api/venue/rfq/?page_size=100')).json().results as VenueRfq[]
    ).filter((r) => r.group_id === group)
    expect(mine.map((r) => [r.counterparty_name, r.state, r.yield]).sort()).toEqual([
      ['Demo Securities', 'quoted', 0.0711],
      ['Pia Capital', 'quoted', 0.0709],
      ['Quinn Funds', 'initiated', 0.0712],
    ])

    events.length = 0
    const dealt = await post('dealer', `/api/venue/rfq/${toPia.id}/accept/`)
    expect(dealt.statusCode, dealt.body).toBe(200)
    expect(dealt.json()).toMatchObject({ state: 'dealt', yield: 0.0709 })
    expect(dealt.json().ticket_id).toEqual(expect.any(Number))
    for (const [who, leg] of [
      ['broker', toBroker],
      ['quinn', toQuinn],
    ] as const) {
      const seen = (await t.call(who, 'GET', `/api/venue/rfq/${leg.id}/`)).json() as VenueRfq
      expect(seen).toMatchObject({ state: 'closed', turn: null, ticket_id: null })
      expect(seen.history.at(-1)).toMatchObject({ by: 'venue', action: 'close' })
      const late = await post(who, `/api/venue/rfq/${leg.id}/quote/`, { yield: 0.0705 })
      expect(late.statusCode).toBe(409)
      expect(late.json().message).toBe(PM.anotherAccepted)
    }
    // Every firm is told: the deal to Pia's, the close to the others.
    const states = events.flatMap((e) =>
      e.message.type === 'rfq_negotiation'
        ? [[(e.audience as { clientIds: string[] }).clientIds[1], e.message.data.state]]
        : [],
    )
    expect(states.sort()).toEqual(
      [
        [firm.broker, 'closed'],
        [firm.pia, 'dealt'],
        [firm.quinn, 'closed'],
      ].sort(),
    )
  })

  it('two accepts at once on one RFQ: one deal, the other refused', async () => {
    const legs = (await create({ counterparty_client_ids: [firm.broker, firm.pia] })).json()
      .results as VenueRfq[]
    for (const [who, leg] of [
      ['broker', legs[0]!],
      ['pia', legs[1]!],
    ] as const) {
      expect(
        (await post(who, `/api/venue/rfq/${leg.id}/quote/`, { yield: 0.071 })).statusCode,
      ).toBe(200)
    }
    const answers = await Promise.all(
      legs.map((leg) => post('dealer', `/api/venue/rfq/${leg.id}/accept/`)),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const states = await Promise.all(
      legs.map(
        async (leg) => (await t.call('dealer', 'GET', `/api/venue/rfq/${leg.id}/`)).json().state,
      ),
    )
    expect(states.sort()).toEqual(['closed', 'dealt'])
  })

  it('withdrawing it withdraws every leg', async () => {
    const legs = (await create({ counterparty_client_ids: [firm.broker, firm.quinn] })).json()
      .results as VenueRfq[]
    const cancelled = await post('dealer', `/api/venue/rfq/${legs[0]!.id}/cancel/`)
    expect(cancelled.json().state).toBe('cancelled')
    const other = (await t.call('quinn', 'GET', `/api/venue/rfq/${legs[1]!.id}/`)).json()
    expect(other).toMatchObject({ state: 'cancelled' })
    expect(other.history.at(-1)).toMatchObject({ by: 'venue', action: 'cancel' })
  })

  it('refuses the firm itself, a firm twice, too many, a firm off the exchange, and unknown fields; nothing is placed', async () => {
    const before = (await t.call('dealer', 'GET', '/api/venue/rfq/')).json().count
    const own = await create({ counterparty_client_ids: [firm.pia, firm.dealer] })
    expect(own.statusCode).toBe(400)
    expect(own.json().fields.counterparty_client_ids).toBe(PM.ownFirm)
    const twice = await create({ counterparty_client_ids: [firm.pia, firm.pia] })
    expect(twice.json().fields.counterparty_client_ids).toBe(PM.sameFirmTwice)
    const many = await create({
      counterparty_client_ids: Array.from({ length: 11 }, (_, i) => `f${i}`),
    })
    expect(many.statusCode).toBe(400)
    const offBse = await create({
      exchange: 'BSE',
      counterparty_client_ids: [firm.broker, firm.pia],
    })
    expect(offBse.statusCode).toBe(400)
    expect(offBse.json().fields.counterparty_client_ids).toBe(PM.counterpartyNotOnExchange)
    const misspelt = await create({ counterparty_client_ids: [firm.pia], quantam: 1 })
    expect(misspelt.statusCode).toBe(400)
    expect(misspelt.json().fields).toMatchObject({ non_field_errors: 'Unknown field: quantam' })
    now = EVENING
    try {
      expect((await create({ counterparty_client_ids: [firm.pia, firm.quinn] })).statusCode).toBe(
        422,
      )
    } finally {
      now = MORNING
    }
    expect((await t.call('dealer', 'GET', '/api/venue/rfq/')).json().count).toBe(before)
  })
})

// The lock order of decision 402, on PostgreSQL (PGlite runs one transaction at a time): sending a
// line to RFQ locks the line, then makes its RFQ; a venue step locks its RFQ, then reads the lines
// sent as it (rfqChanged). Lines sent while their RFQs are stepped never deadlock: no 5xx.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'lines sent while their RFQs move (PostgreSQL)',
  () => {
    it('sends, re-sends, quotes, accepts and withdraws at once, round after round, without a 5xx', async () => {
      now = MORNING
      const statuses: number[] = []
      const at = async (calls: ReturnType<typeof post>[]) => {
        const answers = await Promise.all(calls)
        statuses.push(...answers.map((a) => a.statusCode))
        return answers
      }
      const send = (line: PrivateRunLine) =>
        post('dealer', `/api/eoi/private-run/${line.id}/send-to-rfq/`, { exchange: 'NSE' })
      for (let round = 0; round < 8; round += 1) {
        const lines = await say('broker', 'dealer', `7.18 gs 2033 7.12/7.10 ${round + 1}cr`)
        const ask = lines.find((l) => l.quote_type === 'ASK')!
        const bid = lines.find((l) => l.quote_type === 'BID')!
        const placed = await send(ask)
        expect(placed.statusCode).toBe(201)
        const rfq = (placed.json() as PrivateRunLine).rfq!
        expect(
          (await post('broker', `/api/venue/rfq/${rfq.id}/quote/`, { yield: 0.0711 })).statusCode,
        ).toBe(200)
        // The deal on the ask's RFQ (it reads the ask's line) while that line is sent again and the
        // bid's line is sent (each locks its line, then makes an RFQ), the broker countering.
        const [, , bidSent] = await at([
          post('dealer', `/api/venue/rfq/${rfq.id}/accept/`),
          send(ask),
          send(bid),
          post('broker', `/api/venue/rfq/${rfq.id}/negotiate/`, { yield: 0.0712 }),
        ])
        const second = bidSent!.statusCode === 201 ? (bidSent!.json() as PrivateRunLine).rfq : null
        if (!second)
          throw new Error(`round ${round}: the bid's line was not sent (${bidSent!.statusCode})`)
        // The bid's RFQ withdrawn (it reads the bid's line) while the line is sent again (a new RFQ
        // when the withdrawal committed first) and the broker quotes it.
        await at([
          post('dealer', `/api/venue/rfq/${second.id}/cancel/`),
          send(bid),
          post('broker', `/api/venue/rfq/${second.id}/quote/`, { yield: 0.0709 }),
        ])
      }
      expect(statuses.filter((s) => s >= 500)).toEqual([])
      expect(new Set(statuses)).toContain(409)
    }, 120_000)
  },
)
