// Reads of the market's prices: the book's levels, the last trade, the liquid bonds and the yields
// the market shows (quotes and trades). "Live" is repo.ts's: computed at read time.
import type { QuoteType } from '@bonds/domain'
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { eois, trades } from '../../db/schema.ts'
import { liveAt } from './repo.ts'

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
