// Tickets and orders on the real app and database, with the bond universe and the demo accounts
// and chats: Demo Capital's dealer makes a ticket from the deal in the trading group, Demo
// Securities' broker accepts the consideration, the order is reported to the simulated NSE
// Clearing and settles; the other roles read or are refused; every amount comes from
// @bonds/pricing and every change is on the hash-chained audit log.
import {
  REPORTING_WINDOW_MINUTES,
  TICKET_MESSAGES as TM,
  VALIDATION_MESSAGES as VM,
  type Ticket,
  type TicketDetail,
} from '@bonds/domain'
import {
  accruedInterest,
  formatRupees,
  paiseToRupees,
  priceFromYield,
  settlementOnCalendar,
  todayInIndia,
  tradeConsideration,
} from '@bonds/pricing'
import { and, asc, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import { secretBox } from '../../crypto.ts'
import { verifyAuditChain } from '../../db/audit.ts'
import { chatMessages } from '../../db/chat-schema.ts'
import type { Database } from '../../db/index.ts'
import { auditLog, exchangeCredentials, users } from '../../db/schema.ts'
import type { DomainEvent } from '../../events/bus.ts'
import { as, signIn } from '../auth/testing.ts'
import { findFinstrument } from '../finstruments/index.ts'
import { termsOf } from '../pricing/index.ts'
import { simulatedClearing, ticketsService } from './index.ts'
import { confirmationBlocks } from './use-cases/confirmation-pdf.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032
const CREDENTIALS_KEY = 'tickets-test-key'

let app: FastifyInstance
let database: Database
const token: Record<string, string> = {}
const events: DomainEvent[] = []
/** Days the app's clock runs ahead of the real one (settlement tests move it). */
let aheadDays = 0
const clock = () => new Date(Date.now() + aheadDays * 86_400_000)
let deal: { channelUrl: string; messageId: number }
let brokerUserId: string
let securitiesId: string
let capitalId: string

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'tickets-test',
      AUTH_RATE_LIMIT: '10000',
      WRITE_RATE_LIMIT: '100000',
      CREDENTIALS_KEY,
    }),
    // The sweep is run by the tests themselves.
    { web: false, database, demoMarket: false, clock, ticketSweepMs: 3_600_000 },
  )
  await app.ready()
  app.events.subscribe((event) => events.push(event))
  for (const who of ['dealer', 'broker', 'viewer', 'backoffice', 'compliance', 'opsadmin']) {
    token[who] = (await signIn(app, `${who}@demo.test`)).access
  }
  const [done] = await database.db
    .select({ url: chatMessages.channelUrl, id: chatMessages.id })
    .from(chatMessages)
    .where(like(chatMessages.message, 'Done ✅%'))
  if (!done) throw new Error('the demo trading group has no deal message')
  deal = { channelUrl: done.url, messageId: done.id }
  const people = await database.db.select().from(users)
  const person = (email: string) => people.find((p) => p.email === email)!
  brokerUserId = person('broker@demo.test').id
  securitiesId = person('broker@demo.test').clientId
  capitalId = person('dealer@demo.test').clientId
  // Demo mode stores both firms' NSE Clearing credentials; Demo Securities' come later here.
  await database.db
    .delete(exchangeCredentials)
    .where(eq(exchangeCredentials.clientId, securitiesId))
})

afterAll(async () => {
  await app.close()
  await database.close()
})

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH'
const call = (
  who: string | null,
  method: Method,
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) =>
  as(app, who ? (token[who] as string) : null, {
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  })

/** HH:MM on India's clock `minutesAgo` before now (not before midnight). */
function istTime(minutesAgo: number): string {
  const now = clock()
  const minutes = Math.max(
    0,
    ((now.getUTCHours() * 60 + now.getUTCMinutes() + 330) % 1440) - minutesAgo,
  )
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

const today = () => todayInIndia(clock())
const tPlus1 = () => settlementOnCalendar('GSEC', today(), 1)

/** The dealer's ticket from the deal in the trading group: buys 15 crore at 7.0395%. */
const fromChat = (payload: object = {}) =>
  call('dealer', 'POST', '/api/chatter/trade/', {
    finstrument_id: GS_2032,
    buy_or_sell: 'buy',
    counterparty_user_id: brokerUserId,
    quantum: '15,00,00,000',
    bond_yield: '7.0395',
    settlement_date: tPlus1(),
    trade_time: istTime(1),
    channel_url: deal.channelUrl,
    message_id: deal.messageId,
    ...payload,
  })

const manual = (payload: object = {}, headers?: Record<string, string>) =>
  call(
    'dealer',
    'POST',
    '/api/chatter/trade/manual-ticket/',
    {
      finstrument_id: GS_2032,
      buy_or_sell: 'sell',
      counterparty_client_id: securitiesId,
      quantum: 50_000_000,
      unit_clean_price: 98.25,
      settlement_date: tPlus1(),
      trade_time: istTime(2),
      ...payload,
    },
    headers,
  )

async function storeCredentials(clientId: string, participantCode: string) {
  await database.db
    .insert(exchangeCredentials)
    .values({
      clientId,
      corp: 'NSCCL',
      participantCode,
      username: `${participantCode.toLowerCase()}-user`,
      passwordEncrypted: secretBox(CREDENTIALS_KEY).seal('s3cret-password'),
    })
    .onConflictDoNothing()
}

let ticket: Ticket

describe('a ticket from a deal in the trading group', () => {
  it('is the dealer’s draft, priced by @bonds/pricing to the paisa', async () => {
    events.length = 0
    const response = await fromChat()
    expect(response.statusCode, response.body).toBe(201)
    ticket = response.json()
    expect(ticket).toMatchObject({
      state: 'draft',
      kind: 'ticket',
      version: 1,
      isin: GS_2032,
      buy_or_sell: 'buy',
      role: 'initiator',
      quantum: 150_000_000,
      fixed_field: 'yield',
      bond_yield: 0.070395,
      channel_url: deal.channelUrl,
      message_id: String(deal.messageId),
      quote_text: expect.stringContaining('Done ✅ 15 cr 6.54 GS 2032'),
      counterparty: { client_id: securitiesId, name: 'Demo Securities' },
      buyer: { name: 'Demo Capital' },
      seller: { name: 'Demo Securities' },
      broker_details: [{ buy_or_sell: 'sell', user_id: brokerUserId }],
      report: { exchange: 'NSE', status: 'not_reported', overdue: false },
      actions: ['edit', 'send', 'cancel'],
    })
    // The same consideration straight from the pricing library.
    const bond = (await findFinstrument(database.db, GS_2032))!
    const terms = termsOf(bond)
    const price = priceFromYield(terms, tPlus1(), 0.070395)
    const amounts = tradeConsideration({
      faceAmount: 150_000_000,
      cleanPrice: Number(price.cleanPrice.toFixed(4)),
      accruedPer100: accruedInterest(terms, tPlus1()),
    })
    expect(ticket.unit_clean_price).toBe(Number(price.cleanPrice.toFixed(4)))
    expect(ticket.consideration).toMatchObject({
      principal: paiseToRupees(amounts.principal),
      accrued_interest: paiseToRupees(amounts.accruedInterest),
      consideration: paiseToRupees(amounts.consideration),
      stamp_duty: paiseToRupees(amounts.stampDuty),
      total: paiseToRupees(amounts.total),
    })
    // Only Demo Capital hears of a draft.
    const published = events.filter((e) => e.message.type === 'open_tickets')
    expect(published.map((e) => e.audience)).toEqual([{ kind: 'clients', clientIds: [capitalId] }])
  })

  it('is made once per message: a repeat answers the same ticket with 200', async () => {
    const again = await fromChat()
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(ticket.id)
  })

  it('checks the deal: the message must be in a chat of both firms', async () => {
    const wrong = await fromChat({ message_id: 999_999_999 })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().fields).toEqual({ message_id: 'Message not found in this chat' })
    const none = await fromChat({ channel_url: undefined })
    expect(none.statusCode).toBe(400)
  })

  it('refuses bad terms with section 5’s messages, and unknown fields by name', async () => {
    const cases: [object, string, string][] = [
      [{ trade_time: '25:00' }, 'trade_time', VM.tradeTimeFormat],
      [{ trade_time: '9:5' }, 'trade_time', VM.tradeTimeFormat],
      [{ quantum: 0 }, 'quantum', VM.cannotBeZero],
      [{ quantum: '1234567890123' }, 'quantum', VM.quantumTooLong],
      [{ bond_yield: undefined, unit_clean_price: 300 }, 'unit_clean_price', VM.priceBelow250],
      [{ bond_yield: '101' }, 'bond_yield', VM.yieldAbove100],
      [{ bond_yield: '-1' }, 'bond_yield', VM.cannotBeNegative],
      [{ unit_clean_price: 99 }, 'unit_clean_price', VM.bothPriceYield],
      [{ counterparty_user_id: undefined }, 'counterparty_client_id', 'Counterparty is required'],
    ]
    for (const [change, field, message] of cases) {
      const response = await fromChat(change)
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json().fields?.[field], JSON.stringify(change)).toBe(message)
    }
    const unknown = await fromChat({ quantity: 5 })
    expect(unknown.statusCode).toBe(400)
    expect(JSON.stringify(unknown.json())).toContain('quantity')
  })

  it('refuses a trade time later than now', async () => {
    aheadDays = 0
    const now = clock()
    const istMinutes = (now.getUTCHours() * 60 + now.getUTCMinutes() + 330) % 1440
    if (istMinutes >= 1439) return // 23:59 in India: no later minute today
    const later = istMinutes + 1
    const response = await fromChat({
      trade_time: `${String(Math.floor(later / 60)).padStart(2, '0')}:${String(later % 60).padStart(2, '0')}`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ trade_time: VM.tradeTimeLater })
  })

  it('is the dealer’s to make: other roles and firms are refused', async () => {
    for (const who of ['viewer', 'backoffice', 'compliance', 'broker']) {
      const response = await as(app, token[who] as string, {
        method: 'POST',
        url: '/api/chatter/trade/manual-ticket/',
        payload: {},
      })
      // The broker is a Dealer: its empty body fails validation; the others lack the role.
      expect(response.statusCode, who).toBe(who === 'broker' ? 400 : 403)
    }
    // The broker's firm does not see the draft.
    expect((await call('broker', 'GET', `/api/chatter/trade/${ticket.id}/`)).statusCode).toBe(404)
    expect((await call('compliance', 'GET', '/api/chatter/trade/')).statusCode).toBe(403)
    expect((await call(null, 'GET', '/api/chatter/trade/')).statusCode).toBe(401)
  })
})

describe('negotiating and accepting', () => {
  it('refuses an edit made on an older version, and records an edit on the timeline', async () => {
    const stale = await call('dealer', 'PATCH', `/api/chatter/trade/${ticket.id}/`, {
      quantum: 100_000_000,
      version: ticket.version + 5,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toBe(TM.stale)
    const edited = await call('dealer', 'PATCH', `/api/chatter/trade/${ticket.id}/`, {
      bond_yield: '7.04',
      version: ticket.version,
      send_to_clients: true,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    ticket = edited.json()
    expect(ticket).toMatchObject({ state: 'sent', version: 3, bond_yield: 0.0704 })
    const detail: TicketDetail = (
      await call('dealer', 'GET', `/api/chatter/trade/${ticket.id}/`)
    ).json()
    expect(detail.timeline.map((e) => [e.action, e.to_state])).toEqual([
      ['created', 'draft'],
      ['edited', 'draft'],
      ['sent', 'sent'],
    ])
    // A new yield moves the price too.
    expect(detail.timeline[1]?.detail).toMatch(/^Price [\d.]+ → [\d.]+; Yield 7\.0395% → 7\.0400%$/)
    expect(detail.timeline[0]?.actor_name).toBe('Dev Dealer')
  })

  it('shows the sent ticket to the broker with its side and actions', async () => {
    const seen: Ticket = (await call('broker', 'GET', `/api/chatter/trade/${ticket.id}/`)).json()
    expect(seen).toMatchObject({
      role: 'counterparty',
      buy_or_sell: 'sell',
      broker_side: 'seller',
      actions: ['confirm', 'reject', 'accept_consideration'],
    })
    const list = (await call('broker', 'GET', '/api/chatter/trade/?state=sent')).json()
    expect(list.results.map((t: Ticket) => t.id)).toContain(ticket.id)
    expect(
      (await call('viewer', 'GET', `/api/chatter/trade/${ticket.id}/`)).json().actions,
    ).toEqual([])
  })

  it('needs a known custodian to accept', async () => {
    const unknown = await call(
      'broker',
      'PATCH',
      `/api/chatter/trade/accept-consideration/${ticket.id}/`,
      { custodian_id: 'nobody' },
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().fields).toEqual({ custodian_id: TM.custodianUnknown })
    const found = (
      await call('broker', 'GET', '/api/client/search-custodians/?search_param=hdfc')
    ).json()
    expect(found).toEqual([{ client_id: 'hdfc-bank', name: 'HDFC Bank Limited' }])
  })

  it('lets one of two simultaneous accepts win; the other is told why (409)', async () => {
    // Demo Securities has no NSE Clearing participant code yet: Demo Capital's STP report is
    // rejected, and the acceptance stands (207).
    const accept = () =>
      call('broker', 'PATCH', `/api/chatter/trade/accept-consideration/${ticket.id}/`, {
        custodian_id: 'hdfc-bank',
      })
    const answers = await Promise.all([accept(), accept()])
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses).toEqual([207, 409])
    const lost = answers.find((a) => a.statusCode === 409)!
    expect(lost.json().message).toBe('This trade is already accepted.')
    const won = answers.find((a) => a.statusCode === 207)!.json()
    expect(won).toMatchObject({
      state: 'accepted',
      kind: 'order',
      custodian: { client_id: 'hdfc-bank', name: 'HDFC Bank Limited' },
      report: { status: 'rejected' },
    })
    expect(won.message).toBe(
      'NSE Clearing rejected the report: the counterparty has no NSE Clearing participant code',
    )
    ticket = won
  })
})

describe('reporting and settling', () => {
  it('is Back Office’s: the dealer cannot report, Back Office can once credentials are stored', async () => {
    const byDealer = await call('dealer', 'POST', '/api/orders/', { order_id: ticket.id })
    expect(byDealer.statusCode).toBe(403)
    const noCounterparty = await call('backoffice', 'POST', '/api/orders/', { order_id: ticket.id })
    expect(noCounterparty.statusCode).toBe(207)
    expect(noCounterparty.json().message).toBe(
      'NSE Clearing rejected the report: the counterparty has no NSE Clearing participant code',
    )
    await storeCredentials(securitiesId, 'NCLSEC02')
    const reported = await call('backoffice', 'POST', '/api/orders/', { order_id: ticket.id })
    expect(reported.statusCode, reported.body).toBe(200)
    ticket = reported.json()
    expect(ticket).toMatchObject({
      state: 'reported',
      report: { status: 'confirmed', reason: null, reference: expect.stringMatching(/^NCL\d{8}/) },
    })
    // Reported once: a second report is refused.
    const again = await call('backoffice', 'POST', '/api/orders/', { order_id: ticket.id })
    expect(again.statusCode).toBe(409)
  })

  it('settles on the settlement date, not before', async () => {
    // No body at all, as a button sends it: the refusal says why, not what the body lacked.
    const early = await as(app, token.backoffice as string, {
      method: 'PATCH',
      url: `/api/orders/settle-cancel/${ticket.id}/settle/`,
    })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe(`${TM.notYetSettlement}: ${ticket.settlement_date}`)
    aheadDays = 4
    const settled = await call(
      'backoffice',
      'PATCH',
      `/api/orders/settle-cancel/${ticket.id}/settle/`,
      {},
    )
    aheadDays = 0
    expect(settled.statusCode, settled.body).toBe(200)
    expect(settled.json()).toMatchObject({ state: 'settled', actions: [] })
    const both = await Promise.all(
      ['dealer', 'broker'].map(async (who) =>
        (await call(who, 'GET', '/api/orders/unified/')).json(),
      ),
    )
    for (const page of both) expect(page.results.map((t: Ticket) => t.id)).toContain(ticket.id)
    const confirmation = (
      await call('broker', 'GET', `/api/chatter/trade/confirmed-trade/${ticket.id}/`)
    ).json()
    expect(confirmation.confirmation_number).toBe(ticket.report.reference)
    // The confirmation PDF prints the same amounts.
    const pdf = await call('dealer', 'GET', `/api/chatter/trade/confirmed-trade/${ticket.id}/pdf/`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const blocks = confirmationBlocks(confirmation)
    const amounts = blocks.find((b) => b.kind === 'table')!
    expect(amounts.rows.at(-1)).toEqual([
      'Total',
      formatRupees(Number(confirmation.ticket.consideration.total)),
    ])
    // Another firm's confirmation is not found; a ticket not yet accepted has none.
    expect(
      (await call('viewer', 'GET', `/api/chatter/trade/confirmed-trade/999999/pdf/`)).statusCode,
    ).toBe(404)
  })

  it('reports straight through for a firm on STP, and the sweep settles on the date', async () => {
    const made = (await manual()).json() as Ticket
    await call('dealer', 'PATCH', `/api/chatter/trade/actions/${made.id}/send/`, {})
    const accepted = await call('broker', 'PUT', `/api/orders/${made.id}/accept-reject/`, {
      reported_order_status: 'accepted',
      custodian_id: 'citibank',
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({ state: 'reported', report: { status: 'confirmed' } })
    // The module's sweep, as the server runs it every 30 s.
    const sweep = ticketsService(database.db, {
      publish: (event) => app.events.publish(event),
      clearing: simulatedClearing({ open: (sealed) => secretBox(CREDENTIALS_KEY).open(sealed) }),
      now: clock,
    })
    expect(await sweep.settleDue()).toBe(0)
    aheadDays = 4
    try {
      expect(await sweep.settleDue()).toBeGreaterThanOrEqual(1)
    } finally {
      aheadDays = 0
    }
    const response = await call('dealer', 'GET', `/api/orders/${made.id}/`)
    expect(response.json()).toMatchObject({ state: 'settled', settled_at: expect.any(String) })
    expect(response.json().timeline.at(-1)).toMatchObject({
      action: 'settled',
      actor_name: null,
      detail: expect.stringContaining('Settled through NSE Clearing'),
    })
  })

  it('rejects a consideration with the rejected status (spec section 4)', async () => {
    const made = (await manual()).json() as Ticket
    await call('dealer', 'PATCH', `/api/chatter/trade/actions/${made.id}/send/`, {})
    const rejected = await call('broker', 'PUT', `/api/orders/${made.id}/accept-reject/`, {
      reported_order_status: 'rejected',
      reason: 'Price moved',
    })
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json()).toMatchObject({ state: 'rejected', actions: [] })
    const after = await call('broker', 'PUT', `/api/orders/${made.id}/accept-reject/`, {
      reported_order_status: 'accepted',
      custodian_id: 'citibank',
    })
    expect(after.statusCode).toBe(409)
    expect(after.json().message).toBe('This trade is already rejected.')
  })
})

describe('idempotency and the audit trail', () => {
  it('does a write sent twice with one Idempotency-Key once', async () => {
    const key = { 'idempotency-key': 'manual-ticket-1' }
    const first = await manual({}, key)
    const second = await manual({}, key)
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json().id).toBe(first.json().id)
    const elsewhere = await call(
      'dealer',
      'PATCH',
      `/api/chatter/trade/actions/${first.json().id}/send/`,
      {},
      key,
    )
    expect(elsewhere.statusCode).toBe(409)
    // A failed write releases its key for the corrected retry.
    const failed = await manual({ quantum: 0 }, { 'idempotency-key': 'retry-me' })
    expect(failed.statusCode).toBe(400)
    expect((await manual({}, { 'idempotency-key': 'retry-me' })).statusCode).toBe(201)
  })

  it('reprices a ticket and adds brokerage, the consideration following to the paisa', async () => {
    const made = (await manual()).json() as Ticket
    const repriced = await call('dealer', 'PATCH', `/api/chatter/trade/${made.id}/price/`, {
      unit_clean_price: 98.5,
      version: made.version,
    })
    expect(repriced.statusCode, repriced.body).toBe(200)
    const priced = repriced.json() as Ticket
    expect(priced).toMatchObject({ unit_clean_price: 98.5, fixed_field: 'price', version: 2 })
    // 5 crore at 98.5: the principal is exactly ₹4,92,50,000.
    expect(priced.consideration.principal).toBe('49250000.00')
    const withBrokerage = await call('dealer', 'PATCH', `/api/trade/${made.id}/brokerage/`, {
      brokerage: 2500.5,
      version: priced.version,
    })
    expect(withBrokerage.statusCode, withBrokerage.body).toBe(200)
    const charged = withBrokerage.json() as Ticket
    expect(charged.consideration.brokerage).toBe('2500.50')
    expect(
      Number(charged.consideration.total) * 100 - Number(priced.consideration.total) * 100,
    ).toBe(250050)
    const timeline = (await call('dealer', 'GET', `/api/chatter/trade/${made.id}/`)).json()
      .timeline as { action: string; detail: string }[]
    expect(timeline.map((e) => e.action)).toEqual(['created', 'repriced', 'brokerage'])
    expect(timeline[2]?.detail).toBe('Brokerage ₹0.00 → ₹2,500.50')
    // The broker cannot change the dealer's draft.
    expect(
      (await call('broker', 'PATCH', `/api/trade/${made.id}/brokerage/`, { brokerage: 1 }))
        .statusCode,
    ).toBe(404)
  })

  it('flags a deal not reported within the window to both desks', async () => {
    const now = clock()
    const istMinutes = (now.getUTCHours() * 60 + now.getUTCMinutes() + 330) % 1440
    if (istMinutes < REPORTING_WINDOW_MINUTES + 2) return // too early in India's day to trade earlier
    const late = (await manual({ trade_time: istTime(REPORTING_WINDOW_MINUTES + 1) })).json()
    expect(late.report.overdue).toBe(true)
    const overdue = (await call('dealer', 'GET', '/api/chatter/trade/?overdue=true')).json()
    expect(overdue.results.map((t: Ticket) => t.id)).toContain(late.id)
  })

  it('keeps every change on an unbroken chain of the audit log', async () => {
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trade_reported')))
      .orderBy(asc(auditLog.id))
    expect(entries.length).toBeGreaterThanOrEqual(2)
    expect(entries[0]?.detail).toMatchObject({
      ticket_id: ticket.id,
      before: { state: 'accepted' },
      after: { state: 'reported', reportStatus: 'confirmed' },
    })
    expect(await verifyAuditChain(database.db)).toBeNull()
  })
})
