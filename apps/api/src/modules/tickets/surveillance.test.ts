// Surveillance of trades on the real app and database (demo mode): Demo Capital's dealer makes a
// ticket from the deal in the trading group and sends it, Demo Securities' broker accepts the
// consideration (reported straight through); Demo Capital's Compliance Officer then lists it,
// reconstructs it and exports the PDF. Nothing the officer does changes the trade or the chat's
// unread counts; every reconstruction seen is on the audit log.
import type { Ticket, TradeReconstruction } from '@bonds/domain'
import { settlementOnCalendar, todayInIndia } from '@bonds/pricing'
import { and, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import { verifyAuditChain } from '../../db/audit.ts'
import { chatMembers, chatMessages } from '../../db/chat-schema.ts'
import type { Database } from '../../db/index.ts'
import { auditLog, clusters, eois, users } from '../../db/schema.ts'
import { as, signIn } from '../auth/testing.ts'
import { pdfText } from '../documents/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032

let app: FastifyInstance
let database: Database
const token: Record<string, string> = {}
let deal: { channelUrl: string; messageId: number }
let brokerUserId: string
let complianceUserId: string
let dealerUserId: string
let capitalId: string
let securitiesId: string
let ticket: Ticket

const call = (who: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
  as(app, who ? (token[who] as string) : null, {
    method,
    url,
    ...(body ? { payload: body } : {}),
  })

/** HH:MM on India's clock a minute ago (not before midnight). */
function istTimeMinuteAgo(): string {
  const now = new Date()
  const minutes = Math.max(0, ((now.getUTCHours() * 60 + now.getUTCMinutes() + 330) % 1440) - 1)
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'surveillance-test',
      AUTH_RATE_LIMIT: '10000',
      WRITE_RATE_LIMIT: '100000',
      CREDENTIALS_KEY: 'surveillance-test-key',
    }),
    { web: false, database, demoMarket: false, ticketSweepMs: 3_600_000 },
  )
  await app.ready()
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
  brokerUserId = people.find((p) => p.email === 'broker@demo.test')!.id
  complianceUserId = people.find((p) => p.email === 'compliance@demo.test')!.id
  dealerUserId = people.find((p) => p.email === 'dealer@demo.test')!.id
  capitalId = people.find((p) => p.email === 'dealer@demo.test')!.clientId
  securitiesId = people.find((p) => p.email === 'broker@demo.test')!.clientId

  // The dealer's ticket from the deal, sent; the broker accepts (Demo Capital reports on STP).
  const today = todayInIndia(new Date())
  const made = await call('dealer', 'POST', '/api/chatter/trade/', {
    finstrument_id: GS_2032,
    buy_or_sell: 'buy',
    counterparty_user_id: brokerUserId,
    quantum: '15,00,00,000',
    bond_yield: '7.0395',
    settlement_date: settlementOnCalendar('GSEC', today, 1),
    trade_time: istTimeMinuteAgo(),
    channel_url: deal.channelUrl,
    message_id: deal.messageId,
  })
  if (made.statusCode !== 201) throw new Error(made.body)
  const id = made.json<Ticket>().id
  const sent = await call('dealer', 'PATCH', `/api/chatter/trade/actions/${id}/send/`, {})
  if (sent.statusCode !== 200) throw new Error(sent.body)
  const accepted = await call('broker', 'PATCH', `/api/chatter/trade/accept-consideration/${id}/`, {
    custodian_id: 'hdfc-bank',
  })
  if (![200, 207].includes(accepted.statusCode)) throw new Error(accepted.body)
  ticket = accepted.json<Ticket>()

  // The market before the deal: Demo Capital's BID, Demo Securities' ASK and their cluster at the
  // trade's minute; and a BID after that minute, which is not part of the deal's story.
  const tradedAt = new Date(ticket.traded_at)
  const eoi = (clientId: string, userId: string, quoteType: string, at: Date) => ({
    finstrumentId: GS_2032,
    clientId,
    userId,
    quoteType,
    quantum: 150_000_000,
    unitPrice: 97.12,
    bondYield: 0.0704,
    fixedField: 'yield',
    settlementDate: ticket.settlement_date,
    expiresAt: new Date(at.getTime() + 3_600_000),
    source: 'dart',
    createdAt: at,
  })
  const [bid, ask] = await database.db
    .insert(eois)
    .values([
      eoi(capitalId, dealerUserId, 'BID', tradedAt),
      eoi(securitiesId, brokerUserId, 'ASK', tradedAt),
      eoi(capitalId, dealerUserId, 'BID', new Date(tradedAt.getTime() + 120_000)),
    ])
    .returning({ id: eois.id })
  await database.db.insert(clusters).values({
    finstrumentId: GS_2032,
    buyerEoiId: bid!.id,
    sellerEoiId: ask!.id,
    buyerClientId: capitalId,
    sellerClientId: securitiesId,
    quantity: 150_000_000,
    buyerPrice: 97.1,
    sellerPrice: 97.14,
    settlementDate: ticket.settlement_date,
    state: 'CLOSED',
    createdAt: tradedAt,
  })
})

afterAll(async () => {
  await app.close()
  await database.close()
})

/** Every member's unread count in the deal's channel. */
const unreadCounts = () =>
  database.db
    .select({
      user: chatMembers.userId,
      unread: chatMembers.unreadCount,
      lastRead: chatMembers.lastReadMessageId,
    })
    .from(chatMembers)
    .where(eq(chatMembers.channelUrl, deal.channelUrl))
    .orderBy(chatMembers.userId)

describe('the compliance officer’s trades', () => {
  it('lists the firm’s ticket, now an order, with no actions', async () => {
    const response = await call('compliance', 'GET', '/api/surveillance/trades/')
    expect(response.statusCode, response.body).toBe(200)
    const page = response.json<{ results: Ticket[]; count: number }>()
    const found = page.results.find((t) => t.id === ticket.id)
    expect(found).toMatchObject({ kind: 'order', role: 'initiator', actions: [] })
    expect(page.results.every((t) => t.actions.length === 0)).toBe(true)
  })

  it('filters by state and search, and refuses unknown fields by name', async () => {
    const reported = (
      await call('compliance', 'GET', `/api/surveillance/trades/?state=${ticket.state}&search=2032`)
    ).json<{ results: Ticket[] }>()
    expect(reported.results.map((t) => t.id)).toContain(ticket.id)
    const drafts = (await call('compliance', 'GET', '/api/surveillance/trades/?state=draft')).json<{
      results: Ticket[]
    }>()
    expect(drafts.results.map((t) => t.id)).not.toContain(ticket.id)
    const unknown = await call('compliance', 'GET', '/api/surveillance/trades/?serch=x')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('serch')
  })

  it('includes the firm’s own drafts', async () => {
    const made = await call('dealer', 'POST', '/api/chatter/trade/manual-ticket/', {
      finstrument_id: GS_2032,
      buy_or_sell: 'sell',
      counterparty_user_id: brokerUserId,
      quantum: 50_000_000,
      unit_clean_price: 98.25,
      settlement_date: settlementOnCalendar('GSEC', todayInIndia(new Date()), 1),
      trade_time: istTimeMinuteAgo(),
    })
    expect(made.statusCode, made.body).toBe(201)
    const drafts = (await call('compliance', 'GET', '/api/surveillance/trades/?state=draft')).json<{
      results: Ticket[]
    }>()
    expect(drafts.results.map((t) => t.id)).toContain(made.json<Ticket>().id)
  })
})

describe('a trade’s reconstruction', () => {
  it('holds the chat around the deal, the quote and the ticket’s events in time order', async () => {
    const before = await unreadCounts()
    // Someone has unread messages to lose if viewing marked them read.
    expect(before.some((m) => m.unread > 0)).toBe(true)
    const auditBefore = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'surveillance_viewed'))
    const response = await call('compliance', 'GET', `/api/surveillance/trades/${ticket.id}/`)
    expect(response.statusCode, response.body).toBe(200)
    const { ticket: seen, events } = response.json<TradeReconstruction>()
    expect(seen).toMatchObject({ id: ticket.id, actions: [], channel_url: deal.channelUrl })

    const times = events.map((e) => Date.parse(e.at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    const kinds = events.map((e) => e.kind)
    expect(kinds.filter((k) => k === 'quote')).toHaveLength(1)
    expect(kinds.filter((k) => k === 'message').length).toBeGreaterThan(0)
    const quote = events.find((e) => e.kind === 'quote')!
    expect(quote.detail).toContain('Done ✅')
    expect(quote.actor_name).not.toBeNull()
    // Messages before the deal come before it.
    expect(kinds.indexOf('message')).toBeLessThan(kinds.indexOf('quote'))
    // The RFQs and the negotiation of the trade's minute, not what came after it.
    const rfqs = events.filter((e) => e.kind === 'rfq')
    expect(rfqs.map((e) => [e.title, e.actor_client_name])).toEqual([
      ['BID EOI', 'Demo Capital'],
      ['ASK EOI', 'Demo Securities'],
    ])
    expect(rfqs[0]?.detail).toContain('₹15 cr')
    const negotiations = events.filter((e) => e.kind === 'negotiation')
    expect(negotiations).toHaveLength(1)
    expect(negotiations[0]?.detail).toContain('Demo Capital bids 97.1000')

    const lifecycle = events.filter(
      (e) => !['message', 'quote', 'rfq', 'negotiation'].includes(e.kind),
    )
    expect(lifecycle.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['ticket', 'order', 'report']),
    )
    expect(lifecycle[0]).toMatchObject({ kind: 'ticket', title: expect.stringMatching(/^Created/) })
    expect(lifecycle.find((e) => e.kind === 'order')?.title).toMatch(/^Consideration accepted/)
    // Ticket, then order, then report.
    const first = (kind: string) => lifecycle.findIndex((e) => e.kind === kind)
    expect(first('ticket')).toBeLessThan(first('order'))
    expect(first('order')).toBeLessThanOrEqual(first('report'))

    // Viewing marks nothing read and is on the (intact) audit log.
    expect(await unreadCounts()).toEqual(before)
    const auditAfter = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'surveillance_viewed'), eq(auditLog.actorUserId, complianceUserId)),
      )
    expect(auditAfter.length).toBe(auditBefore.length + 1)
    expect(auditAfter.at(-1)?.detail).toMatchObject({ ticket_id: ticket.id, how: 'viewed' })
    expect(await verifyAuditChain(database.db)).toBeNull()
  })

  it('exports the reconstruction as a PDF, audited as an export', async () => {
    const before = await unreadCounts()
    const started = Date.now()
    const response = await call('compliance', 'GET', `/api/surveillance/trades/${ticket.id}/pdf/`)
    expect(response.statusCode).toBe(200)
    expect(Date.now() - started).toBeLessThan(60_000)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="trade-${ticket.id}-reconstruction.pdf"`,
    )
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = (await pdfText(new Uint8Array(response.rawPayload))).lines.join('\n')
    expect(text).toContain(`Trade reconstruction: order ${ticket.id}`)
    expect(text).toContain('Demo Capital (Dev Dealer)')
    expect(text).toContain('Consideration')
    // The deal message as typed; its emoji, which the font cannot draw, as `?` (drawable).
    expect(text).toContain('Done ? 15 cr 6.54 GS 2032')
    if (ticket.report.reference) expect(text).toContain(ticket.report.reference)
    expect(await unreadCounts()).toEqual(before)
    const [last] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'surveillance_viewed'))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1))
    expect(last?.detail).toMatchObject({ ticket_id: ticket.id, how: 'exported' })
  })

  it('is 404 for a trade the firm is not a party to, and refuses unknown ids', async () => {
    expect(
      (await call('compliance', 'GET', '/api/surveillance/trades/999999999/')).statusCode,
    ).toBe(404)
    expect(
      (await call('compliance', 'GET', '/api/surveillance/trades/999999999/pdf/')).statusCode,
    ).toBe(404)
    expect((await call('compliance', 'GET', '/api/surveillance/trades/abc/')).statusCode).toBe(404)
  })
})

describe('who may surveil', () => {
  it('is the Compliance Officer only: other roles 403, nobody signed in 401', async () => {
    const urls = [
      '/api/surveillance/trades/',
      `/api/surveillance/trades/${ticket.id}/`,
      `/api/surveillance/trades/${ticket.id}/pdf/`,
    ]
    for (const url of urls) {
      for (const who of ['dealer', 'broker', 'viewer', 'backoffice', 'opsadmin']) {
        expect((await call(who, 'GET', url)).statusCode, `${who} ${url}`).toBe(403)
      }
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401)
    }
  })

  it('offers no way to write: every surveillance route is a GET', () => {
    const routes = app.registeredRoutes.filter((r) => r.url.startsWith('/api/surveillance/'))
    expect(routes.length).toBeGreaterThan(0)
    expect(routes.every((r) => r.method === 'GET' || r.method === 'HEAD')).toBe(true)
  })
})
