// The network's tables (partners, offline records) and their queries, and the audit entries the
// network writes. The desk's users and members' standing are in desk-repo.ts.
import { and, count, eq, ilike, or, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/index.ts'
import { auditLog, clients, networkPartners, offlineRecords } from '../../db/schema.ts'
import { icclCredentials, icclJoin, likePattern, nscclCredentials, nscclJoin } from './directory.ts'

/** A stored offline record. */
export type OfflineRecordRow = typeof offlineRecords.$inferSelect
/** An offline record's fields as stored. */
export type OfflineRecordFields = Pick<
  OfflineRecordRow,
  'name' | 'nscclCode' | 'icclCode' | 'contactName' | 'email' | 'mobile'
>

/** One entry of a network list: a partner (id = its client id) or an offline record. */
export interface NetworkRow {
  id: string
  kind: 'partner' | 'offline'
  name: string
  nscclCode: string | null
  icclCode: string | null
  isBroker: boolean
  contactName: string | null
  email: string | null
  mobile: string | null
  createdAt: Date
}

/** What the audit log records for the network. */
export type NetworkAuditAction =
  | 'network_partner_added'
  | 'network_partner_removed'
  | 'offline_record_created'
  | 'offline_record_updated'
  | 'offline_record_deleted'
  | 'network_member_updated'

/** Append an audit entry. */
export async function audit(
  db: Db,
  entry: { actor: string; action: NetworkAuditAction; ip?: string | null; detail: object },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor,
    action: entry.action,
    ip: entry.ip ?? null,
    detail: entry.detail,
  })
}

/** Whether a database error is a unique-key violation (PGlite and node-postgres alike). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** A page of a client's network by name, of the kinds asked, and how many match in all. */
export async function listNetwork(
  db: Db,
  query: {
    clientId: string
    kinds: readonly ('partner' | 'offline')[]
    search?: string | undefined
    offset: number
    limit: number
  },
): Promise<{ rows: NetworkRow[]; count: number }> {
  if (query.kinds.length === 0) return { rows: [], count: 0 }
  const pattern = query.search ? likePattern(query.search) : null
  const nsccl = nscclCredentials.participantCode
  const iccl = icclCredentials.participantCode
  const partnerWhere = and(
    eq(networkPartners.clientId, query.clientId),
    pattern
      ? or(ilike(clients.name, pattern), ilike(nsccl, pattern), ilike(iccl, pattern))
      : undefined,
  )
  const offlineWhere = and(
    eq(offlineRecords.clientId, query.clientId),
    pattern
      ? or(
          ilike(offlineRecords.name, pattern),
          ilike(offlineRecords.nscclCode, pattern),
          ilike(offlineRecords.icclCode, pattern),
          ilike(offlineRecords.contactName, pattern),
          ilike(offlineRecords.email, pattern),
        )
      : undefined,
  )
  const partners = db
    .select({
      id: sql<string>`${clients.id}`.as('id'),
      kind: sql<'partner' | 'offline'>`'partner'`.as('kind'),
      name: sql<string>`${clients.name}`.as('name'),
      nscclCode: sql<string | null>`${nsccl}`.as('nsccl_code'),
      icclCode: sql<string | null>`${iccl}`.as('iccl_code'),
      isBroker: sql<boolean>`${clients.isBroker}`.as('is_broker'),
      contactName: sql<string | null>`null::text`.as('contact_name'),
      email: sql<string | null>`null::text`.as('email'),
      mobile: sql<string | null>`null::text`.as('mobile'),
      createdAt: sql<Date>`${networkPartners.createdAt}`.as('created_at'),
      sortKey: sql<string>`lower(${clients.name})`.as('sort_key'),
    })
    .from(networkPartners)
    .innerJoin(clients, eq(clients.id, networkPartners.partnerClientId))
    .leftJoin(nscclCredentials, nscclJoin)
    .leftJoin(icclCredentials, icclJoin)
    .where(partnerWhere)
  const offline = db
    .select({
      id: sql<string>`${offlineRecords.id}`.as('id'),
      kind: sql<'partner' | 'offline'>`'offline'`.as('kind'),
      name: sql<string>`${offlineRecords.name}`.as('name'),
      nscclCode: sql<string | null>`${offlineRecords.nscclCode}`.as('nsccl_code'),
      icclCode: sql<string | null>`${offlineRecords.icclCode}`.as('iccl_code'),
      isBroker: sql<boolean>`false`.as('is_broker'),
      contactName: sql<string | null>`${offlineRecords.contactName}`.as('contact_name'),
      email: sql<string | null>`${offlineRecords.email}`.as('email'),
      mobile: sql<string | null>`${offlineRecords.mobile}`.as('mobile'),
      createdAt: sql<Date>`${offlineRecords.createdAt}`.as('created_at'),
      sortKey: sql<string>`lower(${offlineRecords.name})`.as('sort_key'),
    })
    .from(offlineRecords)
    .where(offlineWhere)
  const both = query.kinds.includes('partner') && query.kinds.includes('offline')
  const source = both
    ? unionAll(partners, offline)
    : query.kinds[0] === 'partner'
      ? partners
      : offline
  const rows = await source
    .orderBy(sql`sort_key`, sql`id`)
    .limit(query.limit)
    .offset(query.offset)
  let total = 0
  if (query.kinds.includes('partner')) {
    const [row] = await db
      .select({ n: count() })
      .from(networkPartners)
      .innerJoin(clients, eq(clients.id, networkPartners.partnerClientId))
      .leftJoin(nscclCredentials, nscclJoin)
      .leftJoin(icclCredentials, icclJoin)
      .where(partnerWhere)
    total += row?.n ?? 0
  }
  if (query.kinds.includes('offline')) {
    const [row] = await db.select({ n: count() }).from(offlineRecords).where(offlineWhere)
    total += row?.n ?? 0
  }
  return {
    rows: rows.map(({ sortKey: _sortKey, createdAt, ...row }) => ({
      ...row,
      createdAt: new Date(createdAt),
    })),
    count: total,
  }
}

/** Add a partner; false when it already was one. */
export async function insertPartner(
  db: Db,
  row: { clientId: string; partnerClientId: string; addedBy: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(networkPartners)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: networkPartners.partnerClientId })
  return inserted.length > 0
}

/** Remove a partner; false when it was not one. */
export async function deletePartner(db: Db, clientId: string, partnerClientId: string) {
  const deleted = await db
    .delete(networkPartners)
    .where(
      and(
        eq(networkPartners.clientId, clientId),
        eq(networkPartners.partnerClientId, partnerClientId),
      ),
    )
    .returning({ id: networkPartners.partnerClientId })
  return deleted.length > 0
}

/** How many offline records a client keeps. */
export async function countOfflineRecords(db: Db, clientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(offlineRecords)
    .where(eq(offlineRecords.clientId, clientId))
  return row?.n ?? 0
}

/** Insert an offline record (a unique-name violation is the caller's to catch). */
export async function insertOfflineRecord(
  db: Db,
  row: typeof offlineRecords.$inferInsert,
): Promise<OfflineRecordRow> {
  const [inserted] = await db.insert(offlineRecords).values(row).returning()
  return inserted as OfflineRecordRow
}

/** One of a client's offline records. */
export async function offlineRecordOf(db: Db, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(offlineRecords)
    .where(and(eq(offlineRecords.clientId, clientId), eq(offlineRecords.id, id)))
  return row
}

/** Change an offline record's fields. */
export async function updateOfflineRecord(
  db: Db,
  id: string,
  set: Partial<OfflineRecordFields> & { updatedBy: string; updatedAt: Date },
): Promise<OfflineRecordRow> {
  const [row] = await db
    .update(offlineRecords)
    .set(set)
    .where(eq(offlineRecords.id, id))
    .returning()
  return row as OfflineRecordRow
}

/** Delete one of a client's offline records; false when there was none. */
export async function deleteOfflineRecord(db: Db, clientId: string, id: string) {
  const deleted = await db
    .delete(offlineRecords)
    .where(and(eq(offlineRecords.clientId, clientId), eq(offlineRecords.id, id)))
    .returning({ id: offlineRecords.id })
  return deleted.length > 0
}

/** Whether `partnerClientId` is in `clientId`'s network. */
export async function isPartnerOf(
  db: Db,
  clientId: string,
  partnerClientId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: networkPartners.partnerClientId })
    .from(networkPartners)
    .where(
      and(
        eq(networkPartners.clientId, clientId),
        eq(networkPartners.partnerClientId, partnerClientId),
      ),
    )
  return row !== undefined
}
