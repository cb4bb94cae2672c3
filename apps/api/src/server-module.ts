// The shape every server module shares (ARCHITECTURE.md, "Inside a server module"): a use case is a
// function of the module's context (database, clock, events, providers) and the caller's input;
// the module's index.ts binds its use cases to one context and registers its routes over them.
import type { DomainEvent } from './events/bus.ts'

/** The time now, injected so expiry, market hours and reporting windows are testable. */
export type Clock = () => Date

/** The system clock. */
export const systemClock: Clock = () => new Date()

/** Publishes domain events (the app's event bus, or a test's list). */
export type Publish = (event: DomainEvent) => Promise<void>

/** Use cases bound to a context: the same functions without their first argument. */
export type BoundUseCases<T> = {
  [K in keyof T]: T[K] extends (context: never, ...args: infer A) => infer R
    ? (...args: A) => R
    : never
}

/** Bind a module's use cases to one context: what its routes and other modules call. */
export function bindUseCases<
  C,
  T extends Record<string, (context: C, ...args: never[]) => unknown>,
>(context: C, useCases: T): BoundUseCases<T> {
  const bound: Record<string, unknown> = {}
  for (const [name, run] of Object.entries(useCases)) {
    bound[name] = (...args: never[]) => run(context, ...args)
  }
  return bound as BoundUseCases<T>
}
