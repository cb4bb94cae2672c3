// Each user's event sequence: numbers given without gaps under a row lock per user (taken in user
// order, last in every transaction, so two transactions never wait on each other in a circle), the
// events stored beside the change they describe, read back for a reconnecting socket.
import type { ChatEvent } from '@bonds/domain'
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { chatEvents, chatSequences } from '../../db/chat-schema.ts'
import type { SequencedItem } from './events.ts'

/** An event for one user, not yet numbered. */
export interface EventEntry {
  userId: string
  event: ChatEvent
}

/**
 * Number and store events (inside the change's transaction); what to deliver after commit.
 *
 * One statement, one parameter: a message to a 200-member group is 200 events, mostly the same
 * view, so each distinct event travels once and every row points at it. The sequences are counted
 * in user order (the lock order above) and the events stored from the numbers they return.
 */
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
  const events: ChatEvent[] = []
  const indexOf = new Map<string, number>()
  const rows: { user_id: string; ord: number; idx: number; n: number }[] = []
  for (const userId of userIds) {
    const list = byUser.get(userId)!
    list.forEach((event, ord) => {
      const key = JSON.stringify(event)
      let idx = indexOf.get(key)
      if (idx === undefined) {
        idx = events.push(event) - 1
        indexOf.set(key, idx)
      }
      rows.push({ user_id: userId, ord, idx, n: list.length })
    })
  }
  const input = JSON.stringify({
    users: userIds.map((userId) => ({ user_id: userId, n: byUser.get(userId)!.length })),
    rows,
    events,
  })
  const result = await tx.execute(sql`
    with input as (select ${input}::jsonb as j),
    counted as (
      insert into chat_sequences (user_id, last_seq)
      select u.user_id, u.n
      from input cross join lateral jsonb_to_recordset(input.j -> 'users') as u(user_id text, n bigint)
      order by u.user_id
      on conflict (user_id) do update set last_seq = chat_sequences.last_seq + excluded.last_seq
      returning user_id, last_seq
    ),
    stored as (
      insert into chat_events (user_id, seq, event, created_at)
      select r.user_id, c.last_seq - r.n + 1 + r.ord, input.j -> 'events' -> r.idx,
        ${at.toISOString()}::timestamptz
      from input
        cross join lateral jsonb_to_recordset(input.j -> 'rows') as r(user_id text, ord int, idx int, n int)
        join counted c on c.user_id = r.user_id
    )
    select user_id, last_seq from counted`)
  const counted = (result as unknown as { rows: { user_id: string; last_seq: unknown }[] }).rows
  const items: SequencedItem[] = []
  for (const row of counted) {
    const lastSeq = Number(row.last_seq)
    const list = byUser.get(row.user_id)!
    list.forEach((event, i) =>
      items.push({ userId: row.user_id, seq: lastSeq - list.length + 1 + i, event }),
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

/** The last numbers of several users' sequences (a user without events is left out). */
export async function latestSeqs(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: chatSequences.userId, lastSeq: chatSequences.lastSeq })
    .from(chatSequences)
    .where(inArray(chatSequences.userId, [...userIds]))
  return new Map(rows.map((row) => [row.userId, Number(row.lastSeq)]))
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
