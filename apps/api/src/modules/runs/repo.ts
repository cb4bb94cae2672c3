// The private runs' table (private_run_quotes) and its queries; nothing else touches it.
import { and, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/index.ts'
import { chatChannels } from '../../db/chat-schema.ts'
import { privateRunCursors, privateRunQuotes } from '../../db/runs-schema.ts'
import { clients, finstruments, users } from '../../db/schema.ts'

/** A stored private-run line. */
export type RunQuoteRow = typeof privateRunQuotes.$inferSelect
/** A line to store. */
export type NewRunQuote = typeof privateRunQuotes.$inferInsert

/** Store lines; a line already stored (same user, message and place) is left alone. */
export async function insertRunQuotes(db: Db, rows: readonly NewRunQuote[]) {
  if (rows.length === 0) return []
  return db
    .insert(privateRunQuotes)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: privateRunQuotes.id, userId: privateRunQuotes.userId })
}

const senders = alias(users, 'senders')

/** What a line's view shows besides its row. */
const lineColumns = {
  row: privateRunQuotes,
  isin: finstruments.isin,
  displayName: finstruments.displayName,
  channelName: chatChannels.name,
  channelType: chatChannels.customType,
  senderFirst: senders.firstName,
  senderLast: senders.lastName,
  senderIsStaff: senders.isStaff,
  counterpartyName: clients.name,
}

/** A line with the names its view shows. */
export type RunLineRow = {
  row: RunQuoteRow
  isin: string | null
  displayName: string | null
  channelName: string
  channelType: string
  senderFirst: string
  senderLast: string
  senderIsStaff: boolean
  counterpartyName: string
}

const joined = (db: Db) =>
  db
    .select(lineColumns)
    .from(privateRunQuotes)
    .leftJoin(finstruments, eq(finstruments.id, privateRunQuotes.finstrumentId))
    .innerJoin(chatChannels, eq(chatChannels.url, privateRunQuotes.channelUrl))
    .innerJoin(senders, eq(senders.id, privateRunQuotes.senderId))
    .innerJoin(clients, eq(clients.id, privateRunQuotes.senderClientId))

/** A page of a user's run (not dismissed), newest message first; `search` matches bond or firm. */
export async function runOfUser(
  db: Db,
  userId: string,
  { page, pageSize, search }: { page: number; pageSize: number; search?: string | undefined },
) {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
  const where = and(
    eq(privateRunQuotes.userId, userId),
    ne(privateRunQuotes.status, 'dismissed'),
    like
      ? or(
          ilike(finstruments.displayName, like),
          ilike(finstruments.isin, like),
          ilike(clients.name, like),
          ilike(privateRunQuotes.source, like),
          ilike(sql`${senders.firstName} || ' ' || ${senders.lastName}`, like),
        )
      : undefined,
  )
  const rows = await joined(db)
    .where(where)
    .orderBy(
      desc(privateRunQuotes.receivedAt),
      desc(privateRunQuotes.messageId),
      privateRunQuotes.position,
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [total] = await db
    .select({ n: count() })
    .from(privateRunQuotes)
    .leftJoin(finstruments, eq(finstruments.id, privateRunQuotes.finstrumentId))
    .innerJoin(senders, eq(senders.id, privateRunQuotes.senderId))
    .innerJoin(clients, eq(clients.id, privateRunQuotes.senderClientId))
    .where(where)
  return { rows: rows as RunLineRow[], count: total?.n ?? 0 }
}

/**
 * One line of a user's run with its names (none of another user's); `lock` holds the line until
 * the transaction ends.
 */
export async function lineOfUser(
  db: Db,
  userId: string,
  id: number,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = joined(db).where(
    and(eq(privateRunQuotes.id, id), eq(privateRunQuotes.userId, userId)),
  )
  const [row] = lock ? await query.for('update', { of: privateRunQuotes }) : await query
  return row as RunLineRow | undefined
}

/** Change a line of a user's run; answers whether it was there. */
export async function updateLine(
  db: Db,
  userId: string,
  id: number,
  set: Partial<Omit<NewRunQuote, 'id' | 'userId'>>,
) {
  const rows = await db
    .update(privateRunQuotes)
    .set(set)
    .where(and(eq(privateRunQuotes.id, id), eq(privateRunQuotes.userId, userId)))
    .returning({ id: privateRunQuotes.id })
  return rows.length > 0
}

/** The owners of the lines made into these venue RFQs. */
export async function ownersOfRfq(db: Db, venueRfqId: number) {
  const rows = await db
    .selectDistinct({ userId: privateRunQuotes.userId })
    .from(privateRunQuotes)
    .where(eq(privateRunQuotes.venueRfqId, venueRfqId))
  return rows.map((r) => r.userId)
}

/** Who may have a private run among these users: active, with their roles and firm's facts. */
export async function recipientsFacts(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return []
  return db
    .select({
      id: users.id,
      clientId: users.clientId,
      status: users.status,
      roles: users.roles,
      tier: clients.tier,
      rfqExchanges: clients.rfqExchanges,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(inArray(users.id, [...userIds]))
}

/** The users who have a run: active Dealers of firms with RFQ exchanges (client.can_trade). */
export async function traders(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(
        eq(users.status, 'active'),
        sql`${users.roles} @> '["clientdealer"]'::jsonb`,
        sql`jsonb_array_length(${clients.rfqExchanges}) > 0`,
      ),
    )
  return rows.map((r) => r.id)
}

/** How far users' chat events have been swept (a user never swept is left out). */
export async function cursorsOf(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: privateRunCursors.userId, lastSeq: privateRunCursors.lastSeq })
    .from(privateRunCursors)
    .where(inArray(privateRunCursors.userId, [...userIds]))
  return new Map(rows.map((row) => [row.userId, Number(row.lastSeq)]))
}

/** Move users' cursors forward (never back: another instance may have swept further). */
export async function moveCursors(
  db: Db,
  cursors: readonly { userId: string; lastSeq: number }[],
  at: Date,
) {
  if (cursors.length === 0) return
  await db
    .insert(privateRunCursors)
    .values(cursors.map(({ userId, lastSeq }) => ({ userId, lastSeq, updatedAt: at })))
    .onConflictDoUpdate({
      target: privateRunCursors.userId,
      set: {
        lastSeq: sql`greatest(${privateRunCursors.lastSeq}, excluded.last_seq)`,
        updatedAt: at,
      },
    })
}
