// What the private runs publish: `private_run` to the one user whose run changed (a line joined,
// was confirmed, corrected or dismissed, or its exchange RFQ moved); `refresh` of the private runs
// when the sweep reads many messages into a run at once (decision 390).
import type { Publish } from '../../server-module.ts'

/**
 * The most `private_run` messages one sweep sends a trader; past it the trader hears one refresh of
 * the run instead (decision 390).
 */
export const BULK_RUN_MESSAGES = 10

/** The private runs' events over a publisher. */
export function runEvents(publish: Publish) {
  return {
    /** A user's run changed: these lines. */
    changed: (userId: string, lineIds: readonly number[], reason: string) =>
      publish({
        audience: { kind: 'users', userIds: [userId] },
        message: { type: 'private_run', data: { line_ids: [...lineIds], reason } },
      }),
    /** A user's run changed wholesale: the client reads it again. */
    refresh: (userId: string) =>
      publish({
        audience: { kind: 'users', userIds: [userId] },
        message: { type: 'refresh', target: 'private_runs' },
      }),
  }
}

/** The private runs' events. */
export type RunEvents = ReturnType<typeof runEvents>
