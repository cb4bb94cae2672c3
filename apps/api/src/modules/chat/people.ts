// The people of chat: a user's profile as members and messages show it (name, firm, staff, active,
// onboarded, last heard from), and the directory the chatter user search reads. Reads users and
// clients; the network's standing and partners come through the network module's index.
import { TRADING_ROLES } from '@bonds/domain'
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { chatMembers, chatPresence } from '../../db/chat-schema.ts'
import { clients, users } from '../../db/schema.ts'
import { inactiveMemberIdsQuery, partnerClientIdsQuery } from '../network/index.ts'

/** The roles that chat (the dart workspace's trading roles). */
export const CHAT_ROLES = TRADING_ROLES

/** A user as chat shows them. */
export interface Profile {
  userId: string
  firstName: string
  lastName: string
  nickname: string
  email: string
  clientId: string
  clientName: string
  clientType: string
  isBroker: boolean
  isStaff: boolean
  roles: readonly string[]
  /** Active account and active standing in the network. */
  active: boolean
  /** Has accepted the chat terms. */
  onboarded: boolean
  /** May chat: active, in a chat role. */
  canChat: boolean
  seenAt: Date | null
}

const chatRoleSql = sql`${users.roles} ?| array[${sql.join(
  CHAT_ROLES.map((role) => sql`${role}`),
  sql`, `,
)}]::text[]`

const PROFILE_FIELDS = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  clientId: users.clientId,
  clientName: clients.name,
  clientType: clients.clientType,
  isBroker: clients.isBroker,
  isStaff: users.isStaff,
  roles: users.roles,
  status: users.status,
  onboarded: users.hasAcceptedChatTerms,
  seenAt: chatPresence.seenAt,
}

type ProfileRow = {
  [K in keyof typeof PROFILE_FIELDS]: (typeof PROFILE_FIELDS)[K]['_']['data'] | null
}

function profileOf(row: ProfileRow, inactive: ReadonlySet<string>): Profile {
  const roles = (row.roles ?? []) as string[]
  const active = row.status === 'active' && !inactive.has(row.userId!)
  return {
    userId: row.userId!,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    nickname: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || (row.email ?? ''),
    email: row.email ?? '',
    clientId: row.clientId!,
    clientName: row.clientName ?? '',
    clientType: row.clientType ?? '',
    isBroker: row.isBroker ?? false,
    isStaff: row.isStaff ?? false,
    roles,
    active,
    onboarded: row.onboarded ?? false,
    canChat: active && roles.some((role) => (CHAT_ROLES as readonly string[]).includes(role)),
    seenAt: row.seenAt ?? null,
  }
}

/** Profiles of these users, by id (unknown ids are left out). */
export async function profilesOf(db: Db, ids: readonly string[]): Promise<Map<string, Profile>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const [rows, inactive] = await Promise.all([
    db
      .select(PROFILE_FIELDS)
      .from(users)
      .innerJoin(clients, eq(clients.id, users.clientId))
      .leftJoin(chatPresence, eq(chatPresence.userId, users.id))
      .where(inArray(users.id, unique)),
    // Few members are ever set inactive: read them all.
    inactiveMemberIdsQuery(db),
  ])
  const inactiveIds = new Set(inactive.map((row) => row.id))
  return new Map(rows.map((row) => [row.userId, profileOf(row, inactiveIds)]))
}

/** One profile, or undefined. */
export async function profileById(db: Db, id: string): Promise<Profile | undefined> {
  return (await profilesOf(db, [id])).get(id)
}

/** Who a user search lists, for whom. */
export interface PeopleFilter {
  caller: { userId: string; clientId: string }
  search?: string | undefined
  connectionsOnly: boolean
  /** Connections only, most recent conversation first. */
  suggested: boolean
  offset: number
  limit: number
}

/** The users a caller shares a channel with (a subquery of `id`). */
function sharedChannelUsers(db: Db, userId: string) {
  const mine = db
    .select({ url: chatMembers.channelUrl })
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, userId), inArray(chatMembers.state, ['joined', 'invited'])))
  return db
    .select({ id: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(inArray(chatMembers.channelUrl, mine), inArray(chatMembers.state, ['joined', 'invited'])),
    )
}

/** An ILIKE pattern that finds `text` anywhere, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`

/** A page of people one can chat with, and how many there are. */
export async function searchPeople(db: Db, filter: PeopleFilter) {
  const { caller } = filter
  const connection = or(
    eq(users.clientId, caller.clientId),
    inArray(users.clientId, partnerClientIdsQuery(db, caller.clientId)),
    inArray(users.id, sharedChannelUsers(db, caller.userId)),
  ) as SQL
  const conditions: (SQL | undefined)[] = [
    ne(users.id, caller.userId),
    eq(users.status, 'active'),
    chatRoleSql,
    notInArray(users.id, inactiveMemberIdsQuery(db)),
  ]
  if (filter.connectionsOnly || filter.suggested) conditions.push(connection)
  if (filter.search) {
    const pattern = likePattern(filter.search)
    conditions.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(clients.name, pattern),
      ),
    )
  }
  const where = and(...conditions)
  const lastTalk = sql`(select max(coalesce(c.last_message_at, c.created_at)) from chat_members a
      join chat_members b on b.channel_url = a.channel_url
      join chat_channels c on c.url = a.channel_url
      where a.user_id = ${caller.userId} and b.user_id = ${users.id}
        and a.state in ('joined', 'invited') and b.state in ('joined', 'invited'))`
  const name = sql`lower(${users.firstName} || ' ' || ${users.lastName})`
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...PROFILE_FIELDS, isConnection: sql<boolean>`${connection}` })
      .from(users)
      .innerJoin(clients, eq(clients.id, users.clientId))
      .leftJoin(chatPresence, eq(chatPresence.userId, users.id))
      .where(where)
      .orderBy(
        ...(filter.suggested ? [sql`${lastTalk} desc nulls last`] : []),
        desc(sql`${connection}`),
        asc(name),
        asc(users.id),
      )
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(clients, eq(clients.id, users.clientId))
      .where(where),
  ])
  return {
    count: Number(total?.n ?? 0),
    rows: rows.map((row) => ({
      profile: profileOf(row, new Set()),
      isConnection: Boolean(row.isConnection),
    })),
  }
}
