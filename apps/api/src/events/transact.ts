// A write and its events as one: the events a transaction emits exist exactly when its writes do
// (decision 256). Over the event outbox (several instances on Redis) they are stored in the
// transaction itself and relayed once it commits; within one process they are published once it
// commits, never before (a socket told of a change must find it) and never for a rollback.
import type { Db } from '../db/client.ts'
import type { DomainEvent } from './bus.ts'

/** Emit an event from inside a transaction. */
export type Emit = (event: DomainEvent) => void

/** Run `work` in a transaction whose emitted events go out if, and once, it commits. */
export type Transact = <T>(work: (tx: Db, emit: Emit) => Promise<T>) => Promise<T>

/** An outbox the events can be stored in, inside the writer's transaction (relay.ts). */
export interface EventOutbox {
  store(tx: Db, events: readonly DomainEvent[]): Promise<void>
  /** Carry what is stored (call once the transaction has committed). */
  wake(): void
}

/** Whether a bus stores its events in an outbox. */
export function isOutbox(bus: object): bus is EventOutbox {
  return 'store' in bus && 'wake' in bus
}

/** Transactions over `db` whose events reach `publish` (or `outbox`) once they commit. */
export function transactWithEvents(
  db: Db,
  publish: (event: DomainEvent) => Promise<void>,
  outbox?: EventOutbox,
): Transact {
  return async (work) => {
    let staged: DomainEvent[] = []
    const result = await db.transaction(async (tx) => {
      staged = []
      const value = await work(tx, (event) => void staged.push(event))
      if (outbox && staged.length) await outbox.store(tx, staged)
      return value
    })
    if (outbox) {
      if (staged.length) outbox.wake()
    } else {
      for (const event of staged) await publish(event)
    }
    return result
  }
}

/** A transaction already open, with its emit: another module's writes can join it. */
export interface Joined {
  tx: Db
  emit: Emit
}

/** Transactions that join `joined` instead of opening their own: one commit for both modules. */
export function joinTransaction(joined: Joined): Transact {
  return (work) => work(joined.tx, joined.emit)
}

/**
 * A module's transaction: `work` gets it, the module's events emitting into it, and the open
 * transaction itself (`joined`) to hand to another module whose writes belong to the same commit.
 */
export type ModuleTransact<E> = <T>(
  work: (tx: Db, events: E, joined: Joined) => Promise<T>,
) => Promise<T>

/** A module's transactions over `transact`, with its events made by `eventsOf`. */
export function moduleTransact<E>(
  transact: Transact,
  eventsOf: (publish: (event: DomainEvent) => Promise<void>) => E,
): ModuleTransact<E> {
  return (work) =>
    transact((tx, emit) =>
      work(
        tx,
        eventsOf(async (event) => emit(event)),
        { tx, emit },
      ),
    )
}
