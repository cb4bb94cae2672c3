// Queries over the platform's directory: the people (Members) and firms (Companies) a caller may
// deal with. A Member is an active user in one of the asked roles whose standing in the network is
// active; a Company is a client with at least one such Member. Reads the clients, users and
// exchange-credential tables (participant codes only, never credentials).
import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/index.ts'
import {
  clients,
  exchangeCredentials,
  networkMembers,
  networkPartners,
  users,
} from '../../db/schema.ts'

/** Who a directory query lists, and for whom. */
export interface DirectoryFilter {
  /** The caller's client: its partners are flagged and listed first. */
  callerClientId: string
  /** Clients never listed (the caller's own, or the client brokers are searched for). */
  excludeClientIds: readonly string[]
  /** A Member holds one of these roles. */
  memberRoles: readonly string[]
  /** Only brokers (true) or only the others (false). */
  broker?: boolean
  /** The firm deals on this RFQ platform ('any': on one at least). */
  rfqExchange?: string
  /** The firm clears through this corporation (NSCCL, ICCL). */
  clearing?: string
  search?: string
  limit: number
}

/** A directory row: a Member (with a user) or a Company (user fields null). */
export interface DirectoryRow {
  userId: string | null
  firstName: string | null
  lastName: string | null
  clientId: string
  clientName: string
  isBroker: boolean
  nscclCode: string | null
  icclCode: string | null
  isPartner: boolean
}

/** An ILIKE pattern that finds `text` anywhere, its wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
}

/** A firm's exchange credentials at NSCCL and at ICCL (joined for their participant codes). */
export const nscclCredentials = alias(exchangeCredentials, 'nsccl_credentials')
export const icclCredentials = alias(exchangeCredentials, 'iccl_credentials')
/** The caller's partnership with a firm (joined: present when the firm is a partner). */
const partnership = alias(networkPartners, 'partnership')

/** Join conditions of a firm's participant codes at NSCCL and at ICCL. */
export const nscclJoin = and(
  eq(nscclCredentials.clientId, clients.id),
  eq(nscclCredentials.corp, 'NSCCL'),
)
export const icclJoin = and(
  eq(icclCredentials.clientId, clients.id),
  eq(icclCredentials.corp, 'ICCL'),
)

/** A user's standing in the network, with `network_members` left-joined (no row: active). */
export const memberActive = sql<boolean>`coalesce(${networkMembers.isActive}, true)`

/** Join condition of a user's standing. */
export const standingJoin = eq(networkMembers.userId, users.id)

/** An active user holding one of `roles` and active in the network (standing joined). */
export function activeMember(roles: readonly string[]): SQL {
  const list = sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  )
  return and(
    eq(users.status, 'active'),
    sql`${users.roles} ?| array[${list}]::text[]`,
    memberActive,
  ) as SQL
}

/** The firms with at least one active Member in `roles` (a subquery of client ids). */
function firmsWithMembers(db: Db, roles: readonly string[]) {
  return db
    .select({ id: users.clientId })
    .from(users)
    .leftJoin(networkMembers, standingJoin)
    .where(activeMember(roles))
}

function firmConditions(filter: DirectoryFilter): SQL[] {
  const conditions: SQL[] = [notInArray(clients.id, [...filter.excludeClientIds])]
  if (filter.broker !== undefined) conditions.push(eq(clients.isBroker, filter.broker))
  if (filter.rfqExchange === 'any') {
    conditions.push(sql`jsonb_array_length(${clients.rfqExchanges}) > 0`)
  } else if (filter.rfqExchange) {
    conditions.push(sql`${clients.rfqExchanges} @> ${JSON.stringify([filter.rfqExchange])}::jsonb`)
  }
  if (filter.clearing) {
    conditions.push(sql`${clients.allowedExchanges} @> ${JSON.stringify([filter.clearing])}::jsonb`)
  }
  return conditions
}

const FIRM_FIELDS = {
  clientId: clients.id,
  clientName: clients.name,
  isBroker: clients.isBroker,
  nscclCode: nscclCredentials.participantCode,
  icclCode: icclCredentials.participantCode,
  isPartner: sql<boolean>`${partnership.partnerClientId} is not null`,
}

const partnershipJoin = (callerClientId: string) =>
  and(eq(partnership.clientId, callerClientId), eq(partnership.partnerClientId, clients.id))

const firmSearch = (pattern: string) => [
  ilike(clients.name, pattern),
  ilike(nscclCredentials.participantCode, pattern),
  ilike(icclCredentials.participantCode, pattern),
]

/** Members matching the filter: partners' people first, then by name. */
export async function findMembers(db: Db, filter: DirectoryFilter): Promise<DirectoryRow[]> {
  const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`
  const pattern = filter.search ? likePattern(filter.search) : null
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      ...FIRM_FIELDS,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(networkMembers, standingJoin)
    .leftJoin(nscclCredentials, nscclJoin)
    .leftJoin(icclCredentials, icclJoin)
    .leftJoin(partnership, partnershipJoin(filter.callerClientId))
    .where(
      and(
        activeMember(filter.memberRoles),
        ...firmConditions(filter),
        pattern ? or(ilike(fullName, pattern), ...firmSearch(pattern)) : undefined,
      ),
    )
    .orderBy(desc(FIRM_FIELDS.isPartner), asc(sql`lower(${fullName})`), asc(users.id))
    .limit(filter.limit)
}

/** Firms as the directory shows them to `callerClientId`, matching `where`. */
async function firms(
  db: Db,
  callerClientId: string,
  roles: readonly string[],
  where: SQL | undefined,
  limit: number,
): Promise<DirectoryRow[]> {
  const rows = await db
    .select(FIRM_FIELDS)
    .from(clients)
    .leftJoin(nscclCredentials, nscclJoin)
    .leftJoin(icclCredentials, icclJoin)
    .leftJoin(partnership, partnershipJoin(callerClientId))
    .where(and(inArray(clients.id, firmsWithMembers(db, roles)), where))
    .orderBy(desc(FIRM_FIELDS.isPartner), asc(sql`lower(${clients.name})`), asc(clients.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, userId: null, firstName: null, lastName: null }))
}

/** Companies matching the filter: partners first, then by name. */
export async function findCompanies(db: Db, filter: DirectoryFilter): Promise<DirectoryRow[]> {
  const pattern = filter.search ? likePattern(filter.search) : null
  return firms(
    db,
    filter.callerClientId,
    filter.memberRoles,
    and(...firmConditions(filter), pattern ? or(...firmSearch(pattern)) : undefined),
    filter.limit,
  )
}

/** One firm as the directory shows it to `callerClientId`, if it has a Member in `roles`. */
export async function findCompany(
  db: Db,
  clientId: string,
  callerClientId: string,
  roles: readonly string[],
): Promise<DirectoryRow | undefined> {
  const [row] = await firms(db, callerClientId, roles, eq(clients.id, clientId), 1)
  return row
}

/** The roles of a Member a trade is agreed with. */
export const DEALERS: readonly string[] = ['clientdealer']

/** Members then Companies matching a filter (each list up to `filter.limit`). */
export async function findParticipants(db: Db, filter: DirectoryFilter): Promise<DirectoryRow[]> {
  const [members, companies] = await Promise.all([
    findMembers(db, filter),
    findCompanies(db, filter),
  ])
  return [...members, ...companies]
}
