// Builds the Fastify application from a configuration; main.ts only listens.
import { join } from 'node:path'
import { chatChannelCreateSchema, chatSendSchema } from '@bonds/domain'
import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { prepareDataDir } from './data-dir.ts'
import { openDatabase, type Database, type Db } from './db/index.ts'
import { registerErrorHandling, sendApiNotFound } from './http/errors.ts'
import { registerInputGuard } from './http/input-guard.ts'
import { loggingOptions, type LogStream } from './http/logging.ts'
import { registerOpenApi } from './http/openapi.ts'
import { registerAccess } from './http/access.ts'
import { registerWebsockets } from './http/websocket.ts'
import { authRateLimit, registerSecurity, registerWriteLimits } from './http/security.ts'
import { seedDemoAccounts } from './demo/accounts.ts'
import { seedDemoClearing } from './demo/clearing.ts'
import { nextDemoMarketCheckMs, postDemoMarket } from './demo/market.ts'
import { demoDesk, type DemoDesk } from './demo/desk.ts'
import { seedDemoChat } from './demo/chat.ts'
import { seedDemoInventory } from './demo/inventory.ts'
import { seedDemoNetwork } from './demo/network.ts'
import {
  accountsModule,
  authUserOf,
  clientById,
  permissionsOf,
  userById,
} from './modules/accounts/index.ts'
import { authModule, otpCheckedSince, tokenService } from './modules/auth/index.ts'
import {
  CHAT_TOPIC,
  chatModule,
  chatOutsideFrom,
  type ChatOutside,
  type ChatBus,
  type ChatSocketTimings,
  type SequencedItem,
} from './modules/chat/index.ts'
import {
  createOutbox,
  outboxModule,
  smsGatewayTransport,
  smtpTransport,
  type OutboxTransports,
} from './modules/outbox/index.ts'
import {
  findFinstrument,
  finstrumentsModule,
  importUniverse,
} from './modules/finstruments/index.ts'
import { documentsModule } from './modules/documents/index.ts'
import { healthModule } from './modules/health/index.ts'
import { marketHoursModule } from './modules/market-hours/index.ts'
import {
  liquidBonds,
  marketModule,
  marketService,
  marketYields,
  type MarketDealToTicket,
  type MarketVenue,
} from './modules/market/index.ts'
import { networkModule } from './modules/network/index.ts'
import { simulatedClearing, ticketsModule } from './modules/tickets/index.ts'
import { pricingModule } from './modules/pricing/index.ts'
import { embeddedHelpdesk, httpHelpdesk, supportModule } from './modules/support/index.ts'
import {
  tradeSocketModule,
  verifyTestToken,
  type SocketLimits,
  type SocketTimings,
} from './modules/trade-socket/index.ts'
import { mindModule } from './modules/mind/index.ts'
import { runsModule } from './modules/runs/index.ts'
import { simulatedVenue, venueModule } from './modules/venue/index.ts'
import { inventoryModule } from './modules/inventory/index.ts'
import { webModule } from './modules/web/index.ts'
import { createEventBus, createTopicBus, type EventBus } from './events/bus.ts'
import { durableBus } from './events/relay.ts'
import { isOutbox, transactWithEvents, type Joined } from './events/transact.ts'
import { SESSION_TOPIC, type SessionEnd } from './events/sessions.ts'
import { s3FileStore } from './files/s3-store.ts'
import { localFileStore } from './files/store.ts'
import { secretBox } from './crypto.ts'
import { loadOrCreateSecret } from './secrets.ts'
import { startAuditPruning } from './db/audit-prune.ts'
import { systemClock } from './server-module.ts'

/** Version of the API reported in the OpenAPI document. */
export const API_VERSION = '0.1.0'

/** How far back recorded trades count towards a bond's liquidity in search (decision 110). */
const LIQUIDITY_WINDOW_MS = 30 * 24 * 60 * 60 * 1000

/** How long closing waits for chat messages still being read into private runs. */
const RUNS_DRAIN_MS = 5_000

/** A route as registered: method and URL pattern. */
export interface RegisteredRoute {
  method: string
  url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the fuzz and authorization-matrix tests. */
    registeredRoutes: readonly RegisteredRoute[]
    /** The domain event bus services publish socket messages to. */
    events: EventBus
    /** Resolves when the chat messages that arrived so far are read into private runs (tests). */
    runsIdle: () => Promise<unknown>
    /** Sweep the chat sequences into private runs now (tests). */
    runsSweep: () => Promise<unknown>
    /** The live demo market, when demo mode runs one (decision 295). */
    demoDesk: DemoDesk | null
    /** The jobs fetching WhatsApp media (decision 362): wait for or start a pass (tests). */
    chatWhatsappMedia: { idle: () => Promise<void>; wake: () => void }
  }
}

/** What buildApp can be told beyond the configuration (tests turn the web apps off). */
export interface BuildOptions {
  /** Serve the four built apps (default true). */
  web?: boolean
  /** An open database (tests); otherwise one is opened from the configuration and closed with the app. */
  database?: Database
  /** Import the bond universe in demo mode (default true; tests without bonds turn it off). */
  universe?: boolean
  /** Post the demo market in demo mode (default true; tests that count quotes turn it off). */
  demoMarket?: boolean
  /**
   * The live demo market in demo mode (decision 295): `run` trades at a human pace in the market's
   * hours (the server's entry passes it unless DEMO_DESK=false); `manual` only steps when told
   * (`app.demoDesk.step()`, tests), with `seed`; off by default.
   */
  demoDesk?: { mode: 'run' | 'manual'; seed?: number }
  /** Shorter socket timings (tests). */
  socketTimings?: Partial<SocketTimings>
  /** Trade-socket limits (tests lower them). */
  socketLimits?: Partial<SocketLimits>
  /** Shorter chat socket timings (tests). */
  chatSocketTimings?: Partial<ChatSocketTimings>
  /** Enter the demo chats in demo mode (default true; tests that count messages turn it off). */
  demoChat?: boolean
  /** Enter Demo Capital's demo book in demo mode (default true; tests that count positions turn it off). */
  demoInventory?: boolean
  /** The chat topic's bus (tests share one between two apps); otherwise made from REDIS_URL. */
  chatBus?: ChatBus
  /** The chat's outside services in place of those the configuration makes (tests). */
  chatOutside?: Partial<ChatOutside>
  /** The chat's send limit (benches raise it). */
  chatSendLimit?: { max: number; windowMs: number }
  /**
   * The time now for the network, market hours and the bond universe's "today" in India (tests
   * fix it); the system clock otherwise.
   */
  clock?: () => Date
  /** How often the tickets' sweep settles and flags (default 30 s). */
  ticketSweepMs?: number
  /** How often quotes past their expiry are expired (default 1 s). */
  expirySweepMs?: number
  /**
   * Accept the HMAC socket test tokens outside demo mode (socket tests). Demo mode accepts them
   * for the benchmark; a server without demo mode never does.
   */
  socketTestTokens?: boolean
  /** Where log lines go instead of stdout, at the configured level (tests read the log). */
  logStream?: LogStream
}

/** The outbox's transports of this configuration (demo mode's readers count as delivery). */
export function outboxTransports(config: Config): OutboxTransports {
  return {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined,
    sms: config.smsGateway
      ? smsGatewayTransport(config.smsGateway.url, config.smsGateway.key)
      : undefined,
    storedIsDelivered: config.demoMode,
  }
}

/** Create the server with every module registered (not yet listening). */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config.logLevel, options.logStream),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy } : {}),
  })
  const routes: RegisteredRoute[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })
  app.decorate('registeredRoutes', routes)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerInputGuard(app)
  const dataDirWarning = prepareDataDir(config.dataDir)
  if (dataDirWarning) app.log.warn(dataDirWarning)

  const database =
    options.database ??
    (await openDatabase({
      ...config,
      onError: (error) => app.log.error({ err: error }, 'database connection error'),
    }))
  if (!options.database) app.addHook('onClose', async () => database.close())
  const db = database.db

  // Ended sign-in sessions reach every instance's sockets (its own Redis channel when set).
  const sessionBus = await createTopicBus(config.redisUrl, SESSION_TOPIC, (error) =>
    app.log.error({ err: error }, 'sessions bus error'),
  )
  app.addHook('onClose', async () => sessionBus.close())
  const sessionsEnded = async (end: SessionEnd) => {
    // The session is already revoked in the database (every request checks it): a bus outage
    // only delays closing the sockets until they next authenticate.
    await sessionBus.publish(end).catch((error: unknown) => {
      app.log.error({ err: error, reason: end.reason }, 'could not announce ended sessions')
    })
  }
  const tokens = tokenService(
    db,
    loadOrCreateSecret(config.dataDir, 'access-token', config.tokenSecret),
    sessionsEnded,
  )
  const authenticate = async (token: string) => {
    const claims = await tokens.verifyAccess(token)
    return claims ? authUserOf(db, claims.userId, claims.sessionId) : null
  }
  registerAccess(app, { authenticate })
  registerWriteLimits(app, { max: config.writeRateLimit, timeWindow: '1 minute' })
  // Rate limits count on Redis when instances share one, so N instances allow each limit once.
  const limitStore = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined
  if (limitStore) {
    limitStore.on('error', (error) => app.log.error({ err: error }, 'rate-limit store error'))
    app.addHook('onClose', async () => void limitStore.disconnect())
  }
  await registerSecurity(app, limitStore ? { redis: limitStore } : {})
  await registerOpenApi(app, API_VERSION, { serve: config.apiDocs })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`)
  })

  const outbox = createOutbox(db, app.log, outboxTransports(config))
  // Messages still on their way (a reset link handed to a slow SMTP server) go out before closing.
  app.addHook('preClose', async () => outbox.drain())
  const authLimit = authRateLimit(config.authRateLimit)
  const auth = authModule({
    db,
    clock: systemClock,
    tokens,
    outbox,
    publicUrl: config.publicUrl,
    authLimit,
  })
  const credentialsSecret = loadOrCreateSecret(config.dataDir, 'credentials', config.credentialsKey)
  const accounts = accountsModule({
    db,
    clock: systemClock,
    outbox,
    authLimit,
    publicUrl: config.publicUrl,
    production: config.production,
    credentialsSecret,
    liteOtpChecked: (email, since) => otpCheckedSince(db, email, 'easy_register', since),
    sessionsEnded,
  })
  const clock = options.clock ?? systemClock
  if (config.demoMode) {
    const written = options.universe === false ? 0 : await importUniverse(db, undefined, clock())
    if (written > 0) app.log.info({ rows: written }, 'imported the bond universe (demo mode)')
    const people = await seedDemoAccounts(db, accounts.service, outbox, tokens, auth.service)
    if (people > 0) app.log.info({ accounts: people }, 'created the demo accounts (demo mode)')
  }

  const busError = (error: Error) => app.log.error({ err: error }, 'event bus error')
  const bus = await createEventBus(config.redisUrl, busError)
  // Over Redis, events are stored first and relayed, so a Redis outage never fails a write nor
  // loses its event (decision 256); within one process the bus cannot fail.
  const events = config.redisUrl ? durableBus(db, bus, { onError: busError }) : bus
  app.decorate('events', events)
  app.addHook('onClose', async () => events.close())
  await registerWebsockets(app)
  const testTokenSecret =
    config.demoMode || options.socketTestTokens
      ? loadOrCreateSecret(config.dataDir, 'socket-token', config.tokenSecret)
      : undefined
  const tradeSocket = tradeSocketModule({
    bus: events,
    sessions: sessionBus,
    // Access tokens of signed-in users; the HMAC test tokens (signed with the server's own
    // secret) only for the socket tests and the benchmark (demo mode).
    verifyToken: async (token) => {
      const user = await authenticate(token)
      if (user) {
        return {
          userId: user.id,
          clientId: user.clientId,
          roles: [...user.roles],
          permissions: [...user.permissions],
          sessionId: user.sessionId,
        }
      }
      return testTokenSecret ? verifyTestToken(token, testTokenSecret) : null
    },
    ...(options.socketTimings ? { timings: options.socketTimings } : {}),
    limits: { socketsPerAddress: config.socketsPerAddress, ...options.socketLimits },
  })
  await app.register(tradeSocket.routes)

  await app.register(auth.routes)
  await app.register(accounts.routes)
  const support = supportModule({
    db,
    clock: systemClock,
    authLimit,
    files: localFileStore(join(config.dataDir, 'files')),
    production: config.production,
    publicUrl: config.publicUrl,
    // Stored in the database always; handed to an external helpdesk only when configured.
    helpdesk: config.helpdesk ? httpHelpdesk(config.helpdesk) : embeddedHelpdesk,
    onForwardError: (error, ticketId) =>
      app.log.error({ err: error, ticketId }, 'could not hand a ticket to the helpdesk'),
    profileOf: async (userId) => {
      const user = await userById(db, userId)
      if (!user) return undefined
      const client = await clientById(db, user.clientId)
      return {
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        clientName: client?.name ?? '',
      }
    },
  })
  await app.register(support.routes)
  await app.register(
    mindModule({
      db,
      clock,
      analystEndpoint: config.analyst,
      onPlannerError: (error) =>
        app.log.error({ err: error }, 'the analyst model failed; the built-in planner answered'),
      onStreamError: (error) => app.log.error({ err: error }, 'a mind answer stream failed'),
      // The server (its own database) reads the analyst's universe at start; tests, which bring
      // their database, read it on their first question.
      warmOnReady: !options.database,
    }).routes,
  )
  if (config.demoMode) await app.register(outboxModule({ outbox }).routes)
  await app.register(
    healthModule({
      database: () => db.execute(sql`select 1`),
      // The domain bus stands for the three topics: they share one Redis.
      bus: async () => events.ready?.(),
    }).routes,
  )
  const documents = documentsModule({ db, dataDir: config.dataDir, log: app.log })
  await app.register(
    finstrumentsModule({
      db,
      clock,
      memorandumOf: documents.service.memorandumSummary,
      // Search ranks the bonds trading on the platform first: the live book and 30 days of trades.
      liquidBonds: (now) =>
        liquidBonds(db, now, new Date(now.getTime() - LIQUIDITY_WINDOW_MS), 500),
      // A bond no fund disclosure prices shows its live quote's yield, else a recent trade's.
      marketYields: (ids, now, viewer) =>
        marketYields(db, ids, now, new Date(now.getTime() - LIQUIDITY_WINDOW_MS), viewer),
    }).routes,
  )
  await app.register(pricingModule({ db }).routes)
  // Deals become tickets (tickets are registered below): a venue deal's and a deal closed in RFQ
  // quotes alike, each in its deal's own transaction.
  let dealToTicket: MarketDealToTicket = async () => {
    throw new Error('ticketing is not ready')
  }
  // A quote sent to RFQ goes to the venue (registered below), in the quote's transaction.
  let quoteToVenue: MarketVenue['initiate'] = async () => {
    throw new Error('the venue is not ready')
  }
  const market = marketModule({
    db,
    bus: events,
    clock,
    toTicket: (joined, user, deal) => dealToTicket(joined, user, deal),
    venue: { initiate: (joined, user, request, ip) => quoteToVenue(joined, user, request, ip) },
    onSweepError: (error) => app.log.error({ err: error }, 'quote expiry sweep failed'),
  })
  await app.register(market.routes)
  // Quotes past their expiry leave the market on the server's clock, across restarts.
  market.start(options.expirySweepMs)
  app.addHook('onClose', async () => market.stop())
  if (config.demoMode && options.demoMarket !== false) {
    const post = async () => {
      try {
        const posted = await postDemoMarket(db, market.service, tokens)
        if (posted > 0) app.log.info({ quotes: posted }, 'posted the demo market (demo mode)')
      } catch (error) {
        app.log.error({ err: error }, 'could not post the demo market')
      }
    }
    // Checked again when the book expires (the market's close), and hourly at the longest.
    let timer: NodeJS.Timeout | undefined
    let closed = false
    const schedule = async () => {
      await post()
      if (closed) return
      const wait = await nextDemoMarketCheckMs(db).catch(() => 60_000)
      timer = setTimeout(() => void schedule(), wait)
      timer.unref()
    }
    await schedule()
    app.addHook('onClose', async () => {
      closed = true
      clearTimeout(timer)
    })
  }
  const network = networkModule({
    db,
    clock,
    publish: (event) => events.publish(event),
    outbox: isOutbox(events) ? events : undefined,
    permissionsOf,
  })
  await app.register(network.routes)
  if (config.demoMode) {
    const entries = await seedDemoNetwork(db, network.service, tokens)
    if (entries > 0) app.log.info({ entries }, 'built the demo network (demo mode)')
  }
  const chatBus =
    options.chatBus ??
    (await createTopicBus(config.redisUrl, CHAT_TOPIC, (error) =>
      app.log.error({ err: error }, 'chat bus error'),
    ))
  if (!options.chatBus) app.addHook('onClose', async () => chatBus.close())
  const chat = chatModule({
    db,
    clock,
    bus: chatBus,
    // Chat files: an S3-compatible bucket when S3_* are set, else local disk (decision 277).
    files: config.chat.s3
      ? s3FileStore(config.chat.s3)
      : localFileStore(join(config.dataDir, 'files')),
    sendEmail: (message) => outbox.send({ channel: 'email', kind: 'invitation', ...message }),
    publicUrl: config.publicUrl,
    outside: chatOutsideFrom(config.chat, options.chatOutside),
    ...(options.chatSendLimit ? { sendLimit: options.chatSendLimit } : {}),
    ...(options.chatSocketTimings ? { socketTimings: options.chatSocketTimings } : {}),
  })
  await app.register(chat.routes)
  app.decorate('chatWhatsappMedia', chat.whatsappMedia)
  // The RFQ venue (the simulator by default) hands its deals to ticketing, registered below.
  let rfqChanged = async (_joined: Joined, _rfq: { id: number }) => undefined as void
  const venue = venueModule({
    db,
    clock,
    bus: events,
    port: simulatedVenue({
      now: clock,
      ...(config.venueSession ? { hours: config.venueSession } : {}),
    }),
    toTicket: (joined, user, deal) =>
      dealToTicket(joined, user, { ...deal, counterpartyUserId: null, brokers: [] }),
    onChange: (joined, rfq) => rfqChanged(joined, rfq),
    // A market quote sent to RFQ gives up what its RFQ dealt (decision 400).
    onDeal: async (joined, deal) => void (await market.service.venueDealt(joined, deal)),
  })
  await app.register(venue.routes)
  quoteToVenue = (joined, user, request, ip) => venue.within(joined).initiate(user, request, ip)
  // Private runs: messages are read as they arrive, the demo chats' among them.
  const runs = runsModule({
    db,
    clock,
    bus: events,
    chatBus,
    venue: {
      initiate: (joined, ...request) => venue.within(joined).initiate(...request),
      rfqsFor: (user, ids, joined) =>
        (joined ? venue.within(joined) : venue.service).rfqsFor(user, ids),
    },
    onError: (error) => app.log.error({ err: error }, 'could not read a chat message into runs'),
  })
  rfqChanged = (joined, rfq) => runs.service.rfqChanged(joined, rfq)
  const stopRuns = runs.listen()
  app.addHook('onClose', async () => {
    stopRuns()
    // What arrived is read before the database closes; a read stuck on it never holds the close.
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      runs.idle(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, RUNS_DRAIN_MS)
      }),
    ])
    clearTimeout(timer)
  })
  app.decorate('runsIdle', () => runs.idle())
  app.decorate('runsSweep', () => runs.sweepNow())
  await app.register(runs.routes)
  if (config.demoMode && options.demoChat !== false) {
    const messages = await seedDemoChat(db, chat.serviceAt, accounts.service, tokens)
    if (messages > 0) app.log.info({ messages }, 'entered the demo chats (demo mode)')
  }
  const credentialsBox = secretBox(credentialsSecret)
  const tickets = ticketsModule({
    db,
    bus: events,
    clock,
    // The embedded clearing corporation; the stored password is opened inside it only.
    clearing: simulatedClearing({ open: (sealed) => credentialsBox.open(sealed) }),
    onSweepError: (error) => app.log.error({ err: error }, 'ticket sweep failed'),
  })
  await app.register(tickets.routes)
  dealToTicket = async (joined, user, deal) => {
    // The deal's terms as a ticket of the accepting side, sent to the other firm at once, in the
    // deal's transaction.
    const within = tickets.within(joined)
    const { ticket } = await within.createTicket(
      user,
      {
        finstrument_id: deal.finstrumentId,
        buy_or_sell: deal.side,
        quantum: deal.quantum,
        ...(deal.price !== null
          ? { unit_clean_price: deal.price }
          : { bond_yield: Number(((deal.yield ?? 0) * 100).toFixed(4)) }),
        settlement_date: deal.settlementDate,
        trade_time: new Date(deal.at.getTime() + 330 * 60_000).toISOString().slice(11, 16),
        exchange: deal.exchange,
        brokerage: 0,
        counterparty_client_id: deal.counterpartyClientId,
        ...(deal.counterpartyUserId ? { counterparty_user_id: deal.counterpartyUserId } : {}),
        broker_details: deal.brokers,
      },
      { fromChat: false },
    )
    await within.actOn({ user }, String(ticket.id), 'send', {})
    return ticket.id
  }
  if (config.demoMode) {
    const stored = await seedDemoClearing(db, accounts.service, tokens)
    if (stored > 0) app.log.info({ firms: stored }, 'stored demo clearing credentials (demo mode)')
  }
  tickets.start(options.ticketSweepMs)
  app.addHook('onClose', async () => tickets.stop())
  // The live demo market trades through the market service; its closes make their tickets.
  const desk =
    config.demoMode && options.demoDesk
      ? demoDesk({
          db,
          market: market.service,
          tokens,
          clock,
          seed: options.demoDesk.seed ?? Date.now(),
          onError: (error, action) =>
            app.log.debug({ err: error, action }, 'a demo desk action was refused'),
        })
      : null
  app.decorate('demoDesk', desk)
  if (desk) {
    if (options.demoDesk?.mode === 'run') desk.start()
    app.addHook('onClose', async () => desk.stop())
  }
  // The audit log is kept for its retention, then pruned from its start (decision 257).
  const auditPruning = startAuditPruning(db, clock, (error) =>
    app.log.error({ err: error }, 'audit log pruning failed'),
  )
  app.addHook('onClose', async () => auditPruning.stop())
  const inventory = inventoryModule({
    db,
    clock,
    market: {
      createEoi: market.service.createEoi,
      listEois: market.service.listEois,
      levels: (ids, now, viewer) =>
        marketYields(db, ids, now, new Date(now.getTime() - LIQUIDITY_WINDOW_MS), viewer),
    },
    searchParticipants: network.service.searchParticipants,
    // Several EOIs in one transaction: the market's use case bound to it, its events staged there.
    transact: transactWithEvents(
      db,
      (event) => events.publish(event),
      isOutbox(events) ? events : undefined,
    ),
    marketIn: (tx, emit) =>
      marketService(tx, { publish: async (event) => emit(event), now: clock }),
    // Offers to chosen counterparties: a direct chat message each, read into their private runs.
    privateRuns: {
      channelWith: async (user, otherUserId) =>
        (
          await chat.service.createChannel(
            user,
            chatChannelCreateSchema.parse({ customType: 'direct', invitedUserIds: [otherUserId] }),
          )
        ).channel.url,
      // The reservation and the messages in one transaction, the chat's events after it commits.
      inTransaction: async (user, work) => {
        const held: SequencedItem[][] = []
        const result = await db.transaction(async (tx) => {
          const chatIn = chat.serviceIn(tx as unknown as Db, held)
          return work(
            tx as unknown as Db,
            async (url, text, reqId) =>
              (await chatIn.sendMessage(user, url, chatSendSchema.parse({ reqId, message: text })))
                .message,
          )
        })
        await chat.deliver(held)
        return result
      },
      ingest: (received) => runs.service.ingest(received),
    },
  })
  await app.register(inventory.routes)
  if (config.demoMode && options.universe !== false && options.demoInventory !== false) {
    try {
      const rows = await seedDemoInventory(db, inventory.service, tokens, clock())
      if (rows > 0) app.log.info({ rows }, 'entered the demo inventory (demo mode)')
    } catch (error) {
      app.log.error({ err: error }, 'could not enter the demo inventory')
    }
  }
  await app.register(marketHoursModule({ clock }).routes)
  await app.register(documents.routes)
  if (options.web !== false) {
    const web = webModule({
      webRoot: config.webRoot,
      // The security page's first view names the bond (the server fills it in per request).
      firstViewName: async (routePath, params) =>
        routePath === '/security/:id' && params.id
          ? (await findFinstrument(db, params.id.toUpperCase()))?.displayName
          : undefined,
    })
    await app.register(web.routes)
  } else app.setNotFoundHandler(sendApiNotFound)
  return app
}
