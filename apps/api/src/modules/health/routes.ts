// Liveness for load balancers and start-up checks.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { healthResponseSchema } from '@bonds/domain'

/** `GET /api/health/`: answers while the process can serve. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/health/',
    config: { access: 'public' },
    schema: { tags: ['health'], response: { 200: healthResponseSchema } },
    handler: async () => ({ status: 'ok' as const }),
  })
}
