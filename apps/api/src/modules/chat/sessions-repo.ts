// Chat session tokens (a hash kept, tied to the sign-in session that asked) and presence.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { chatPresence, chatSessions } from '../../db/chat-schema.ts'

/** A stored chat session. */
export type ChatSessionRow = typeof chatSessions.$inferSelect

/** Store a new chat session. */
export async function insertSession(db: Db, row: typeof chatSessions.$inferInsert): Promise<void> {
  await db.insert(chatSessions).values(row)
}

/** A chat session by its token's hash. */
export async function sessionByHash(db: Db, hash: string): Promise<ChatSessionRow | undefined> {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.tokenHash, hash))
  return row
}

/** End the chat sessions a sign-in session opened; how many were live. */
export async function revokeSessions(
  db: Db,
  userId: string,
  authSessionId: string,
  at: Date,
): Promise<number> {
  const ended = await db
    .update(chatSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(chatSessions.userId, userId),
        eq(chatSessions.authSessionId, authSessionId),
        isNull(chatSessions.revokedAt),
      ),
    )
    .returning({ hash: chatSessions.tokenHash })
  return ended.length
}

/** Record that a user's chat socket was heard from (or, `at` in the past, went away). */
export async function markSeen(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .insert(chatPresence)
    .values({ userId, seenAt: at })
    .onConflictDoUpdate({ target: chatPresence.userId, set: { seenAt: at } })
}
