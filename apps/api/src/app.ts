// Builds the Fastify application from a configuration; main.ts only listens.
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { openDatabase, type Database } from './db/index.ts'
import { registerErrorHandling, sendApiNotFound } from './http/errors.ts'
import { registerOpenApi } from './http/openapi.ts'
import { registerSecurity } from './http/security.ts'
import { finstrumentRoutes } from './modules/finstruments/routes.ts'
import { finstrumentService, importUniverse } from './modules/finstruments/service.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { pricingRoutes } from './modules/pricing/routes.ts'
import { pricingService } from './modules/pricing/service.ts'
import { tradeSocketRoutes, type SocketTimings } from './modules/trade-socket/routes.ts'
import { verifyTestToken } from './modules/trade-socket/test-token.ts'
import { webRoutes } from './modules/web/routes.ts'
import { createEventBus, type EventBus } from './events/bus.ts'
import { loadOrCreateSecret } from './secrets.ts'

/** Version of the API reported in the OpenAPI document. */
export const API_VERSION = '0.1.0'

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
  }
}

/** What buildApp can be told beyond the configuration (tests turn the web apps off). */
export interface BuildOptions {
  /** Serve the four built apps (default true). */
  web?: boolean
  /** An open database (tests); otherwise one is opened from the configuration and closed with the app. */
  database?: Database
  /** Shorter socket timings (tests). */
  socketTimings?: Partial<SocketTimings>
}

/** Create the server with every module registered (not yet listening). */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
  })
  const routes: RegisteredRoute[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })
  app.decorate('registeredRoutes', routes)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  await registerSecurity(app)
  await registerOpenApi(app, API_VERSION)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`)
  })

  const database =
    options.database ??
    (await openDatabase({
      ...config,
      onError: (error) => app.log.error({ err: error }, 'database connection error'),
    }))
  if (!options.database) app.addHook('onClose', async () => database.close())
  if (config.demoMode) {
    const written = await importUniverse(database.db)
    if (written > 0) app.log.info({ rows: written }, 'imported the bond universe (demo mode)')
  }

  const events = await createEventBus(config.redisUrl, (error) =>
    app.log.error({ err: error }, 'event bus error'),
  )
  app.decorate('events', events)
  app.addHook('onClose', async () => events.close())
  const tokenSecret = loadOrCreateSecret(config.dataDir, 'socket-token', config.tokenSecret)
  await app.register(tradeSocketRoutes, {
    bus: events,
    verifyToken: async (token) => verifyTestToken(token, tokenSecret),
    ...(options.socketTimings ? { timings: options.socketTimings } : {}),
  })

  await app.register(healthRoutes)
  await app.register(finstrumentRoutes, { service: finstrumentService(database.db) })
  await app.register(pricingRoutes, { service: pricingService(database.db) })
  if (options.web !== false) await app.register(webRoutes, { webRoot: config.webRoot })
  else app.setNotFoundHandler(sendApiNotFound)
  return app
}
