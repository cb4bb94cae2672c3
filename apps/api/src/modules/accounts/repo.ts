// Queries over clients and users, the caller behind a session and exchange credentials.
import type { LoggedInUser } from '@bonds/domain'
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { clients, exchangeCredentials, sessions, users } from '../../db/schema.ts'
import type { AuthUser } from '../../http/access.ts'
import { permissionsOf } from './permissions.ts'

/** A user row. */
export type UserRow = typeof users.$inferSelect
/** A client row. */
export type ClientRow = typeof clients.$inferSelect

/** E-mail addresses are compared lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Mobile numbers are stored as their ten digits. */
export function normaliseMobile(mobile: string): string {
  return mobile.replace(/^(\+91|91)(?=\d{10}$)/, '')
}

/** A user by e-mail. */
export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
  return row
}

/** A user by mobile (the first, if several share it). */
export async function userByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.mobile, normaliseMobile(mobile)))
    .limit(1)
  return row
}

/** A user by id. */
export async function userById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row
}

/** Add a user. */
export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(row)
}

/** Change a user. */
export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id))
}

/** A client's users, by e-mail; with a LIKE pattern, those whose e-mail or name matches. */
export async function usersOfClient(
  db: Db,
  clientId: string,
  pattern: string | null,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        pattern
          ? or(
              ilike(users.email, pattern),
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.email))
}

/** The active users of a client, with their roles. */
export async function activeUsersOf(db: Db, clientId: string) {
  return db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.status, 'active')))
}

/** Add a client. */
export async function insertClient(db: Db, row: typeof clients.$inferInsert): Promise<void> {
  await db.insert(clients).values(row)
}

/** The client of this name, whatever its case, if any. */
export async function clientByName(db: Db, name: string) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`lower(${clients.name}) = lower(${name})`)
    .limit(1)
  return row
}

/** Change a client. */
export async function updateClient(
  db: Db,
  id: string,
  patch: Partial<typeof clients.$inferInsert>,
): Promise<void> {
  await db.update(clients).set(patch).where(eq(clients.id, id))
}

/** A client by id. */
export async function clientById(db: Db, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id))
  return row
}

/** The caller behind a session: active user, live session. One query per request. */
export async function authUserOf(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<AuthUser | null> {
  const [row] = await sessionUserQuery(db).execute({ sessionId, userId })
  if (!row) return null
  return {
    id: row.id,
    clientId: row.clientId,
    email: row.email,
    roles: row.roles,
    permissions: permissionsOf({
      roles: row.roles,
      tier: row.tier,
      rfqExchanges: row.rfqExchanges,
    }),
    tier: row.tier === 'PREMIUM' ? 'PREMIUM' : 'BASIC',
    sessionId,
    isStaff: row.isStaff,
  }
}

/** The caller behind a live session, as a prepared query per database (built once; read on every request). */
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>()

function prepareSessionUser(db: Db) {
  return db
    .select({
      id: users.id,
      clientId: clients.id,
      email: users.email,
      roles: users.roles,
      isStaff: users.isStaff,
      tier: clients.tier,
      rfqExchanges: clients.rfqExchanges,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        eq(users.status, 'active'),
      ),
    )
    .prepare('session_user')
}

function sessionUserQuery(db: Db) {
  let query = sessionUserQueries.get(db)
  if (!query) sessionUserQueries.set(db, (query = prepareSessionUser(db)))
  return query
}

/** The logged-in user record of spec section 3. */
export async function loggedInUser(db: Db, userId: string): Promise<LoggedInUser | null> {
  const user = await userById(db, userId)
  if (!user) return null
  const client = await clientById(db, user.clientId)
  if (!client) return null
  const credentials = await db
    .select({ corp: exchangeCredentials.corp, username: exchangeCredentials.username })
    .from(exchangeCredentials)
    .where(eq(exchangeCredentials.clientId, client.id))
  const credential = (corp: string) => credentials.find((c) => c.corp === corp)
  const [brokers] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clients)
    .where(eq(clients.isBroker, true))
  return {
    user_info: {
      id: user.id,
      unique_id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      mobile: user.mobile,
      roles: user.roles,
      single_screen_waitlist_joined: false,
      has_accepted_chat_terms: user.hasAcceptedChatTerms,
      user_security_preferences: user.securityPreferences,
      suprsend_subscriber_id: null,
    },
    name: client.name,
    user_accounts: [
      {
        id: user.id,
        client_id: client.id,
        status: user.status as 'active' | 'inactive' | 'invited',
      },
    ],
    permissions: permissionsOf({
      roles: user.roles,
      tier: client.tier,
      rfqExchanges: client.rfqExchanges,
    }),
    client_type: client.clientType as LoggedInUser['client_type'],
    client_tier: client.tier === 'PREMIUM' ? 'PREMIUM' : 'BASIC',
    allowed_exchanges: client.allowedExchanges,
    allowed_reporting_exchanges: client.allowedReportingExchanges,
    rfq_exchanges: client.rfqExchanges,
    stp_exchanges: client.stpExchanges,
    is_broker: client.isBroker,
    has_brokers: !client.isBroker && (brokers?.count ?? 0) > 0,
    trades_on_books: client.tradesOnBooks,
    nsccl_credentials: Boolean(credential('NSCCL')),
    iccl_credentials: Boolean(credential('ICCL')),
    nsccl_name: credential('NSCCL')?.username ?? null,
    iccl_name: credential('ICCL')?.username ?? null,
  }
}

/** Store a client's credentials for a clearing corporation (replacing the previous ones). */
export async function upsertCredentials(
  db: Db,
  values: typeof exchangeCredentials.$inferInsert,
): Promise<void> {
  await db
    .insert(exchangeCredentials)
    .values(values)
    .onConflictDoUpdate({
      target: [exchangeCredentials.clientId, exchangeCredentials.corp],
      set: values,
    })
}

/** A client's stored credentials for a clearing corporation. */
export async function credentialsOf(db: Db, clientId: string, corp: string) {
  const [row] = await db
    .select()
    .from(exchangeCredentials)
    .where(and(eq(exchangeCredentials.clientId, clientId), eq(exchangeCredentials.corp, corp)))
  return row
}
