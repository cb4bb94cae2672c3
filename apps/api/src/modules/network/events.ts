// What the network publishes on the bus, and to whom: when a client's partners, offline records or
// desk members change, its own users' Build Network panels reload (`refresh` with target
// `network`). Counterparties are not told who added them.
import type { DomainEvent } from '../../events/bus.ts'

/** Publishes domain events (the app's event bus, or a test's list). */
export type Publish = (event: DomainEvent) => Promise<void>

/** The network's events over a publisher. */
export function networkEvents(publish: Publish) {
  return {
    /** The client's network changed: its users reload it. */
    changed: (clientId: string) =>
      publish({
        audience: { kind: 'clients', clientIds: [clientId] },
        message: { type: 'refresh', target: 'network' },
      }),
  }
}

/** The network's events. */
export type NetworkEvents = ReturnType<typeof networkEvents>
