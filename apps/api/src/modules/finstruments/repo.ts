// Queries on the finstruments table: the import, search, one bond, the same issuer's bonds.
// The screener's queries are in screen-repo.ts.
import { and, asc, between, eq, gt, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { appMeta, finstruments } from '../../db/index.ts'
import { searchText, type FinstrumentRecord } from './universe.ts'

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
  rating: finstruments.rating,
  isListed: finstruments.isListed,
  isAvailable: finstruments.isAvailable,
  canBePriced: finstruments.canBePriced,
  indicativeYield: finstruments.indicativeYield,
  indicativeYieldAsOf: finstruments.indicativeYieldAsOf,
}

/** A row with the summary columns only. */
export type FinstrumentSummaryRow = Pick<FinstrumentRow, keyof typeof SUMMARY_COLUMNS>

const BATCH = 500

/** Insert or update every record, in one transaction, in batches. */
export async function upsertFinstruments(
  db: Db,
  records: readonly FinstrumentRecord[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < records.length; i += BATCH) {
      const rows = records.slice(i, i + BATCH).map((r) => ({
        id: r.id,
        isin: r.isin,
        displayName: r.displayName,
        issuer: r.issuer,
        securityType: r.securityType,
        category: r.category,
        couponRate: r.couponRate,
        frequency: r.frequency,
        convention: r.convention,
        dayCount: r.dayCount,
        maturityDate: r.maturityDate,
        issueDate: r.issueDate,
        faceValue: r.faceValue,
        faceValueAssumed: r.faceValueAssumed,
        rating: r.rating,
        security: r.security,
        state: r.state,
        isListed: r.isListed,
        isAvailable: r.isAvailable,
        isFloatingRate: r.isFloatingRate,
        canBePriced: r.canBePriced,
        indicativeYield: r.indicativeYield,
        indicativeYieldAsOf: r.indicativeYieldAsOf,
        calls: r.calls,
        puts: r.puts,
        nsdlStatus: r.nsdlStatus,
        source: r.source,
        searchText: searchText(r),
      }))
      await tx
        .insert(finstruments)
        .values(rows)
        .onConflictDoUpdate({
          target: finstruments.id,
          set: Object.fromEntries(
            Object.keys(rows[0] ?? {})
              .filter((k) => k !== 'id')
              .map((k) => [k, sql.raw(`excluded.${toColumn(k)}`)]),
          ),
        })
    }
  })
}

function toColumn(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}

/** A value stored in app_meta, or undefined. */
export async function readMeta(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key))
  return row?.value
}

/** Store a value in app_meta. */
export async function writeMeta(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } })
}

function likePattern(token: string): string {
  return `%${token.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Words of a query the search uses at most. */
const MAX_SEARCH_WORDS = 8

/**
 * The search for queries of `words` words, as a named prepared statement: PostgreSQL parses and
 * plans it once per connection (the plan, a bitmap scan of the trigram index, does not depend on
 * the words), and drizzle builds its SQL once per database.
 *
 * Every word must occur in the bond's `search_text` (which holds its ISIN). `search_text` is stored
 * lower-case and words are lower-cased, so a plain `LIKE` finds what `ILIKE` would, at half the
 * cost per candidate row (ILIKE case-folds every row it rechecks). Ranking: exact ISIN, ISIN
 * prefix, not matured, name prefix, shorter search text, name; ISINs are stored upper-case, so
 * they are compared as they are.
 */
function prepareSearch(db: Db, words: number) {
  const word = (i: number) => sql.placeholder(`w${i}`)
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
      sql`starts_with(${finstruments.isin}, ${sql.placeholder('isin')}) desc`,
      sql`(${finstruments.maturityDate} is not null and ${finstruments.maturityDate} < current_date) asc`,
      sql`starts_with(lower(${finstruments.displayName}), ${sql.placeholder('name')}) desc`,
      sql`length(${finstruments.searchText}) asc`,
      asc(finstruments.displayName),
      asc(finstruments.id),
    )
    .limit(sql.placeholder('limit'))
    .prepare(`finstruments_search_${words}`)
}

const preparedSearches = new WeakMap<Db, Map<number, ReturnType<typeof prepareSearch>>>()

/**
 * Search available bonds by fragments of name, ISIN, issuer: every word must occur, each matched
 * through the trigram index; exact ISIN first (see prepareSearch).
 */
export async function searchFinstruments(
  db: Db,
  query: string,
  limit: number,
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
export async function findFinstrument(db: Db, id: string): Promise<FinstrumentRow | undefined> {
  const [row] = await db.select().from(finstruments).where(eq(finstruments.id, id))
  return row
}

/** Other available bonds of the same issuer, in ISIN order after the cursor. */
export async function sameIssuer(
  db: Db,
  bond: FinstrumentRow,
  after: string | null,
  limit: number,
): Promise<FinstrumentSummaryRow[]> {
  const conditions = [
    eq(finstruments.issuer, bond.issuer),
    ne(finstruments.id, bond.id),
    eq(finstruments.isAvailable, true),
  ]
  return pageAfter(db, conditions, after, limit)
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
    or(isNull(finstruments.maturityDate), gte(finstruments.maturityDate, today))!,
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
