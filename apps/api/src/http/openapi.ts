// OpenAPI generated from the routes' zod schemas, served at /api/docs (UI) and
// /api/docs/json (document).
import swagger, { type SwaggerTransform } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { Access } from './access.ts'

/** OpenAPI security requirements: the bearer token; an empty object is "no token needed". */
type SecurityRequirement = Record<string, string[]>

/**
 * The security an operation declares, from its access rule: public operations take a token when
 * one is sent (per-user answers) and work without; demo routes answer loopback callers without
 * one; every other operation needs the bearer token.
 */
export function securityOf(access: Access | undefined): SecurityRequirement[] {
  if (access === 'public') return [{}, { bearer: [] }]
  if (access === 'demo') return []
  return [{ bearer: [] }]
}

/** A stable operation id from the method and path: `POST /api/trade/eoi/` → `postApiTradeEoi`. */
export function operationIdOf(method: string, url: string): string {
  const words = [method.toLowerCase(), ...url.split(/[^A-Za-z0-9]+/).filter(Boolean)]
  return words
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('')
}

/**
 * OpenAPI 3.0 has no `nullable` beside `anyOf` (Redocly's nullable-type-sibling): a nullable
 * union (zod's `.nullable()` over a union) becomes a union of nullable members.
 */
export function nullableUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableUnions)
  if (!node || typeof node !== 'object') return node
  const entries = Object.entries(node).map(([key, value]) => [key, nullableUnions(value)] as const)
  const schema = Object.fromEntries(entries) as Record<string, unknown>
  const union = (['anyOf', 'oneOf'] as const).find((key) => Array.isArray(schema[key]))
  if (schema.nullable === true && schema.type === undefined && union) {
    delete schema.nullable
    schema[union] = (schema[union] as Record<string, unknown>[]).map((member) =>
      member.type === undefined ? member : { ...member, nullable: true },
    )
  }
  return schema
}

/** The zod transform, plus each operation's security and id from its route. */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input)
  const access = (input.route.config as { access?: Access } | undefined)?.access
  const method = [input.route.method].flat()[0] ?? 'get'
  return {
    url,
    schema: {
      ...schema,
      security: securityOf(access),
      operationId: operationIdOf(String(method), url),
    },
  }
}

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
      // Paths are relative to the server the document is read from.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform,
    transformObject: (document) =>
      nullableUnions('openapiObject' in document ? document.openapiObject : {}) as Record<
        string,
        unknown
      >,
    hideUntagged: false,
  })
  if (!serve) return
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  })
}
