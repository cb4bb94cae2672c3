// What every support use case is given: the database, the clock, the file store for uploads, the
// helpdesk port tickets are handed to, and the settings of this deployment.
import type { Db } from '../../db/index.ts'
import type { FileStore } from '../../files/store.ts'
import type { Clock } from '../../server-module.ts'
import type { Helpdesk } from './helpdesk.ts'

/** Who a signed-in caller is, for the user context of tickets and error reports (spec section 3). */
export interface CallerProfile {
  name: string
  email: string
  clientName: string
}

/** Reads a signed-in user's name, e-mail and firm name (accounts' users, wired by the server). */
export type ProfileOf = (userId: string) => Promise<CallerProfile | undefined>

/** What the support use cases run with. */
export interface SupportContext {
  db: Db
  now: Clock
  files: FileStore
  helpdesk: Helpdesk
  profileOf: ProfileOf
  /** Production maps ticket types to the helpdesk's ids (spec section 3); development does not. */
  production: boolean
  /** The address users reach the product at: file URLs are absolute, for an external helpdesk. */
  publicUrl: string
  /** Called when forwarding to an external helpdesk failed (the ticket stays stored). */
  onForwardError: (error: unknown, ticketId: number) => void
}
