// Queries on the finstruments table: search, one bond, the same issuer's bonds. The import's
// writes are in import-repo.ts, the screener's queries in screen-repo.ts.
import { and, asc, between, eq, gt, gte, lte, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { finstruments } from '../../db/index.ts'

/** A stored finstrument row. */
export type FinstrumentRow = typeof finstruments.$inferSelect

/** The columns a list or search result shows. */
export const SUMMARY_COLUMNS = {
  id: finstruments.id,
  isin: finstruments.isin,
  displayName: finstruments.displayName,
  issuer: finstruments.issuer,
  securityType: finstruments.securityType,
  category: finstruments.category,
  couponRate: finstruments.couponRate,
  maturityDate: finstruments.maturityDate,
  maturityYear: finstruments.maturityYear,
  rating: finstruments.rating,
  isListed: finstruments.isListed,
  isAvailable: finstruments.isAvailable,
  canBePriced: finstruments.canBePriced,
  indicativeYield: finstruments.indicativeYield,
  indicativeYieldAsOf: finstruments.indicativeYieldAsOf,
}

/** A row with the summary columns only. */
export type FinstrumentSummaryRow = Pick<FinstrumentRow, keyof typeof SUMMARY_COLUMNS>

function likePattern(token: string): string {
  return `%${token.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Words of a query the search uses at most. */
const MAX_SEARCH_WORDS = 8

/** `today` (YYYY-MM-DD, India) as a date in SQL: the database's own date may be UTC's. */
function dateSql(today: SQL | string): SQL {
  return sql`${today}::date`
}

/** "Matured on `today`" as SQL: the date is past, or only the year is known and it is past. */
export function maturedSql(today: SQL | string): SQL {
  const d = dateSql(today)
  return sql`(${finstruments.maturityDate} < ${d} or (${finstruments.maturityDate} is null and ${finstruments.maturityYear} < extract(year from ${d})))`
}

/**
 * What a search result is, best first: 0 live and can be priced (listed, terms known, not matured);
 * 1 live with its terms but not priced (floating rate, unlisted, frequency unknown); 2 matured;
 * 3 a stub: no maturity date, or no coupon where a coupon is due, so nothing can be said of it.
 */
function searchTier(today: SQL | string): SQL {
  const d = dateSql(today)
  return sql`case
  when ${finstruments.canBePriced} and ${finstruments.isListed} and ${finstruments.maturityDate} >= ${d} then 0
  when ${maturedSql(today)} then 2
  when ${finstruments.maturityDate} is null or (${finstruments.couponRate} is null and not ${finstruments.isFloatingRate}) then 3
  else 1 end`
}

/**
 * The search for queries of `words` words, as a named prepared statement: PostgreSQL parses and
 * plans it once per connection (the plan, a bitmap scan of the trigram index, does not depend on
 * the words), and drizzle builds its SQL once per database.
 *
 * Every word must occur in the bond's `search_text` (which holds its ISIN). `search_text` is stored
 * lower-case and words are lower-cased, so a plain `LIKE` finds what `ILIKE` would, at half the
 * cost per candidate row (ILIKE case-folds every row it rechecks). Ranking (decision 110): exact
 * ISIN; what can be traded first (searchTier: live and priced, live, matured, stubs); the
 * platform's liquid bonds, most liquid first; ISIN prefix, name prefix, shorter search text,
 * name. ISINs are stored upper-case, so they are compared as they are.
 */
function prepareSearch(db: Db, words: number) {
  const word = (i: number) => sql.placeholder(`w${i}`)
  const today = sql`${sql.placeholder('today')}`
  return db
    .select(SUMMARY_COLUMNS)
    .from(finstruments)
    .where(
      and(
        sql`${finstruments.isAvailable}`,
        ...Array.from({ length: words }, (_, i) => sql`${finstruments.searchText} like ${word(i)}`),
      ),
    )
    .orderBy(
      sql`(${finstruments.isin} = ${sql.placeholder('isin')}) desc`,
      sql`${searchTier(today)} asc`,
      sql`array_position(${sql.placeholder('liquid')}::text[], ${finstruments.id}) asc nulls last`,
      sql`starts_with(${finstruments.isin}, ${sql.placeholder('isin')}) desc`,
      sql`starts_with(lower(${finstruments.displayName}), ${sql.placeholder('name')}) desc`,
      sql`length(${finstruments.searchText}) asc`,
      asc(finstruments.displayName),
      asc(finstruments.id),
    )
    .limit(sql.placeholder('limit'))
    .prepare(`finstruments_search_${words}`)
}

const preparedSearches = new WeakMap<Db, Map<number, ReturnType<typeof prepareSearch>>>()

/** How a search ranks: today's date in India and the platform's liquid bonds, most liquid first. */
export interface SearchRanking {
  today: string
  liquid: readonly string[]
}

/**
 * Search available bonds by fragments of name, ISIN, issuer: every word must occur, each matched
 * through the trigram index; exact ISIN first, then what can be traded (see prepareSearch).
 */
export async function searchFinstruments(
  db: Db,
  query: string,
  limit: number,
  ranking: SearchRanking,
): Promise<FinstrumentSummaryRow[]> {
  const normalized = query.toLowerCase().replace(/%/g, ' ').trim().replace(/\s+/g, ' ')
  const words = normalized.split(' ').filter(Boolean).slice(0, MAX_SEARCH_WORDS)
  if (words.length === 0) return []
  let searches = preparedSearches.get(db)
  if (!searches) preparedSearches.set(db, (searches = new Map()))
  let search = searches.get(words.length)
  if (!search) searches.set(words.length, (search = prepareSearch(db, words.length)))
  return search.execute({
    ...Object.fromEntries(words.map((w, i) => [`w${i}`, likePattern(w)])),
    isin: normalized.replace(/\s+/g, '').toUpperCase(),
    name: normalized,
    today: ranking.today,
    liquid: [...ranking.liquid],
    limit,
  })
}

/** Rows meeting every condition, in ISIN order after the cursor: one page of a list. */
export function pageAfter(db: Db, conditions: SQL[], after: string | null, limit: number) {
  return db
    .select(SUMMARY_COLUMNS)
    .from(finstruments)
    .where(and(...conditions, ...(after ? [gt(finstruments.id, after)] : [])))
    .orderBy(asc(finstruments.id))
    .limit(limit)
}

/** One bond by id (its ISIN). */
/** Every stored bond: the universe as the analyst reads it (mind; read whole, about 8,000 rows). */
export function allFinstruments(db: Db): Promise<FinstrumentRow[]> {
  return db.select().from(finstruments).orderBy(asc(finstruments.id))
}

export async function findFinstrument(db: Db, id: string): Promise<FinstrumentRow | undefined> {
  const [row] = await db.select().from(finstruments).where(eq(finstruments.id, id))
  return row
}

/** Where a page of the same issuer's bonds starts: the last row's rank, distance and ISIN. */
export interface NearAfter {
  rank: number
  distance: number
  id: string
}

/** A row of the same issuer's bonds with the keys its cursor keeps. */
export type NearRow = FinstrumentSummaryRow & { rank: number; distance: number }

/** Distance of a row without a maturity date: after every dated bond. */
export const UNDATED_DISTANCE = 2_147_483_647

/**
 * The issuer's other available bonds that have not matured on `today`, nearest the viewed bond's
 * maturity first (decision 110): bonds of the same type that can be priced, then other bonds that
 * can be priced, then the rest with a maturity date, then undated ones; within each, by days
 * between the maturities (from today when the viewed bond has no date), ties by ISIN. Keyset
 * pages after the cursor.
 */
export async function sameIssuer(
  db: Db,
  bond: FinstrumentRow,
  today: string,
  after: NearAfter | null,
  limit: number,
): Promise<NearRow[]> {
  const from = dateSql(bond.maturityDate ?? today)
  const rank = sql<number>`(case
    when ${finstruments.canBePriced} and ${finstruments.securityType} = ${bond.securityType} then 0
    when ${finstruments.canBePriced} then 1
    when ${finstruments.maturityDate} is not null then 2
    else 3 end)`
  const distance = sql<number>`coalesce(abs(${finstruments.maturityDate} - ${from}), ${UNDATED_DISTANCE})`
  const conditions: SQL[] = [
    eq(finstruments.issuer, bond.issuer),
    ne(finstruments.id, bond.id),
    eq(finstruments.isAvailable, true),
    sql`not coalesce(${maturedSql(today)}, false)`,
  ]
  if (after) {
    conditions.push(
      sql`(${rank}, ${distance}, ${finstruments.id}) > (${after.rank}::int, ${after.distance}::int, ${after.id})`,
    )
  }
  const rows = await db
    .select({ ...SUMMARY_COLUMNS, rank, distance })
    .from(finstruments)
    .where(and(...conditions))
    .orderBy(rank, distance, asc(finstruments.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, rank: Number(row.rank), distance: Number(row.distance) }))
}

/** What the chat-quote parser asks (see `BondLookup` of `@bonds/trading/chat-quotes`). */
export interface BondLookupQuery {
  isin?: string
  couponPercent?: number
  maturityYear?: number
}

/**
 * Bonds a chat quote may name: available, not matured on `today`, with the ISIN, or the coupon
 * (percent, within ±0.005) and/or the maturity year asked for.
 */
export function lookupBonds(db: Db, query: BondLookupQuery, today: string, limit: number) {
  const conditions: SQL[] = [
    eq(finstruments.isAvailable, true),
    sql`not coalesce(${maturedSql(today)}, false)`,
  ]
  if (query.isin !== undefined) conditions.push(eq(finstruments.isin, query.isin))
  if (query.couponPercent !== undefined) {
    const rate = query.couponPercent / 100
    conditions.push(between(finstruments.couponRate, rate - 0.0000501, rate + 0.0000501))
  }
  if (query.maturityYear !== undefined) {
    const year = query.maturityYear
    conditions.push(gte(finstruments.maturityDate, `${year}-01-01`))
    conditions.push(lte(finstruments.maturityDate, `${year}-12-31`))
  }
  return db
    .select({
      id: finstruments.id,
      isin: finstruments.isin,
      displayName: finstruments.displayName,
      issuer: finstruments.issuer,
      securityType: finstruments.securityType,
      couponRate: finstruments.couponRate,
      maturityDate: finstruments.maturityDate,
      state: finstruments.state,
      faceValue: finstruments.faceValue,
    })
    .from(finstruments)
    .where(and(...conditions))
    .limit(limit)
}
