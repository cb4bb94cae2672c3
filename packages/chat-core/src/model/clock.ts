// Timers the chat rules run on: the platform's by default, fake ones in tests.

/** The timers and clock chat code uses. */
export interface ChatClock {
  now(): number
  setTimeout(task: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The platform's timers. */
export const systemClock: ChatClock = {
  now: () => Date.now(),
  setTimeout: (task, ms) => setTimeout(task, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Resolve after `ms` on the clock. */
export function sleep(clock: ChatClock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms))
}
