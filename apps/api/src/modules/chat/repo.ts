// The chat service's channels, members and bans, and their queries. Messages and files are in
// messages-repo.ts, event sequences in events-repo.ts, sessions and presence in sessions-repo.ts.
import { and, asc, desc, eq, exists, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import {
  chatBans,
  chatChannels,
  chatMembers,
  chatMessages,
  type ChatChannelData,
} from '../../db/chat-schema.ts'
import { auditLog, users } from '../../db/schema.ts'
import type { ChannelRow, MemberRow } from './views.ts'

/** Member states that see a channel: joined and invited (a recipient never does). */
export const VISIBLE_STATES = ['joined', 'invited'] as const

/** A channel by url (locked for the transaction when asked). */
export async function channelByUrl(
  db: Db,
  url: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ChannelRow | undefined> {
  const query = db.select().from(chatChannels).where(eq(chatChannels.url, url))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** The direct channel of a user pair. */
export async function channelByDistinctKey(db: Db, key: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(chatChannels).where(eq(chatChannels.distinctKey, key))
  return row
}

/** Add a channel; false when its distinct key is taken (another request made it first). */
export async function insertChannel(db: Db, row: typeof chatChannels.$inferInsert) {
  const made = await db
    .insert(chatChannels)
    .values(row)
    .onConflictDoNothing()
    .returning({ url: chatChannels.url })
  return made.length > 0
}

/** Change a channel. */
export async function updateChannel(
  db: Db,
  url: string,
  patch: Partial<typeof chatChannels.$inferInsert>,
): Promise<void> {
  await db.update(chatChannels).set(patch).where(eq(chatChannels.url, url))
}

/** Record a channel's latest message (a direct one's time too) unless a newer one is recorded. */
export async function bumpChannel(
  db: Db,
  channel: ChannelRow,
  message: { id: number; createdAt: Date },
  direct: boolean,
): Promise<void> {
  const data: ChatChannelData = direct
    ? { ...channel.data, last_direct_message_at: Math.floor(message.createdAt.getTime() / 1000) }
    : channel.data
  // Newer by time, then id: sends at once commit in any order (decision 371).
  const older = sql`(${chatChannels.lastMessageAt}, coalesce(${chatChannels.lastMessageId}, 0)) < (${message.createdAt.toISOString()}::timestamptz, ${message.id})`
  await db
    .update(chatChannels)
    .set({ lastMessageId: message.id, lastMessageAt: message.createdAt, data })
    .where(and(eq(chatChannels.url, channel.url), or(isNull(chatChannels.lastMessageAt), older)))
}

/** Every member row of these channels. */
export async function membersOf(db: Db, urls: readonly string[]): Promise<MemberRow[]> {
  if (urls.length === 0) return []
  return db
    .select()
    .from(chatMembers)
    .where(inArray(chatMembers.channelUrl, [...urls]))
    .orderBy(asc(chatMembers.createdAt), asc(chatMembers.userId))
}

/** One member row. */
export async function memberOf(
  db: Db,
  url: string,
  userId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.channelUrl, url), eq(chatMembers.userId, userId)))
  return row
}

/** Add members, or set the state and role of those already there. */
export async function upsertMembers(
  db: Db,
  rows: readonly (typeof chatMembers.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return
  await db
    .insert(chatMembers)
    .values([...rows])
    .onConflictDoUpdate({
      target: [chatMembers.channelUrl, chatMembers.userId],
      set: {
        state: sql`excluded.state`,
        role: sql`excluded.role`,
        inviterId: sql`excluded.inviter_id`,
        invitedAt: sql`excluded.invited_at`,
        joinedAt: sql`excluded.joined_at`,
      },
    })
}

/** Change a member. */
export async function updateMember(
  db: Db,
  url: string,
  userIds: readonly string[],
  patch: Partial<typeof chatMembers.$inferInsert>,
): Promise<void> {
  if (userIds.length === 0) return
  await db
    .update(chatMembers)
    .set(patch)
    .where(and(eq(chatMembers.channelUrl, url), inArray(chatMembers.userId, [...userIds])))
}

/** Remove a member. */
export async function deleteMember(db: Db, url: string, userId: string): Promise<void> {
  await db
    .delete(chatMembers)
    .where(and(eq(chatMembers.channelUrl, url), eq(chatMembers.userId, userId)))
}

/** Count a new message as unread for the members who see it (all joined and invited, or one). */
export async function countUnread(
  db: Db,
  url: string,
  senderId: string | null,
  onlyUserId: string | null,
): Promise<void> {
  const conditions: (SQL | undefined)[] = [
    eq(chatMembers.channelUrl, url),
    inArray(chatMembers.state, [...VISIBLE_STATES]),
  ]
  if (senderId) conditions.push(sql`${chatMembers.userId} <> ${senderId}`)
  if (onlyUserId) conditions.push(eq(chatMembers.userId, onlyUserId))
  await db
    .update(chatMembers)
    .set({ unreadCount: sql`${chatMembers.unreadCount} + 1` })
    .where(and(...conditions))
}

/** Whether a user is banned from a channel. */
export async function isBanned(db: Db, url: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatBans.userId })
    .from(chatBans)
    .where(and(eq(chatBans.channelUrl, url), eq(chatBans.userId, userId)))
  return row !== undefined
}

/** Ban a user from a channel. */
export async function insertBan(db: Db, row: typeof chatBans.$inferInsert): Promise<void> {
  await db.insert(chatBans).values(row).onConflictDoNothing()
}

/** Lift a ban; whether there was one. */
export async function deleteBan(db: Db, url: string, userId: string): Promise<boolean> {
  const gone = await db
    .delete(chatBans)
    .where(and(eq(chatBans.channelUrl, url), eq(chatBans.userId, userId)))
    .returning({ userId: chatBans.userId })
  return gone.length > 0
}

/** Where a page of channels starts: after this activity time and url. */
export interface ChannelCursor {
  at: number
  url: string
}

const activity = sql`coalesce(${chatChannels.lastMessageAt}, ${chatChannels.createdAt})`

/** One page of channels, most recent activity first, after a cursor. */
export async function channelPage(
  db: Db,
  whose: { memberId: string } | { clientId: string },
  options: { limit: number; after?: ChannelCursor | undefined; customType?: string | undefined },
): Promise<ChannelRow[]> {
  const conditions: (SQL | undefined)[] = []
  if ('memberId' in whose) {
    const mine = db
      .select({ url: chatMembers.channelUrl })
      .from(chatMembers)
      .where(
        and(
          eq(chatMembers.userId, whose.memberId),
          inArray(chatMembers.state, [...VISIBLE_STATES]),
        ),
      )
    conditions.push(inArray(chatChannels.url, mine))
    // Broadcast lists are seen by their creator only (spec section 6).
    conditions.push(
      or(
        sql`${chatChannels.customType} <> 'broadcast'`,
        eq(chatChannels.creatorId, whose.memberId),
      ),
    )
  } else {
    conditions.push(clientTakesPart(db, whose.clientId))
  }
  if (options.customType) conditions.push(eq(chatChannels.customType, options.customType))
  if (options.after) {
    const at = new Date(options.after.at)
    conditions.push(
      or(lt(activity, at), and(sql`${activity} = ${at}`, lt(chatChannels.url, options.after.url))),
    )
  }
  return db
    .select()
    .from(chatChannels)
    .where(and(...conditions))
    .orderBy(desc(activity), desc(chatChannels.url))
    .limit(options.limit)
}

/**
 * A channel one of the client's people has joined or is invited to (a compliance officer may read
 * it; a broadcast list, then, only when its creator is of the firm).
 */
export function clientTakesPart(db: Db, clientId: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.userId))
      .where(
        and(
          eq(chatMembers.channelUrl, chatChannels.url),
          eq(users.clientId, clientId),
          inArray(chatMembers.state, [...VISIBLE_STATES]),
        ),
      ),
  )
}

/** Whether one of the client's people takes part in a channel. */
export async function clientTakesPartIn(db: Db, clientId: string, url: string) {
  const [row] = await db
    .select({ url: chatChannels.url })
    .from(chatChannels)
    .where(and(eq(chatChannels.url, url), clientTakesPart(db, clientId)))
  return row !== undefined
}

/** What the audit log records for chat. */
export type ChatAuditAction = 'chat_downloaded' | 'chat_banned' | 'chat_unbanned'

/** Append an audit entry. */
export async function audit(
  db: Db,
  entry: { actor: string; action: ChatAuditAction; ip?: string | undefined; detail: object },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor,
    action: entry.action,
    ip: entry.ip ?? null,
    detail: entry.detail,
  })
}

/**
 * A message of a channel both firms take part in, for a ticket made from it: its text and the
 * client ids of the channel's visible members (null when the message is not in the channel).
 */
export async function dealMessage(db: Db, url: string, messageId: number) {
  const [message] = await db
    .select({ text: chatMessages.message, senderId: chatMessages.senderId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.channelUrl, url),
        eq(chatMessages.id, messageId),
        sql`${chatMessages.recipientId} is null`,
      ),
    )
  if (!message) return null
  const members = await db
    .select({ userId: chatMembers.userId, clientId: users.clientId })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(and(eq(chatMembers.channelUrl, url), inArray(chatMembers.state, ['joined'])))
  return { text: message.text, senderId: message.senderId, members }
}
