// Queries on EOIs and clusters. "Live" is computed at read time: an EOI in DEFAULT or RESPONDED
// whose expiry is still ahead; nothing has to run at the moment an EOI expires.
import { and, count, desc, eq, gt, inArray, min, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { clients, clusters, eois, finstruments } from '../../db/schema.ts'

/** A stored EOI. */
export type EoiRow = typeof eois.$inferSelect
/** An EOI to insert. */
export type NewEoi = typeof eois.$inferInsert
/** A stored cluster. */
export type ClusterRow = typeof clusters.$inferSelect
/** An EOI with the bond it quotes. */
export type EoiWithBond = EoiRow & { isin: string; displayName: string }
/** A cluster with its bond and the names of its parties. */
export type ClusterWithNames = ClusterRow & {
  isin: string
  displayName: string
  buyerName: string
  sellerName: string
  facilitatorName: string | null
}

/** States of an EOI still in the market (before its expiry). */
export const LIVE_STATES = ['DEFAULT', 'RESPONDED'] as const

/** The condition "still in the market at `now`". */
export function liveAt(now: Date): SQL {
  return and(inArray(eois.state, [...LIVE_STATES]), gt(eois.expiresAt, now)) as SQL
}

const EOI_WITH_BOND = {
  eoi: eois,
  isin: finstruments.isin,
  displayName: finstruments.displayName,
}

const withBond = (row: { eoi: EoiRow; isin: string; displayName: string }): EoiWithBond => ({
  ...row.eoi,
  isin: row.isin,
  displayName: row.displayName,
})

/** Insert an EOI. */
export async function insertEoi(db: Db, row: NewEoi): Promise<EoiRow> {
  const [inserted] = await db.insert(eois).values(row).returning()
  return inserted as EoiRow
}

/** Lock EOIs in id order (two transactions locking the same ones never wait on each other). */
export async function lockEois(db: Db, ids: readonly number[]): Promise<void> {
  await db
    .select({ id: eois.id })
    .from(eois)
    .where(inArray(eois.id, [...ids]))
    .orderBy(eois.id)
    .for('update')
}

/** One EOI with its bond; `lock` holds the row until the transaction ends. */
export async function eoiById(
  db: Db,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<EoiWithBond | undefined> {
  const query = db
    .select(EOI_WITH_BOND)
    .from(eois)
    .innerJoin(finstruments, eq(finstruments.id, eois.finstrumentId))
    .where(eq(eois.id, id))
  const [row] = lock ? await query.for('update', { of: eois }) : await query
  return row ? withBond(row) : undefined
}

/** Set an EOI's state. */
export async function setEoiState(db: Db, id: number, state: string, now: Date): Promise<void> {
  await db.update(eois).set({ state, updatedAt: now }).where(eq(eois.id, id))
}

/** A page of a client's EOIs, newest first, and how many match. */
export async function listEois(
  db: Db,
  query: {
    clientId: string
    finstrumentId?: string
    live?: boolean
    now: Date
    offset: number
    limit: number
  },
): Promise<{ rows: EoiWithBond[]; total: number }> {
  const conditions: SQL[] = [eq(eois.clientId, query.clientId)]
  if (query.finstrumentId) conditions.push(eq(eois.finstrumentId, query.finstrumentId))
  if (query.live) conditions.push(liveAt(query.now))
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select(EOI_WITH_BOND)
      .from(eois)
      .innerJoin(finstruments, eq(finstruments.id, eois.finstrumentId))
      .where(where)
      .orderBy(desc(eois.createdAt), desc(eois.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: count() }).from(eois).where(where),
  ])
  return { rows: rows.map(withBond), total: Number(total?.n ?? 0) }
}

/** Insert a cluster. */
export async function insertCluster(
  db: Db,
  row: typeof clusters.$inferInsert,
): Promise<ClusterRow> {
  const [inserted] = await db.insert(clusters).values(row).returning()
  return inserted as ClusterRow
}

const CLUSTER_WITH_NAMES = {
  cluster: clusters,
  isin: finstruments.isin,
  displayName: finstruments.displayName,
  buyerName: sql<string>`(select ${clients.name} from ${clients} where ${clients.id} = ${clusters.buyerClientId})`,
  sellerName: sql<string>`(select ${clients.name} from ${clients} where ${clients.id} = ${clusters.sellerClientId})`,
  facilitatorName: sql<
    string | null
  >`(select ${clients.name} from ${clients} where ${clients.id} = ${clusters.facilitatorClientId})`,
}

type ClusterSelection = {
  cluster: ClusterRow
  isin: string
  displayName: string
  buyerName: string
  sellerName: string
  facilitatorName: string | null
}

const withNames = ({ cluster, ...names }: ClusterSelection): ClusterWithNames => ({
  ...cluster,
  ...names,
})

/** The condition "the client is a party to the cluster" (buyer, seller or facilitator). */
export function partyTo(clientId: string): SQL {
  return or(
    eq(clusters.buyerClientId, clientId),
    eq(clusters.sellerClientId, clientId),
    eq(clusters.facilitatorClientId, clientId),
  ) as SQL
}

/** One cluster with names; `lock` holds the row until the transaction ends. */
export async function clusterById(
  db: Db,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<ClusterWithNames | undefined> {
  const query = db
    .select(CLUSTER_WITH_NAMES)
    .from(clusters)
    .innerJoin(finstruments, eq(finstruments.id, clusters.finstrumentId))
    .where(eq(clusters.id, id))
  const [row] = lock ? await query.for('update', { of: clusters }) : await query
  return row ? withNames(row) : undefined
}

/** A page of the clusters a client is a party to, latest change first, and how many match. */
export async function listClusters(
  db: Db,
  query: {
    clientId: string
    finstrumentId?: string
    open?: boolean
    offset: number
    limit: number
  },
): Promise<{ rows: ClusterWithNames[]; total: number }> {
  const conditions: SQL[] = [partyTo(query.clientId)]
  if (query.finstrumentId) conditions.push(eq(clusters.finstrumentId, query.finstrumentId))
  if (query.open) conditions.push(eq(clusters.state, 'OPEN'))
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select(CLUSTER_WITH_NAMES)
      .from(clusters)
      .innerJoin(finstruments, eq(finstruments.id, clusters.finstrumentId))
      .where(where)
      .orderBy(desc(clusters.updatedAt), desc(clusters.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: count() }).from(clusters).where(where),
  ])
  return { rows: rows.map(withNames), total: Number(total?.n ?? 0) }
}

/** Change a cluster. */
export async function updateCluster(
  db: Db,
  id: number,
  patch: Partial<typeof clusters.$inferInsert>,
): Promise<void> {
  await db.update(clusters).set(patch).where(eq(clusters.id, id))
}

/** Open clusters any of these EOIs is in (as buyer or seller), unlocked. */
export async function openClustersOfQuotes(
  db: Db,
  eoiIds: readonly number[],
): Promise<ClusterRow[]> {
  if (eoiIds.length === 0) return []
  return db
    .select()
    .from(clusters)
    .where(
      and(
        eq(clusters.state, 'OPEN'),
        or(inArray(clusters.buyerEoiId, [...eoiIds]), inArray(clusters.sellerEoiId, [...eoiIds])),
      ),
    )
    .orderBy(clusters.id)
}

/** Lock these clusters in id order; returns those still OPEN once locked. */
export async function lockOpenClusters(db: Db, ids: readonly number[]): Promise<ClusterRow[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select()
    .from(clusters)
    .where(inArray(clusters.id, [...ids]))
    .orderBy(clusters.id)
    .for('update')
  return rows.filter((row) => row.state === 'OPEN')
}

/** Open clusters an EOI is in (as buyer or seller). */
export async function openClustersOf(db: Db, eoiId: number): Promise<ClusterRow[]> {
  return db
    .select()
    .from(clusters)
    .where(
      and(
        eq(clusters.state, 'OPEN'),
        or(eq(clusters.buyerEoiId, eoiId), eq(clusters.sellerEoiId, eoiId)),
      ),
    )
}

/** Whether a client has an EOI still in the market at `now`. */
export async function hasLiveEois(db: Db, clientId: string, now: Date): Promise<boolean> {
  const live = await listEois(db, { clientId, live: true, now, offset: 0, limit: 1 })
  return live.total > 0
}

/** When the first of a client's live EOIs expires, or null when none is live. */
export async function firstLiveEoiExpiry(
  db: Db,
  clientId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(eois.expiresAt) })
    .from(eois)
    .where(and(eq(eois.clientId, clientId), liveAt(now)))
  return row?.at ?? null
}

/**
 * The firm's market quote on a bond that was sent to RFQ as one of these venue RFQs (its stored
 * `venue_rfq_id`, decision 386), with its bond, locked until the transaction ends.
 */
export async function quoteSentToRfq(
  db: Db,
  link: { clientId: string; finstrumentId: string; venueRfqIds: readonly number[] },
): Promise<EoiWithBond | undefined> {
  if (link.venueRfqIds.length === 0) return undefined
  const [row] = await db
    .select(EOI_WITH_BOND)
    .from(eois)
    .innerJoin(finstruments, eq(finstruments.id, eois.finstrumentId))
    .where(
      and(
        eq(eois.clientId, link.clientId),
        eq(eois.finstrumentId, link.finstrumentId),
        sql`${eois.respondEoiId} is null`,
        inArray(
          sql`${eois.details}->>'venue_rfq_id'`,
          link.venueRfqIds.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(eois.id)
    .limit(1)
    .for('update', { of: eois })
  return row ? withBond(row) : undefined
}
