// Builds the Fastify application from a configuration; main.ts only listens.
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { registerErrorHandling, sendApiNotFound } from './http/errors.ts'
import { registerOpenApi } from './http/openapi.ts'
import { registerSecurity } from './http/security.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { webRoutes } from './modules/web/routes.ts'

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
  }
}

/** What buildApp can be told beyond the configuration (tests turn the web apps off). */
export interface BuildOptions {
  /** Serve the four built apps (default true). */
  web?: boolean
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
  })

  await app.register(healthRoutes)
  if (options.web !== false) await app.register(webRoutes, { webRoot: config.webRoot })
  else app.setNotFoundHandler(sendApiNotFound)
  return app
}
