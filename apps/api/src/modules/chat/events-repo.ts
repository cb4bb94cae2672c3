// Each user's event sequence: numbers given without gaps under a row lock per user (taken in user
// order, last in every transaction, so two transactions never wait on each other in a circle), the
// events stored beside the change they describe, read back for a reconnecting socket.
import type { ChatEvent } from '@bonds/domain'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { chatEvents, chatSequences } from '../../db/chat-schema.ts'
import type { SequencedItem } from './events.ts'

/** An event for one user, not yet numbered. */
export interface EventEntry {
  userId: string
  event: ChatEvent
}

/** Number and store events (inside the change's transaction); what to deliver after commit. */
export async function appendEvents(
  tx: Db,
  entries: readonly EventEntry[],
  at: Date,
): Promise<SequencedItem[]> {
  if (entries.length === 0) return []
  const byUser = new Map<string, ChatEvent[]>()
  for (const entry of entries) {
    const list = byUser.get(entry.userId)
    if (list) list.push(entry.event)
    else byUser.set(entry.userId, [entry.event])
  }
  const userIds = [...byUser.keys()].sort()
  const counted = await tx
    .insert(chatSequences)
    .values(userIds.map((userId) => ({ userId, lastSeq: byUser.get(userId)!.length })))
    .onConflictDoUpdate({
      target: chatSequences.userId,
      set: { lastSeq: sql`${chatSequences.lastSeq} + excluded.last_seq` },
    })
    .returning({ userId: chatSequences.userId, lastSeq: chatSequences.lastSeq })
  const items: SequencedItem[] = []
  for (const { userId, lastSeq } of counted) {
    const events = byUser.get(userId)!
    events.forEach((event, i) =>
      items.push({ userId, seq: lastSeq - events.length + 1 + i, event }),
    )
  }
  for (let i = 0; i < items.length; i += 1000) {
    await tx.insert(chatEvents).values(
      items.slice(i, i + 1000).map((item) => ({
        userId: item.userId,
        seq: item.seq,
        event: item.event,
        createdAt: at,
      })),
    )
  }
  return items
}

/** The last number of a user's sequence (0 before any event). */
export async function latestSeq(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ lastSeq: chatSequences.lastSeq })
    .from(chatSequences)
    .where(eq(chatSequences.userId, userId))
  return row?.lastSeq ?? 0
}

/** A user's events after a number, in order, at most `limit`. */
export async function eventsAfter(
  db: Db,
  userId: string,
  after: number,
  limit: number,
): Promise<{ seq: number; event: ChatEvent }[]> {
  const rows = await db
    .select({ seq: chatEvents.seq, event: chatEvents.event })
    .from(chatEvents)
    .where(and(eq(chatEvents.userId, userId), gt(chatEvents.seq, after)))
    .orderBy(asc(chatEvents.seq))
    .limit(limit)
  return rows.map((row) => ({ seq: row.seq, event: row.event as ChatEvent }))
}

/** Whether every event after `after` up to `latest` is still stored (none pruned). */
export async function canReplayFrom(
  db: Db,
  userId: string,
  after: number,
  latest: number,
): Promise<boolean> {
  if (after >= latest) return true
  const [row] = await db
    .select({ seq: sql<number | null>`min(${chatEvents.seq})` })
    .from(chatEvents)
    .where(eq(chatEvents.userId, userId))
  return row?.seq != null && Number(row.seq) <= after + 1
}

/**
 * Forget events older than `before`, and beyond the last `keep` of each user (decision 278);
 * how many went. A socket asking from before what is kept is told to resync.
 */
export async function pruneEvents(db: Db, before: Date, keep: number): Promise<number> {
  const gone = await db.execute(sql`
    delete from chat_events e
    using chat_sequences s
    where e.user_id = s.user_id
      and (e.created_at < ${before.toISOString()}::timestamptz or e.seq <= s.last_seq - ${keep})`)
  return Number(
    (gone as { rowCount?: number; affectedRows?: number }).rowCount ??
      (gone as { affectedRows?: number }).affectedRows ??
      0,
  )
}
