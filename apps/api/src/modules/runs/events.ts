// What the private runs publish: `private_run` to the one user whose run changed (a line joined,
// was confirmed, corrected or dismissed, or its exchange RFQ moved).
import type { Publish } from '../../server-module.ts'

/** The private runs' events over a publisher. */
export function runEvents(publish: Publish) {
  return {
    /** A user's run changed: these lines. */
    changed: (userId: string, lineIds: readonly number[], reason: string) =>
      publish({
        audience: { kind: 'users', userIds: [userId] },
        message: { type: 'private_run', data: { line_ids: [...lineIds], reason } },
      }),
  }
}

/** The private runs' events. */
export type RunEvents = ReturnType<typeof runEvents>
