// Messages and files: idempotent inserts on (sender, reqId), history around a point, a range for a
// download, and who may read a file.
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { chatFiles, chatMembers, chatMessages } from '../../db/chat-schema.ts'
import type { FileRow, MessageRow, MessageWithFile } from './views.ts'

/** Add a message; null when the sender already sent one with this reqId. */
export async function insertMessage(
  db: Db,
  row: typeof chatMessages.$inferInsert,
): Promise<MessageRow | null> {
  const [made] = await db.insert(chatMessages).values(row).onConflictDoNothing().returning()
  return made ?? null
}

/** Add the copies of a message (a broadcast's fan-out). */
export async function insertMessages(
  db: Db,
  rows: readonly (typeof chatMessages.$inferInsert)[],
): Promise<MessageRow[]> {
  if (rows.length === 0) return []
  return db
    .insert(chatMessages)
    .values([...rows])
    .returning()
}

/** The message a sender sent with a reqId. */
export async function messageByReqId(db: Db, senderId: string, reqId: string) {
  const [row] = await withFiles(
    db,
    await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.reqId, reqId))),
  )
  return row
}

/** Messages with their files. */
export async function withFiles(db: Db, rows: readonly MessageRow[]): Promise<MessageWithFile[]> {
  const ids = [...new Set(rows.map((r) => r.fileId).filter((id): id is string => id !== null))]
  const files = ids.length
    ? await db.select().from(chatFiles).where(inArray(chatFiles.id, ids))
    : []
  const byId = new Map(files.map((f) => [f.id, f]))
  return rows.map((row) => ({ ...row, file: row.fileId ? (byId.get(row.fileId) ?? null) : null }))
}

/** Messages by id, with their files. */
export async function messagesByIds(db: Db, ids: readonly number[]): Promise<MessageWithFile[]> {
  if (ids.length === 0) return []
  return withFiles(
    db,
    await db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.id, [...ids])),
  )
}

/** Messages a viewer sees: all, or (viewerId set) those not meant for someone else alone. */
function visibleTo(viewerId: string | null): SQL | undefined {
  return viewerId === null
    ? undefined
    : or(isNull(chatMessages.recipientId), eq(chatMessages.recipientId, viewerId))
}

/** Where a history read starts: a time, or a message (its id). */
export type HistoryPoint = { ts: number } | { messageId: number }

/** Messages before and after a point, oldest first, with whether more lie beyond each side. */
export async function messagesAround(
  db: Db,
  url: string,
  viewerId: string | null,
  point: HistoryPoint,
  options: { prev: number; next: number; inclusive: boolean },
) {
  const base = [eq(chatMessages.channelUrl, url), visibleTo(viewerId)]
  const byTime = 'ts' in point
  const before = byTime
    ? lt(chatMessages.createdAt, new Date(point.ts))
    : lt(chatMessages.id, point.messageId)
  const after = byTime
    ? gt(chatMessages.createdAt, new Date(point.ts))
    : gt(chatMessages.id, point.messageId)
  const at = byTime
    ? eq(chatMessages.createdAt, new Date(point.ts))
    : eq(chatMessages.id, point.messageId)
  const [older, exact, newer] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(and(...base, before))
      .orderBy(desc(chatMessages.id))
      .limit(options.prev + 1),
    options.inclusive
      ? db
          .select()
          .from(chatMessages)
          .where(and(...base, at))
          .orderBy(asc(chatMessages.id))
      : Promise.resolve([]),
    db
      .select()
      .from(chatMessages)
      .where(and(...base, after))
      .orderBy(asc(chatMessages.id))
      .limit(options.next + 1),
  ])
  const rows = [
    ...older.slice(0, options.prev).reverse(),
    ...exact,
    ...newer.slice(0, options.next),
  ]
  return {
    messages: await withFiles(db, rows),
    hasPrev: older.length > options.prev,
    hasNext: newer.length > options.next,
  }
}

/** A channel's messages in a time range for a viewer, oldest first. */
export async function messagesInRange(
  db: Db,
  url: string,
  viewerId: string | null,
  start: Date,
  end: Date,
): Promise<MessageWithFile[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.channelUrl, url),
        visibleTo(viewerId),
        gte(chatMessages.createdAt, start),
        lte(chatMessages.createdAt, end),
      ),
    )
    .orderBy(asc(chatMessages.id))
  return withFiles(db, rows)
}

/** Add a file record. */
export async function insertFile(db: Db, row: typeof chatFiles.$inferInsert): Promise<void> {
  await db.insert(chatFiles).values(row)
}

/** Remove a file record no message refers to. */
export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.delete(chatFiles).where(eq(chatFiles.id, id))
}

/** A file by id. */
export async function fileById(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(chatFiles).where(eq(chatFiles.id, id))
  return row
}

/** The channels whose messages carry a file (a broadcast's copies carry the list's file). */
export async function channelsWithFile(db: Db, fileId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ url: chatMessages.channelUrl })
    .from(chatMessages)
    .where(eq(chatMessages.fileId, fileId))
  return rows.map((r) => r.url)
}

/** Of these channels, those the user sees as a member. */
export async function channelsOfMember(db: Db, userId: string, urls: readonly string[]) {
  if (urls.length === 0) return []
  const rows = await db
    .select({ url: chatMembers.channelUrl })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.userId, userId),
        inArray(chatMembers.channelUrl, [...urls]),
        sql`${chatMembers.state} in ('joined', 'invited')`,
      ),
    )
  return rows.map((r) => r.url)
}

/** Add members who are not in the channel yet (those who are keep their role and state). */
export async function addMembersIfMissing(
  db: Db,
  rows: readonly (typeof chatMembers.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return
  await db
    .insert(chatMembers)
    .values([...rows])
    .onConflictDoNothing()
}

/** How many messages and files a user sent since a time (their own sends: a reqId, not a copy). */
export async function countSendsSince(db: Db, senderId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.senderId, senderId),
        gte(chatMessages.createdAt, since),
        isNull(chatMessages.originMessageId),
        sql`${chatMessages.reqId} is not null`,
      ),
    )
  return row?.count ?? 0
}

/** A message of a channel by its reqId, whoever sent it (inbound WhatsApp messages have no sender). */
export async function messageInChannelByReqId(db: Db, url: string, reqId: string) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelUrl, url), eq(chatMessages.reqId, reqId)))
    .limit(1)
  return row
}
