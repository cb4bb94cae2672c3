// Queries on EOIs and clusters. "Live" is computed at read time: an EOI in DEFAULT or RESPONDED
// whose expiry is still ahead; nothing has to run at the moment an EOI expires.
import type { QuoteType } from '@bonds/domain'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  min,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { clients, clusters, eois, finstruments, trades } from '../../db/schema.ts'

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

/** One level of a side of the book. */
export interface BookLevel {
  unitPrice: number
  settlementDate: string
  quantum: number
  quotes: number
  mine: number
  /** The level's first quote (earliest made). */
  firstAt: Date
}

/**
 * The live quotes of one side of a bond's book, grouped by clean price and settlement date, best
 * first: bids by highest price, asks by lowest; responses to an EOI are not in the book.
 */
export async function bookLevels(
  db: Db,
  query: {
    finstrumentId: string
    side: QuoteType
    now: Date
    clientId: string | null
    limit: number
  },
): Promise<BookLevel[]> {
  const price = query.side === 'BID' ? desc(eois.unitPrice) : asc(eois.unitPrice)
  const mine = query.clientId
    ? sql<number>`coalesce(sum(${eois.quantum}) filter (where ${eois.clientId} = ${query.clientId}), 0)`
    : sql<number>`0`
  const rows = await db
    .select({
      unitPrice: eois.unitPrice,
      settlementDate: eois.settlementDate,
      quantum: sql<number>`sum(${eois.quantum})`,
      quotes: count(),
      mine,
      firstAt: sql<string>`min(${eois.createdAt})`,
    })
    .from(eois)
    .where(
      and(
        eq(eois.finstrumentId, query.finstrumentId),
        eq(eois.quoteType, query.side),
        isNull(eois.respondEoiId),
        liveAt(query.now),
      ),
    )
    .groupBy(eois.unitPrice, eois.settlementDate)
    .orderBy(price, asc(eois.settlementDate))
    .limit(query.limit)
  return rows.map((row) => ({
    unitPrice: row.unitPrice,
    settlementDate: row.settlementDate,
    quantum: Number(row.quantum),
    quotes: Number(row.quotes),
    mine: Number(row.mine),
    firstAt: new Date(row.firstAt),
  }))
}

/** The latest trade of a bond the platform knows. */
export async function latestTrade(db: Db, finstrumentId: string) {
  const [row] = await db
    .select()
    .from(trades)
    .where(eq(trades.finstrumentId, finstrumentId))
    .orderBy(desc(trades.tradedAt), desc(trades.id))
    .limit(1)
  return row
}

/**
 * The bonds the platform sees trading, most liquid first: rupees of face value in the live book
 * (responses left out) plus face value traded since `since`; `limit` bonds at most.
 */
export async function liquidBonds(
  db: Db,
  now: Date,
  since: Date,
  limit: number,
): Promise<string[]> {
  const [book, traded] = await Promise.all([
    db
      .select({ id: eois.finstrumentId, amount: sql<number>`sum(${eois.quantum})` })
      .from(eois)
      .where(and(isNull(eois.respondEoiId), liveAt(now)))
      .groupBy(eois.finstrumentId),
    db
      .select({ id: trades.finstrumentId, amount: sql<number>`sum(${trades.faceValue})` })
      .from(trades)
      .where(gte(trades.tradedAt, since))
      .groupBy(trades.finstrumentId),
  ])
  const amounts = new Map<string, number>()
  for (const row of [...book, ...traded]) {
    amounts.set(row.id, (amounts.get(row.id) ?? 0) + Number(row.amount))
  }
  return [...amounts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([id]) => id)
}

/** A yield the market shows for a bond: a live quote's or a recorded trade's, with its time. */
export interface MarketYield {
  bondYield: number
  at: Date
  source: 'quote' | 'trade'
}

/**
 * The latest yield the market shows for each of these bonds: the most recent live quote (not a
 * response) with a yield, for callers who may see quotes, else the most recent trade since
 * `since`; bonds with neither are absent.
 */
export async function marketYields(
  db: Db,
  ids: readonly string[],
  now: Date,
  since: Date,
  { quotes }: { quotes: boolean },
): Promise<Map<string, MarketYield>> {
  const found = new Map<string, MarketYield>()
  if (ids.length === 0) return found
  const [quoted, traded] = await Promise.all([
    // Live quotes only for who may see the market (spec section 6: client.can_trade).
    !quotes
      ? Promise.resolve([])
      : db
          .selectDistinctOn([eois.finstrumentId], {
            id: eois.finstrumentId,
            bondYield: eois.bondYield,
            at: eois.createdAt,
          })
          .from(eois)
          .where(
            and(
              inArray(eois.finstrumentId, [...ids]),
              isNull(eois.respondEoiId),
              sql`${eois.bondYield} is not null`,
              liveAt(now),
            ),
          )
          .orderBy(eois.finstrumentId, desc(eois.createdAt), desc(eois.id)),
    db
      .selectDistinctOn([trades.finstrumentId], {
        id: trades.finstrumentId,
        bondYield: trades.bondYield,
        at: trades.tradedAt,
      })
      .from(trades)
      .where(
        and(
          inArray(trades.finstrumentId, [...ids]),
          gte(trades.tradedAt, since),
          sql`${trades.bondYield} is not null`,
        ),
      )
      .orderBy(trades.finstrumentId, desc(trades.tradedAt), desc(trades.id)),
  ])
  for (const row of traded) {
    if (row.bondYield !== null)
      found.set(row.id, { bondYield: row.bondYield, at: row.at, source: 'trade' })
  }
  // A live quote is the market now: it wins over an older trade.
  for (const row of quoted) {
    if (row.bondYield !== null)
      found.set(row.id, { bondYield: row.bondYield, at: row.at, source: 'quote' })
  }
  return found
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
