// The ticket sweeps on the real app and database (decision 401): a pass that settles or flags a few
// tickets tells their firms of each one; a pass past `BULK_TICKET_MESSAGES` tells each firm of the
// tickets it changed once, with `refresh` `tickets`, and nothing per ticket.
import { settlementOnCalendar, todayInIndia } from '@bonds/pricing'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { tradeTickets, users } from '../../db/schema.ts'
import type { DomainEvent } from '../../events/bus.ts'
import { as, signIn } from '../auth/testing.ts'
import { universeTestDatabase } from '../finstruments/testing.ts'
import { BULK_TICKET_MESSAGES } from './events.ts'
import { simulatedClearing, ticketsService } from './index.ts'

const GS_2032 = 'IN0020210244' // 6.54% GS 2032

let app: FastifyInstance
let database: Database
let dealerToken: string
let capitalId: string
let securitiesId: string
const events: DomainEvent[] = []
/** Days the app's clock runs ahead of the real one. */
let aheadDays = 0
const clock = () => new Date(Date.now() + aheadDays * 86_400_000)

beforeAll(async () => {
  database = await universeTestDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'ticket-sweep-test',
      AUTH_RATE_LIMIT: '10000',
      WRITE_RATE_LIMIT: '100000',
    }),
    // The sweeps are run by the tests themselves.
    { web: false, database, demoMarket: false, clock, ticketSweepMs: 3_600_000 },
  )
  await app.ready()
  app.events.subscribe((event) => events.push(event))
  dealerToken = (await signIn(app, 'dealer@demo.test')).access
  const people = await database.db.select().from(users)
  capitalId = people.find((p) => p.email === 'dealer@demo.test')!.clientId
  securitiesId = people.find((p) => p.email === 'broker@demo.test')!.clientId
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** The module's sweeps, as the server runs them every 30 s. */
const sweep = () =>
  ticketsService(database.db, {
    publish: (event) => app.events.publish(event),
    clearing: simulatedClearing({ open: () => '' }),
    now: clock,
  })

/** `count` tickets of the dealer sent to Demo Securities, traded a few minutes ago (ids). */
async function sentTickets(count: number): Promise<number[]> {
  const made = await as(app, dealerToken, {
    method: 'POST',
    url: '/api/chatter/trade/manual-ticket/',
    payload: {
      finstrument_id: GS_2032,
      buy_or_sell: 'sell',
      counterparty_client_id: securitiesId,
      quantum: 50_000_000,
      unit_clean_price: 98.25,
      settlement_date: settlementOnCalendar('GSEC', todayInIndia(clock()), 1),
      trade_time: '00:00',
    },
  })
  expect(made.statusCode, made.body).toBe(201)
  const id = made.json().id as number
  const sent = await as(app, dealerToken, {
    method: 'PATCH',
    url: `/api/chatter/trade/actions/${id}/send/`,
    payload: {},
  })
  expect(sent.statusCode, sent.body).toBe(200)
  // The rest are copies of it (the API's path is tested elsewhere; the sweep reads rows).
  const [row] = await database.db.select().from(tradeTickets).where(eq(tradeTickets.id, id))
  const { id: _id, ...copy } = row!
  const copies =
    count > 1
      ? await database.db
          .insert(tradeTickets)
          .values(Array.from({ length: count - 1 }, () => copy))
          .returning({ id: tradeTickets.id })
      : []
  return [id, ...copies.map((c) => c.id)]
}

const aboutTickets = (ids: readonly number[]) =>
  events.filter(
    (e) =>
      e.message.type !== 'refresh' &&
      'data' in e.message &&
      ids.includes((e.message.data as { ticket_id?: number }).ticket_id ?? -1),
  )
const refreshes = () => events.filter((e) => e.message.type === 'refresh')

describe('the ticket sweeps', () => {
  it('tell the firms of each ticket a pass of a few changes, with no refresh', async () => {
    const ids = await sentTickets(2)
    events.length = 0
    aheadDays = 1
    try {
      expect(await sweep().flagOverdue()).toBe(2)
    } finally {
      aheadDays = 0
    }
    const told = aboutTickets(ids)
    expect(told.map((e) => e.message.type)).toEqual(['open_tickets', 'open_tickets'])
    expect(told[0]!.audience).toEqual({ kind: 'clients', clientIds: [capitalId, securitiesId] })
    expect(refreshes()).toEqual([])
  })

  it('past the bulk size, tell each firm once with refresh tickets, nothing per ticket', async () => {
    const ids = await sentTickets(BULK_TICKET_MESSAGES + 1)
    events.length = 0
    aheadDays = 1
    try {
      expect(await sweep().flagOverdue()).toBe(ids.length)
    } finally {
      aheadDays = 0
    }
    const flagged = await database.db
      .select({ at: tradeTickets.overdueFlaggedAt })
      .from(tradeTickets)
      .where(inArray(tradeTickets.id, ids))
    expect(flagged.every((row) => row.at !== null)).toBe(true)
    expect(aboutTickets(ids)).toEqual([])
    const firms = [capitalId, securitiesId].sort()
    expect(refreshes()).toEqual([
      {
        audience: { kind: 'clients', clientIds: firms },
        message: { type: 'refresh', target: 'tickets' },
      },
    ])

    // The settlement sweep alike: these trades reported, then settled on their date in one pass.
    await database.db
      .update(tradeTickets)
      .set({ state: 'reported', reportStatus: 'confirmed' })
      .where(inArray(tradeTickets.id, ids))
    events.length = 0
    aheadDays = 4
    try {
      expect(await sweep().settleDue()).toBe(ids.length)
    } finally {
      aheadDays = 0
    }
    expect(aboutTickets(ids)).toEqual([])
    expect(refreshes()).toEqual([
      {
        audience: { kind: 'clients', clientIds: firms },
        message: { type: 'refresh', target: 'tickets' },
      },
    ])
  })
})
