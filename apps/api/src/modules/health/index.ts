// The health module: `GET /api/health/` for load balancers and start-up checks.
import type { FastifyInstance } from 'fastify'
import { healthRoutes } from './routes.ts'

/** The health module: its one route. */
export function healthModule() {
  return { routes: (app: FastifyInstance) => healthRoutes(app) }
}
