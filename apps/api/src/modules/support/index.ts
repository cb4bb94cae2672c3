// The support module (spec section 7, "Support and other"; issue 18): support and access-request
// tickets, the files uploaded for them, client error reports, and the firm's tickets for its Ops
// Admin. Tickets are stored here and handed to the configured helpdesk (decision 227).
// Other modules and the server use what this file exports, nothing else of the folder.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import type { FileStore } from '../../files/store.ts'
import type { RateLimit } from '../../http/security.ts'
import { bindUseCases, systemClock, type Clock } from '../../server-module.ts'
import type { ProfileOf, SupportContext } from './context.ts'
import { embeddedHelpdesk, type Helpdesk } from './helpdesk.ts'
import { supportRoutes } from './routes.ts'
import { createTicket } from './use-cases/create-ticket.ts'
import { listAllTickets, listTickets } from './use-cases/list-tickets.ts'
import { readFile } from './use-cases/read-file.ts'
import { reportClientError } from './use-cases/report-client-error.ts'
import { uploadFile } from './use-cases/upload-file.ts'

export { embeddedHelpdesk, httpHelpdesk } from './helpdesk.ts'
export type { Helpdesk, HelpdeskTicket, HttpHelpdeskOptions } from './helpdesk.ts'
export type { CallerProfile, ProfileOf } from './context.ts'

/** What the support service needs besides the database. */
export interface SupportServiceOptions {
  files: FileStore
  profileOf: ProfileOf
  production: boolean
  publicUrl: string
  helpdesk?: Helpdesk
  onForwardError?: (error: unknown, ticketId: number) => void
  now?: Clock
}

/** The support use cases over one database, bound to the file store and the helpdesk. */
export function supportService(db: Db, options: SupportServiceOptions) {
  const context: SupportContext = {
    db,
    now: options.now ?? systemClock,
    files: options.files,
    helpdesk: options.helpdesk ?? embeddedHelpdesk,
    profileOf: options.profileOf,
    production: options.production,
    publicUrl: options.publicUrl,
    onForwardError: options.onForwardError ?? (() => {}),
  }
  return bindUseCases(context, {
    createTicket,
    uploadFile,
    readFile,
    listTickets,
    listAllTickets,
    reportClientError,
  })
}

/** The support service's type. */
export type SupportService = ReturnType<typeof supportService>

/** The support module: its use cases and its routes (public ticket writes under the auth limit). */
export function supportModule(
  deps: { db: Db; clock: Clock; authLimit: RateLimit } & Omit<SupportServiceOptions, 'now'>,
) {
  const { db, clock, authLimit, ...options } = deps
  const service = supportService(db, { ...options, now: clock })
  return {
    service,
    routes: (app: FastifyInstance) => supportRoutes(app, { service, authLimit }),
  }
}
