// What every network use case is given: the database, the clock, transactions with the module's
// events, and how a
// user's permissions follow from roles and client (the accounts module's rule, passed in so this
// module never reads another's files).
import type { Db } from '../../db/index.ts'
import type { ModuleTransact } from '../../events/transact.ts'
import { HttpError } from '../../http/errors.ts'
import type { NetworkEvents } from './events.ts'

/** The time now, injected so tests can fix it. */
export type Clock = () => Date

/** The permissions of a user with these roles at a client of this tier and these RFQ exchanges. */
export type PermissionsOf = (facts: {
  roles: readonly string[]
  tier: string
  rfqExchanges: readonly string[]
}) => readonly string[]

/** What the network's use cases run with. */
export interface NetworkContext {
  db: Db
  now: Clock
  /**
   * A transaction whose network events go out if, and once, it commits (stored in it over the
   * event outbox): a change, its audit entry and its event are one.
   */
  transact: ModuleTransact<NetworkEvents>
  permissionsOf: PermissionsOf
}

/** Ids of clients, users and offline records are UUIDs; anything else is simply not found. */
export const isId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

/** A 404 with a message. */
export const notFound = (message: string) => new HttpError(404, message)

/** A person's name as lists show it: "First Last". */
export function personName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim()
}
