// The network module (the dart workspace's "Build Network"): participant, broker and directory
// searches, the client's partners and offline records, facilitators, agents, desk members and a
// client's users. Other modules and the server use what this file exports, nothing else of the
// folder.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import type { Clock, NetworkContext, PermissionsOf } from './context.ts'
import { moduleTransact, transactWithEvents, type EventOutbox } from '../../events/transact.ts'
import { networkEvents, type Publish } from './events.ts'
import { networkRoutes } from './routes.ts'
import { addPartner } from './use-cases/add-partner.ts'
import { clientUsers } from './use-cases/client-users.ts'
import { createOfflineRecord } from './use-cases/create-offline-record.ts'
import { deleteOfflineRecord } from './use-cases/delete-offline-record.ts'
import { listAgents } from './use-cases/list-agents.ts'
import { listFacilitators } from './use-cases/list-facilitators.ts'
import { listNetwork } from './use-cases/list-network.ts'
import { removePartner } from './use-cases/remove-partner.ts'
import { searchBrokers } from './use-cases/search-brokers.ts'
import { searchParticipants } from './use-cases/search-participants.ts'
import { searchUnified } from './use-cases/search-unified.ts'
import { updateMember } from './use-cases/update-member.ts'
import { updateOfflineRecord } from './use-cases/update-offline-record.ts'

export type { Clock, PermissionsOf } from './context.ts'
export { inactiveMemberIdsQuery, partnerClientIdsQuery } from './standing.ts'

const USE_CASES = {
  searchParticipants,
  searchBrokers,
  searchUnified,
  listNetwork,
  addPartner,
  removePartner,
  createOfflineRecord,
  updateOfflineRecord,
  deleteOfflineRecord,
  listFacilitators,
  listAgents,
  clientUsers,
  updateMember,
}

type Bound<T> = {
  [K in keyof T]: T[K] extends (context: NetworkContext, ...args: infer A) => infer R
    ? (...args: A) => R
    : never
}

/** The network's use cases bound to one context: what its routes and the demo seed call. */
export function networkService(context: NetworkContext): Bound<typeof USE_CASES> {
  const bound: Record<string, unknown> = {}
  for (const [name, run] of Object.entries(USE_CASES)) {
    bound[name] = (...args: unknown[]) =>
      (run as (context: NetworkContext, ...rest: unknown[]) => unknown)(context, ...args)
  }
  return bound as Bound<typeof USE_CASES>
}

/** The network service's type. */
export type NetworkService = ReturnType<typeof networkService>

/** The network module: its use cases over the database, the bus and the clock, and its routes. */
export function networkModule(deps: {
  db: Db
  clock: Clock
  publish: Publish
  /** The event outbox, when the bus has one: events are stored in the write's transaction. */
  outbox?: EventOutbox | undefined
  permissionsOf: PermissionsOf
}) {
  const service = networkService({
    db: deps.db,
    now: deps.clock,
    transact: moduleTransact(transactWithEvents(deps.db, deps.publish, deps.outbox), networkEvents),
    permissionsOf: deps.permissionsOf,
  })
  return {
    service,
    routes: (app: FastifyInstance) => networkRoutes(app, { service }),
  }
}
