// The outbox module: messages to people (OTPs, reset links, invitations) stored, logged and sent
// by SMTP when configured; in demo mode, a reader for callers on this machine (and tests). Modules that
// send messages are given the outbox by the server.
import type { FastifyInstance } from 'fastify'
import type { Outbox } from './outbox.ts'
import { outboxRoutes } from './routes.ts'

export { createOutbox, smsGatewayTransport, smtpTransport } from './outbox.ts'
export type { OutboxTransports, OutgoingMessage, Outbox, Transport } from './outbox.ts'

/** The outbox reader's routes (`GET /api/dev/outbox/`, demo mode, loopback callers). */
export function outboxModule(deps: { outbox: Outbox }) {
  return { routes: (app: FastifyInstance) => outboxRoutes(app, deps) }
}
