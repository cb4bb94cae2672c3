// Reading the outbox: registered in demo mode only, and answering callers on this machine only
// (`access: 'demo'`). Without demo mode the path does not exist.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emailField } from '@bonds/domain'
import type { Outbox } from './outbox.ts'

/** `GET /api/dev/outbox/?recipient=` (demo mode, loopback callers). */
export async function outboxRoutes(
  app: FastifyInstance,
  { outbox }: { outbox: Outbox },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dev/outbox/', {
    config: { access: 'demo' },
    schema: {
      tags: ['demo'],
      summary: 'Latest messages to a recipient (demo mode only, from this machine only)',
      querystring: z.object({ recipient: z.union([emailField, z.string().regex(/^\d{10}$/)]) }),
      response: {
        200: z.array(
          z.object({
            id: z.number(),
            kind: z.string(),
            channel: z.string(),
            recipient: z.string(),
            subject: z.string(),
            body: z.string(),
            created_at: z.string(),
          }),
        ),
      },
    },
    handler: async (request) =>
      (await outbox.latest(request.query.recipient)).map((m) => ({
        id: m.id,
        kind: m.kind,
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject,
        body: m.body,
        created_at: m.createdAt.toISOString(),
      })),
  })
}
