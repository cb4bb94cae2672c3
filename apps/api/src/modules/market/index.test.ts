// The market's rules that depend on the clock, on a real database with a clock the test moves:
// default expiry at the market's close, expired quotes leaving the book, and the pure helpers.
import { finstruments, sessions, users } from '../../db/schema.ts'
import { TEST_GSEC_2032, testDatabase } from '../../db/testing.ts'
import type { Database } from '../../db/index.ts'
import { createInProcessBus, type DomainEvent } from '../../events/bus.ts'
import { durableBus } from '../../events/relay.ts'
import type { AuthUser } from '../../http/access.ts'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import { authUserOf } from '../accounts/repo.ts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { marketService } from './index.ts'
import { clusterSide, defaultExpiry, visibleState } from './model.ts'

describe('defaultExpiry', () => {
  it('is today’s 17:00 IST before the close on a business day', () => {
    // Tuesday 24 Nov 2026, 10:00 IST.
    expect(defaultExpiry('GSEC', new Date('2026-11-24T04:30:00Z')).toISOString()).toBe(
      '2026-11-24T11:30:00.000Z',
    )
  })
  it('is the next business day’s close after the close, on a weekend or a holiday', () => {
    // Tuesday 18:00 IST → Wednesday.
    expect(defaultExpiry('GSEC', new Date('2026-11-24T12:30:00Z')).toISOString()).toBe(
      '2026-11-25T11:30:00.000Z',
    )
    // Saturday → Monday.
    expect(defaultExpiry('CORPORATE', new Date('2026-11-28T05:00:00Z')).toISOString()).toBe(
      '2026-11-30T11:30:00.000Z',
    )
    // Christmas (a Friday, RBI/Mumbai holiday) → Monday 28 Dec.
    expect(defaultExpiry('GSEC', new Date('2026-12-25T05:00:00Z')).toISOString()).toBe(
      '2026-12-28T11:30:00.000Z',
    )
  })
})

describe('visibleState and clusterSide', () => {
  const at = new Date('2026-11-24T06:00:00Z')
  it('reads a live state past its expiry as EXPIRED, and leaves the rest', () => {
    const before = new Date('2026-11-24T05:00:00Z')
    const after = new Date('2026-11-24T07:00:00Z')
    expect(visibleState({ state: 'DEFAULT', expiresAt: after }, at)).toBe('DEFAULT')
    expect(visibleState({ state: 'RESPONDED', expiresAt: before }, at)).toBe('EXPIRED')
    expect(visibleState({ state: 'DEFAULT', expiresAt: at }, at)).toBe('EXPIRED')
    expect(visibleState({ state: 'CLOSED', expiresAt: before }, at)).toBe('CLOSED')
  })
  it('names the caller’s part, or none', () => {
    const cluster = { buyerClientId: 'b', sellerClientId: 's', facilitatorClientId: 'f' }
    expect(clusterSide(cluster, 'b')).toBe('BUYER')
    expect(clusterSide(cluster, 's')).toBe('SELLER')
    expect(clusterSide(cluster, 'f')).toBe('FACILITATOR')
    expect(clusterSide({ ...cluster, facilitatorClientId: null }, 'x')).toBeNull()
  })
})

describe('quotes over time', () => {
  let app: FastifyInstance
  let database: Database
  let clock = new Date('2026-11-24T04:30:00Z') // Tuesday 10:00 IST
  const events: DomainEvent[] = []
  let service: ReturnType<typeof marketService>
  let dealer: AuthUser
  let broker: AuthUser

  async function caller(email: string): Promise<AuthUser> {
    const [user] = await database.db.select().from(users).where(eq(users.email, email))
    const id = `test-${email}`
    await database.db.insert(sessions).values({ id, userId: user?.id as string })
    return (await authUserOf(database.db, user?.id as string, id)) as AuthUser
  }

  beforeAll(async () => {
    database = await testDatabase()
    app = await buildApp(
      readConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', TOKEN_SECRET: 'x' }),
      {
        web: false,
        database,
        universe: false,
      },
    )
    await app.ready()
    await database.db.insert(finstruments).values({ ...TEST_GSEC_2032, canBePriced: true })
    service = marketService(database.db, {
      publish: async (event) => {
        events.push(event)
      },
      now: () => clock,
    })
    dealer = await caller('dealer@demo.test')
    broker = await caller('broker@demo.test')
  })

  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const post = (user: AuthUser, extra: object = {}, on = service) =>
    on.createEoi(user, {
      finstrument_id: TEST_GSEC_2032.id,
      quote_type: 'ASK',
      quantum: 10_000_000,
      yield_stored: 0.07,
      fixed_field: 'yield',
      source: 'WEBSITE',
      whatsapp_consent: false,
      state: 'DEFAULT',
      is_best: false,
      send_to_rfq: false,
      yield_type: 'YTM',
      price_overridden: false,
      ...extra,
    })

  it('keeps a quote in the book until its expiry, then reads it EXPIRED', async () => {
    const eoi = await post(dealer, { validity: 30 })
    expect(eoi.expiry_date_stored).toBe('2026-11-24T05:00:00.000Z')
    expect(eoi.settlement_date).toBe('2026-11-25')
    const depth = () => service.depth(broker, { finstrument_id: TEST_GSEC_2032.id, levels: 10 })
    expect((await depth()).asks).toHaveLength(1)

    clock = new Date('2026-11-24T05:00:00Z')
    expect((await depth()).asks).toEqual([])
    const mine = await service.listEois(dealer, { page: 1, page_size: 20 })
    expect(mine.results[0]).toMatchObject({ id: eoi.id, state: 'EXPIRED' })
    expect((await service.listEois(dealer, { live: true, page: 1, page_size: 20 })).count).toBe(0)
    await expect(
      service.respond(broker, {
        client_id: broker.clientId,
        finstrumentId: TEST_GSEC_2032.id,
        respond_eoi_id: eoi.id,
        maximum_lot_stored: 1_000_000,
        source: 'WEBSITE',
        use_respond_eoi_price: true,
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'This quote is no longer live' })
    await expect(service.expire(dealer, String(eoi.id))).rejects.toMatchObject({ statusCode: 409 })
  })

  it('lasts until the close by default, and gives the best live offer as the market quote', async () => {
    clock = new Date('2026-11-24T06:00:00Z')
    const cheap = await post(dealer, { yield_stored: 0.0725 })
    const dear = await post(dealer, { yield_stored: 0.0695 })
    expect(cheap.expiry_date_stored).toBe('2026-11-24T11:30:00.000Z')
    const quote = await service.marketQuote(broker, TEST_GSEC_2032.id, {
      infer_from_market: false,
      quote_type: 'ASK',
    })
    expect(quote).toMatchObject({
      source: 'QUOTE',
      as_of: '2026-11-24T06:00:00.000Z',
      price: { unit_clean_price: cheap.unit_price_stored, settlement_date: '2026-11-25' },
    })
    expect(dear.unit_price_stored).toBeGreaterThan(cheap.unit_price_stored as number)

    clock = new Date('2026-11-24T11:30:00Z') // the close
    const after = await service.marketQuote(broker, TEST_GSEC_2032.id, {
      infer_from_market: false,
      quote_type: 'ASK',
    })
    expect(after.price).toBeNull()
  })

  it('refuses quotes on a bond past its maturity', async () => {
    clock = new Date('2032-01-20T05:00:00Z')
    await expect(post(dealer)).rejects.toMatchObject({
      statusCode: 400,
      fields: { finstrument_id: 'This bond has matured and cannot be quoted' },
    })
    const quote = await service.marketQuote(broker, TEST_GSEC_2032.id, {
      infer_from_market: true,
      quote_type: 'ASK',
    })
    expect(quote).toMatchObject({ price: null, can_be_priced: false })
  })

  it('over the event outbox, stores a quote’s event in the quote’s own statement for the relay', async () => {
    clock = new Date('2026-11-24T06:00:00Z')
    const bus = durableBus(database.db, createInProcessBus())
    const delivered: DomainEvent[] = []
    bus.subscribe((event) => delivered.push(event))
    const outboxed = marketService(database.db, {
      publish: (event) => bus.publish(event),
      outbox: bus,
      now: () => clock,
    })
    try {
      const eoi = await post(dealer, {}, outboxed)
      await bus.flush()
      // The market's message, then the firm's own copy (decision 310), both with the new id; then
      // the bond's `quotes_stream` (decision 390), as it was stored: no quote id put in it.
      await vi.waitFor(() => expect(delivered).toHaveLength(3))
      const [market, mine, stream] = delivered as [DomainEvent, DomainEvent, DomainEvent]
      expect(stream).toEqual({
        audience: { kind: 'permission', permission: 'client.can_trade' },
        message: { type: 'quotes_stream', data: { finstrument_id: TEST_GSEC_2032.id } },
      })
      expect(market.audience).toEqual({ kind: 'permission', permission: 'client.can_trade' })
      expect(market.message).toMatchObject({
        type: 'quotes_eoi',
        data: {
          eoi_id: eoi.id,
          finstrument_id: TEST_GSEC_2032.id,
          quote_type: 'ASK',
          state: 'DEFAULT',
          respond_eoi_id: null,
          quote: {
            id: eoi.id,
            finstrument_id: TEST_GSEC_2032.id,
            isin: eoi.isin,
            display_name: eoi.display_name,
            quantum: eoi.quantum,
            state: 'DEFAULT',
          },
        },
      })
      const dataOf = (event: DomainEvent) =>
        (event.message as { data: Record<string, unknown> }).data
      expect(dataOf(market)).not.toHaveProperty('mine')
      expect(mine.audience).toMatchObject({ kind: 'clients', clientIds: [dealer.clientId] })
      expect(dataOf(mine)).toEqual({ ...dataOf(market), mine: true })
      expect(await bus.pending()).toBe(0)
    } finally {
      await bus.close()
    }
  })
})
