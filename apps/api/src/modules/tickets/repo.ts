// The tickets' tables: tickets (and the orders they become), their timelines, custodians, the names
// a ticket shows, and the answers kept for idempotency keys.
import { and, asc, desc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import {
  clients,
  custodians,
  exchangeCredentials,
  finstruments,
  tradeTicketEvents,
  tradeTickets,
  users,
} from '../../db/schema.ts'
import type { ClearingCorp, SealedCredentials } from './clearing.ts'
import { UNREPORTED_STATES } from './view.ts'

/** A ticket row. */
export type TicketRow = typeof tradeTickets.$inferSelect
/** A ticket with its bond's name and ISIN. */
export type TicketWithBond = TicketRow & { isin: string; displayName: string }

const WITH_BOND = { ticket: tradeTickets, isin: finstruments.isin, name: finstruments.displayName }

function flatten(rows: { ticket: TicketRow; isin: string; name: string }[]): TicketWithBond[] {
  return rows.map((r) => ({ ...r.ticket, isin: r.isin, displayName: r.name }))
}

/** Tickets a client is a party to. */
export function partyOf(clientId: string): SQL {
  return or(
    eq(tradeTickets.initiatorClientId, clientId),
    eq(tradeTickets.counterpartyClientId, clientId),
  ) as SQL
}

/** One ticket by id (locked for the transaction when asked). */
export async function ticketById(
  db: Db,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<TicketWithBond | undefined> {
  const query = db
    .select(WITH_BOND)
    .from(tradeTickets)
    .innerJoin(finstruments, eq(finstruments.id, tradeTickets.finstrumentId))
    .where(eq(tradeTickets.id, id))
  const rows = lock ? await query.for('update', { of: tradeTickets }) : await query
  return flatten(rows)[0]
}

/** The ticket a firm already made from a chat message. */
export async function ticketFromMessage(
  db: Db,
  clientId: string,
  channelUrl: string,
  messageId: number,
): Promise<TicketWithBond | undefined> {
  const [row] = await db
    .select({ id: tradeTickets.id })
    .from(tradeTickets)
    .where(
      and(
        eq(tradeTickets.initiatorClientId, clientId),
        eq(tradeTickets.channelUrl, channelUrl),
        eq(tradeTickets.messageId, messageId),
      ),
    )
  return row ? ticketById(db, row.id) : undefined
}

/** What a list filters by. */
export interface TicketFilter {
  /** The caller's client, or null for every client (never for a route). */
  clientId: string
  states?: readonly string[] | undefined
  search?: string | undefined
  overdueAt?: Date | undefined
  /** Tickets only the initiator sees (drafts) are left out for other parties. */
  limit: number
  offset: number
}

function filterOf(filter: TicketFilter): SQL {
  const parts: SQL[] = [
    partyOf(filter.clientId),
    // A draft is the initiator's until sent.
    or(ne(tradeTickets.state, 'draft'), eq(tradeTickets.initiatorClientId, filter.clientId)) as SQL,
  ]
  if (filter.states?.length) parts.push(inArray(tradeTickets.state, [...filter.states]))
  if (filter.overdueAt) {
    parts.push(lt(tradeTickets.reportDueAt, filter.overdueAt))
    parts.push(ne(tradeTickets.reportStatus, 'confirmed'))
    parts.push(inArray(tradeTickets.state, [...UNREPORTED_STATES]))
  }
  if (filter.search && filter.search.length >= 3) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const firms = clientsMatching(pattern)
    parts.push(
      or(
        ilike(finstruments.displayName, pattern),
        ilike(finstruments.isin, pattern),
        inArray(tradeTickets.initiatorClientId, firms),
        inArray(tradeTickets.counterpartyClientId, firms),
      ) as SQL,
    )
  }
  return and(...parts) as SQL
}

function clientsMatching(pattern: string) {
  return sql`(select ${clients.id} from ${clients} where ${clients.name} ilike ${pattern})`
}

/** A page of a client's tickets, latest change first, and how many match. */
export async function ticketPage(db: Db, filter: TicketFilter) {
  const where = filterOf(filter)
  const rows = await db
    .select(WITH_BOND)
    .from(tradeTickets)
    .innerJoin(finstruments, eq(finstruments.id, tradeTickets.finstrumentId))
    .where(where)
    .orderBy(desc(tradeTickets.updatedAt), desc(tradeTickets.id))
    .limit(filter.limit)
    .offset(filter.offset)
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tradeTickets)
    .innerJoin(finstruments, eq(finstruments.id, tradeTickets.finstrumentId))
    .where(where)
  return { rows: flatten(rows), count: count?.n ?? 0 }
}

/** A ticket's timeline, oldest first, with who acted. */
export async function timelineOf(db: Db, ticketId: number) {
  return db
    .select({
      at: tradeTicketEvents.at,
      action: tradeTicketEvents.action,
      fromState: tradeTicketEvents.fromState,
      toState: tradeTicketEvents.toState,
      detail: tradeTicketEvents.detail,
      firstName: users.firstName,
      lastName: users.lastName,
      clientName: clients.name,
    })
    .from(tradeTicketEvents)
    .leftJoin(users, eq(users.id, tradeTicketEvents.actorUserId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(eq(tradeTicketEvents.ticketId, ticketId))
    .orderBy(asc(tradeTicketEvents.at), asc(tradeTicketEvents.id))
}

/** Names of the clients, users and custodians tickets mention. */
export interface Names {
  client: Map<string, string>
  user: Map<string, { name: string; clientId: string }>
  custodian: Map<string, string>
}

/** Look up the names tickets show, in three queries. */
export async function namesFor(db: Db, tickets: readonly TicketRow[]): Promise<Names> {
  const clientIds = new Set<string>()
  const userIds = new Set<string>()
  const custodianIds = new Set<string>()
  for (const t of tickets) {
    clientIds.add(t.initiatorClientId)
    clientIds.add(t.counterpartyClientId)
    if (t.sellerClientId) clientIds.add(t.sellerClientId)
    userIds.add(t.initiatorUserId)
    if (t.counterpartyUserId) userIds.add(t.counterpartyUserId)
    for (const b of t.brokerDetails) userIds.add(b.user_id)
    if (t.custodianId) custodianIds.add(t.custodianId)
  }
  const [clientRows, userRows, custodianRows] = await Promise.all([
    clientIds.size
      ? db
          .select({ id: clients.id, name: clients.name })
          .from(clients)
          .where(inArray(clients.id, [...clientIds]))
      : [],
    userIds.size
      ? db
          .select({
            id: users.id,
            first: users.firstName,
            last: users.lastName,
            clientId: users.clientId,
          })
          .from(users)
          .where(inArray(users.id, [...userIds]))
      : [],
    custodianIds.size
      ? db
          .select({ id: custodians.id, name: custodians.name })
          .from(custodians)
          .where(inArray(custodians.id, [...custodianIds]))
      : [],
  ])
  return {
    client: new Map(clientRows.map((r) => [r.id, r.name])),
    user: new Map(
      userRows.map((r) => [r.id, { name: `${r.first} ${r.last}`.trim(), clientId: r.clientId }]),
    ),
    custodian: new Map(custodianRows.map((r) => [r.id, r.name])),
  }
}

/** A user by id: their client and roles. */
export async function userById(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, clientId: users.clientId, status: users.status, roles: users.roles })
    .from(users)
    .where(eq(users.id, id))
  return row
}

/** A client by id. */
export async function clientById(db: Db, id: string) {
  const [row] = await db.select().from(clients).where(eq(clients.id, id))
  return row
}

/** A custodian by id. */
export async function custodianById(db: Db, id: string) {
  const [row] = await db.select().from(custodians).where(eq(custodians.id, id))
  return row
}

/** Custodians whose name holds the words searched, by name. */
export async function searchCustodians(db: Db, search: string) {
  const words = search.split(/\s+/).filter(Boolean)
  const where = words.length
    ? and(...words.map((w) => ilike(custodians.name, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)))
    : undefined
  return db.select().from(custodians).where(where).orderBy(asc(custodians.name)).limit(20)
}

/** A client's sealed exchange credentials for one clearing corporation. */
export async function sealedCredentials(
  db: Db,
  clientId: string,
  corp: ClearingCorp,
): Promise<SealedCredentials | null> {
  const [row] = await db
    .select({
      participantCode: exchangeCredentials.participantCode,
      username: exchangeCredentials.username,
      passwordEncrypted: exchangeCredentials.passwordEncrypted,
    })
    .from(exchangeCredentials)
    .where(and(eq(exchangeCredentials.clientId, clientId), eq(exchangeCredentials.corp, corp)))
  return row ?? null
}

/** Reported trades whose settlement date has come. */
export async function dueForSettlement(db: Db, today: string) {
  return db
    .select({ id: tradeTickets.id })
    .from(tradeTickets)
    .where(and(eq(tradeTickets.state, 'reported'), sql`${tradeTickets.settlementDate} <= ${today}`))
    .orderBy(asc(tradeTickets.id))
    .limit(500)
}

/** Open trades past their reporting window that nobody has been told about yet. */
export async function newlyOverdue(db: Db, now: Date) {
  return db
    .select({ id: tradeTickets.id })
    .from(tradeTickets)
    .where(
      and(
        lt(tradeTickets.reportDueAt, now),
        ne(tradeTickets.reportStatus, 'confirmed'),
        inArray(tradeTickets.state, [...UNREPORTED_STATES]),
        sql`${tradeTickets.overdueFlaggedAt} is null`,
      ),
    )
    .orderBy(asc(tradeTickets.id))
    .limit(500)
}
