// The health module: liveness (`GET /api/health/`) and readiness (`GET /api/health/ready/`).
import type { FastifyInstance } from 'fastify'
import { healthRoutes, type ReadinessChecks } from './routes.ts'

export type { ReadinessChecks } from './routes.ts'

/** The health module over the checks of what the server depends on. */
export function healthModule(checks: ReadinessChecks) {
  return { routes: (app: FastifyInstance) => healthRoutes(app, checks) }
}
