// OpenAPI generated from the routes' zod schemas, served at /api/docs (UI) and
// /api/docs/json (document).
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * Register the OpenAPI generator (the routes' schemas are read from it) and, when `serve`, its UI
 * and document at /api/docs; call before any route is added.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  { serve }: { serve: boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bonds Workspace API',
        description:
          'REST API of the workspace: paths as in the product spec, section 7. Real-time updates ' +
          'come over the WebSocket /ws/trade/d/: send {"type":"auth","token":"…"} within 4 s, ' +
          'then receive typed messages (quotes_eoi, quotes_cluster, quotes_stream, inquiries, ' +
          'open_orders, private_run, refresh, consideration_update, rfq_negotiation, open_tickets); ' +
          '{"type":"ping"} is answered {"type":"pong"}.',
        version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  })
  if (!serve) return
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  })
}
