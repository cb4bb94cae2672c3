// Sign-in sessions that ended, for every instance's sockets: a sign-out ends one session; a
// password change, a change of roles or a deactivated account ends all of a user's. Sockets opened
// under an ended session close (4401) at once, whichever instance holds them (issue 19).
import { z } from 'zod'
import type { Bus, RedisTopic } from './bus.ts'

/** Why sessions ended. */
export const SESSION_END_REASONS = [
  'signed_out',
  'password_changed',
  'roles_changed',
  'deactivated',
  'revoked',
] as const

/** One user's session (or all of them, without `sessionId`) ended. */
export interface SessionEnd {
  userId: string
  sessionId?: string
  reason: (typeof SESSION_END_REASONS)[number]
}

const sessionEndSchema = z.strictObject({
  userId: z.string(),
  sessionId: z.string().optional(),
  reason: z.enum(SESSION_END_REASONS),
})

/** The sessions topic on Redis (its own channel). */
export const SESSION_TOPIC: RedisTopic<SessionEnd> = {
  channel: 'bonds:sessions',
  parse: (value) => {
    const parsed = sessionEndSchema.safeParse(value)
    return parsed.success ? (parsed.data as SessionEnd) : null
  },
}

/** The sessions bus. */
export type SessionBus = Bus<SessionEnd>

/** Tell every instance that sessions ended. */
export type SessionsEnded = (end: SessionEnd) => Promise<void>

/** Whether a socket opened by `userId` under `sessionId` is one an end closes. */
export function endsSocket(
  end: SessionEnd,
  socket: { userId: string; sessionId?: string | undefined },
): boolean {
  return end.userId === socket.userId && (!end.sessionId || end.sessionId === socket.sessionId)
}
