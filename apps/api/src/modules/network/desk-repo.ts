// The desk's users: a client's people with their standing in the network (network_members) and
// what their permissions depend on, a partner's dealers, and a member's standing set.
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { clients, networkMembers, users } from '../../db/schema.ts'
import { activeMember, likePattern, memberActive, standingJoin } from './directory.ts'

/** The active dealers of these firms (for a network list), by name. */
export async function dealersOf(db: Db, clientIds: readonly string[]) {
  if (clientIds.length === 0) return []
  return db
    .select({
      userId: users.id,
      clientId: users.clientId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .leftJoin(networkMembers, standingJoin)
    .where(and(inArray(users.clientId, [...clientIds]), activeMember(['clientdealer'])))
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id))
}

/** A client's users with their standing and what their permissions depend on, by name. */
export async function usersOf(
  db: Db,
  clientId: string,
  options: { roles?: readonly string[]; search?: string | undefined; userId?: string } = {},
) {
  const conditions: (SQL | undefined)[] = [eq(users.clientId, clientId)]
  if (options.roles) conditions.push(activeMember(options.roles))
  else conditions.push(eq(users.status, 'active'))
  if (options.userId) conditions.push(eq(users.id, options.userId))
  if (options.search) {
    const pattern = likePattern(options.search)
    conditions.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(users.email, pattern),
      ),
    )
  }
  return db
    .select({
      id: users.id,
      clientId: users.clientId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: users.roles,
      isActive: memberActive,
      tier: clients.tier,
      rfqExchanges: clients.rfqExchanges,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(networkMembers, standingJoin)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id))
    .limit(500)
}

/** A client by id: its name and whether it is a broker. */
export async function clientOf(db: Db, id: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, isBroker: clients.isBroker })
    .from(clients)
    .where(eq(clients.id, id))
  return row
}

/** Set a user's standing in the network. */
export async function setMemberActive(
  db: Db,
  row: { userId: string; isActive: boolean; updatedBy: string; updatedAt: Date },
): Promise<void> {
  await db
    .insert(networkMembers)
    .values(row)
    .onConflictDoUpdate({
      target: networkMembers.userId,
      set: { isActive: row.isActive, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
    })
}
