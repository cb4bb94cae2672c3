// Queries on the information memoranda, trades and credit rationale tables.
import type { TradeSortField } from '@bonds/domain'
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import {
  creditRationales,
  finstruments,
  informationMemoranda,
  informationMemorandumVersions,
  trades,
} from '../../db/schema.ts'

/** A stored information memorandum row. */
export type InformationMemorandumRow = typeof informationMemoranda.$inferSelect
/** A stored trade row. */
export type TradeRow = typeof trades.$inferSelect
/** A stored credit rationale row. */
export type CreditRationaleRow = typeof creditRationales.$inferSelect

/** A bond's id by its ISIN, with its memorandum if one is stored. */
export async function findByIsin(
  db: Db,
  isin: string,
): Promise<{ id: string; memorandum: InformationMemorandumRow | null } | undefined> {
  const [row] = await db
    .select({ id: finstruments.id, memorandum: informationMemoranda })
    .from(finstruments)
    .leftJoin(informationMemoranda, eq(informationMemoranda.finstrumentId, finstruments.id))
    .where(eq(finstruments.isin, isin))
  return row
}

/** The memorandum of a bond, or undefined. */
export async function findMemorandum(
  db: Db,
  finstrumentId: string,
): Promise<InformationMemorandumRow | undefined> {
  const [row] = await db
    .select()
    .from(informationMemoranda)
    .where(eq(informationMemoranda.finstrumentId, finstrumentId))
  return row
}

/** Store (or replace) the memorandum of a bond, and keep it among the bond's versions. */
export async function saveMemorandum(
  db: Db,
  row: Omit<InformationMemorandumRow, 'contentType'>,
): Promise<void> {
  const { finstrumentId: _key, ...rest } = row
  await db.transaction(async (tx) => {
    await tx
      .insert(informationMemoranda)
      .values(row)
      .onConflictDoUpdate({ target: informationMemoranda.finstrumentId, set: rest })
    await tx.insert(informationMemorandumVersions).values({
      finstrumentId: row.finstrumentId,
      fileKey: row.fileKey,
      size: row.size,
      sha256: row.sha256,
      uploadedBy: row.uploadedBy,
      clientId: row.clientId,
      uploadedAt: row.uploadedAt,
    })
  })
}

const SORT_COLUMNS = {
  trade_date: trades.tradedAt,
  price: trades.cleanPrice,
  yield: trades.bondYield,
  quantity: trades.quantity,
} as const

/** A page of a bond's trades and how many match in all. */
export async function listTrades(
  db: Db,
  query: {
    finstrumentId: string
    from?: Date
    before?: Date
    sort: TradeSortField
    direction: 'asc' | 'desc'
    offset: number
    limit: number
  },
): Promise<{ rows: TradeRow[]; total: number }> {
  const conditions: SQL[] = [eq(trades.finstrumentId, query.finstrumentId)]
  if (query.from) conditions.push(gte(trades.tradedAt, query.from))
  if (query.before) conditions.push(lt(trades.tradedAt, query.before))
  const where = and(...conditions)
  const direction = sql.raw(query.direction === 'asc' ? 'asc' : 'desc')
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(trades)
      .where(where)
      .orderBy(
        sql`${SORT_COLUMNS[query.sort]} ${direction} nulls last`,
        sql`${trades.id} ${direction}`,
      )
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: count() }).from(trades).where(where),
  ])
  return { rows, total: Number(total?.n ?? 0) }
}

/** A bond's credit rationales, newest first. */
export async function listCreditRationales(
  db: Db,
  finstrumentId: string,
): Promise<CreditRationaleRow[]> {
  return db
    .select()
    .from(creditRationales)
    .where(eq(creditRationales.finstrumentId, finstrumentId))
    .orderBy(desc(creditRationales.ratedOn), desc(creditRationales.id))
}
