// Liveness and readiness for load balancers and start-up checks: `GET /api/health/` answers while
// the process can serve; `GET /api/health/ready/` says whether the database and the event bus
// answer now (503 when one does not), each checked within a second.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { healthResponseSchema, readinessResponseSchema } from '@bonds/domain'

/** What readiness depends on: each check resolves when that service answers. */
export interface ReadinessChecks {
  database: () => Promise<unknown>
  bus: () => Promise<unknown>
}

/** How long one dependency may take to answer before it counts as down. */
export const READINESS_TIMEOUT_MS = 1000

async function answers(check: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READINESS_TIMEOUT_MS)
  })
  try {
    await Promise.race([check(), timeout])
    return 'ok'
  } catch {
    return 'down'
  } finally {
    clearTimeout(timer)
  }
}

/** `GET /api/health/` and `GET /api/health/ready/`. */
export async function healthRoutes(app: FastifyInstance, checks: ReadinessChecks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.route({
    method: 'GET',
    url: '/api/health/',
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness: the process can serve',
      response: { 200: healthResponseSchema },
    },
    handler: async () => ({ status: 'ok' as const }),
  })
  r.route({
    method: 'GET',
    url: '/api/health/ready/',
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Readiness: the database and the event bus answer now (503 when one does not)',
      response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
    },
    handler: async (_request, reply) => {
      const [database, bus] = await Promise.all([answers(checks.database), answers(checks.bus)])
      const ready = database === 'ok' && bus === 'ok'
      if (!ready) void reply.code(503).header('retry-after', '5')
      return { status: ready ? ('ready' as const) : ('unavailable' as const), database, bus }
    },
  })
}
