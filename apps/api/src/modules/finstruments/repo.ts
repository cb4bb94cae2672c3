// Queries on the finstruments table.
import {
  RATING_GRADES,
  type ScreenFilter,
  type ScreenSort,
  type ScreenSortField,
} from '@bonds/domain'
import { and, asc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm'
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

const BUCKET_SQL: Record<string, SQL> = {
  'Up to 1 year': sql`${finstruments.maturityDate} < current_date + interval '1 year'`,
  '1 to 3 years': sql`${finstruments.maturityDate} >= current_date + interval '1 year' and ${finstruments.maturityDate} < current_date + interval '3 years'`,
  '3 to 5 years': sql`${finstruments.maturityDate} >= current_date + interval '3 years' and ${finstruments.maturityDate} < current_date + interval '5 years'`,
  '5 to 10 years': sql`${finstruments.maturityDate} >= current_date + interval '5 years' and ${finstruments.maturityDate} < current_date + interval '10 years'`,
  'Over 10 years': sql`${finstruments.maturityDate} >= current_date + interval '10 years'`,
}

/** The time-to-maturity bucket of a row, as SQL. */
const BUCKET_CASE = sql`case
  when ${finstruments.maturityDate} < current_date + interval '1 year' then 'Up to 1 year'
  when ${finstruments.maturityDate} < current_date + interval '3 years' then '1 to 3 years'
  when ${finstruments.maturityDate} < current_date + interval '5 years' then '3 to 5 years'
  when ${finstruments.maturityDate} < current_date + interval '10 years' then '5 to 10 years'
  else 'Over 10 years' end`

/** Selected values per screener category. */
export type CategorySelection = Partial<Record<string, readonly string[] | undefined>>

/** What a screen asks for: values per category (equals) and filters with operators. */
export interface Screen {
  selection: CategorySelection
  filters: readonly ScreenFilter[]
}

const CATEGORY_COLUMNS = {
  bondCategory: finstruments.category,
  securityType: finstruments.securityType,
  creditRating: finstruments.rating,
  bondSecurity: finstruments.security,
} as const

/**
 * The grade of the rating on the scale of RATING_GRADES (1 = D … SOV), null off the scale: the
 * agency before the grade and a "(CE)" after it are dropped, as `ratingGrade` of @bonds/domain does.
 */
const RATING_RANK = sql`array_position(${sql.raw(
  `ARRAY[${RATING_GRADES.map((g) => `'${g}'`).join(',')}]::text[]`,
)}, regexp_replace(regexp_replace(${finstruments.rating}, '\\s*\\(.*\\)\\s*$', ''), '^.*\\s', ''))`

const COMPARE: Record<string, SQL> = {
  lt: sql.raw('<'),
  lte: sql.raw('<='),
  gt: sql.raw('>'),
  gte: sql.raw('>='),
  dateIs: sql.raw('='),
  after: sql.raw('>'),
  before: sql.raw('<'),
}

/** A filter with an operator other than equals, as SQL (equals filters join the selection). */
function filterCondition(filter: ScreenFilter): SQL | null {
  const op = COMPARE[filter.operator]
  if (!op) return null
  if (filter.category === 'creditRating') {
    const rank = RATING_GRADES.indexOf(filter.value as (typeof RATING_GRADES)[number]) + 1
    return rank > 0 ? sql`${RATING_RANK} ${op} ${rank}` : sql`false`
  }
  if (filter.category !== 'timeToMaturity') return null
  if (typeof filter.value === 'string') {
    return sql`${finstruments.maturityDate} ${op} ${filter.value}::date`
  }
  const months = Math.round(filter.value * 12)
  return sql`${finstruments.maturityDate} ${op} (current_date + make_interval(months => ${months}::int))::date`
}

/** Equals filters folded into the selected values of their category. */
function selectionOf(screen: Screen): CategorySelection {
  const selection: Record<string, string[]> = {}
  for (const [category, values] of Object.entries(screen.selection)) {
    if (values?.length) selection[category] = [...values]
  }
  for (const filter of screen.filters) {
    if (filter.operator !== 'equals') continue
    ;(selection[filter.category] ??= []).push(String(filter.value))
  }
  return selection
}

/**
 * Conditions for the screen: available, not matured, every selected category (values of one
 * category are alternatives) and every filter. `skip` leaves out the selected values of one
 * category (its own counts), never its filters with operators.
 */
function screenConditions(screen: Screen, skip?: string): SQL[] {
  const conditions: SQL[] = [
    eq(finstruments.isAvailable, true),
    sql`${finstruments.maturityDate} >= current_date`,
  ]
  for (const [category, values] of Object.entries(selectionOf(screen))) {
    if (!values || values.length === 0 || category === skip) continue
    if (category === 'timeToMaturity') {
      const parts = values.map((v) => BUCKET_SQL[v]).filter((s): s is SQL => Boolean(s))
      conditions.push(parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`)
    } else {
      const column = CATEGORY_COLUMNS[category as keyof typeof CATEGORY_COLUMNS]
      if (column) conditions.push(inArray(column, [...values]))
    }
  }
  for (const filter of screen.filters) {
    const condition = filterCondition(filter)
    if (condition) conditions.push(condition)
  }
  return conditions
}

/** Rows meeting every condition, in ISIN order after the cursor: one page of a list. */
function pageAfter(db: Db, conditions: SQL[], after: string | null, limit: number) {
  return db
    .select(SUMMARY_COLUMNS)
    .from(finstruments)
    .where(and(...conditions, ...(after ? [gt(finstruments.id, after)] : [])))
    .orderBy(asc(finstruments.id))
    .limit(limit)
}

/** How one sort field orders rows: the SQL it orders by, the key a cursor keeps, the key's cast. */
const SORTS: Record<ScreenSortField, { order: SQL; key: SQL; cast: (value: SQL) => SQL }> = {
  name: {
    order: sql`lower(${finstruments.displayName})`,
    key: sql`lower(${finstruments.displayName})`,
    cast: (v) => sql`${v}::text`,
  },
  yield: {
    order: sql`${finstruments.indicativeYield}`,
    key: sql`${finstruments.indicativeYield}`,
    cast: (v) => sql`${v}::float8`,
  },
  maturity: {
    order: sql`${finstruments.maturityDate}`,
    key: sql`to_char(${finstruments.maturityDate}, 'YYYY-MM-DD')`,
    cast: (v) => sql`${v}::date`,
  },
  coupon: {
    order: sql`${finstruments.couponRate}`,
    key: sql`${finstruments.couponRate}`,
    cast: (v) => sql`${v}::float8`,
  },
}

/** Where a sorted page starts: the sort key and id of the last row of the previous page. */
export interface SortedAfter {
  key: string | number | null
  id: string
}

/** A row of a sorted page with the key its cursor keeps. */
export type SortedRow = FinstrumentSummaryRow & { sortKey: string | number | null }

/**
 * One page of the screen in the sort's order (rows without the value last, either way), ties by
 * ISIN, after the cursor: keyset paging, so a page costs the same wherever it starts.
 */
export async function listSorted(
  db: Db,
  screen: Screen,
  sort: ScreenSort,
  after: SortedAfter | null,
  limit: number,
): Promise<SortedRow[]> {
  const { order, key, cast } = SORTS[sort.field]
  const beyond = sort.direction === 'asc' ? sql.raw('>') : sql.raw('<')
  const conditions = screenConditions(screen)
  if (after) {
    conditions.push(
      after.key === null
        ? sql`(${order} is null and ${finstruments.id} > ${after.id})`
        : sql`(${order} ${beyond} ${cast(sql`${after.key}`)} or (${order} = ${cast(sql`${after.key}`)} and ${finstruments.id} > ${after.id}) or ${order} is null)`,
    )
  }
  const rows = await db
    .select({ ...SUMMARY_COLUMNS, sortKey: sql<string | number | null>`${key}` })
    .from(finstruments)
    .where(and(...conditions))
    .orderBy(
      sort.direction === 'asc' ? sql`${order} asc nulls last` : sql`${order} desc nulls last`,
      asc(finstruments.id),
    )
    .limit(limit)
  const numeric = sort.field === 'yield' || sort.field === 'coupon'
  return rows.map((row) => ({
    ...row,
    sortKey: numeric && row.sortKey !== null ? Number(row.sortKey) : row.sortKey,
  }))
}

/** One page of the screen, in ISIN order after the cursor. */
export async function listFinstruments(
  db: Db,
  screen: Screen,
  after: string | null,
  limit: number,
): Promise<FinstrumentSummaryRow[]> {
  return pageAfter(db, screenConditions(screen), after, limit)
}

/** Values of one category with their counts under the rest of the screen. */
export async function categoryCounts(
  db: Db,
  category: string,
  screen: Screen,
): Promise<{ value: string; count: number }[]> {
  const column =
    category === 'timeToMaturity'
      ? BUCKET_CASE
      : CATEGORY_COLUMNS[category as keyof typeof CATEGORY_COLUMNS]
  if (!column) return []
  const rows = await db
    .select({ value: sql<string | null>`${column}`, count: sql<number>`count(*)::int` })
    .from(finstruments)
    .where(and(...screenConditions(screen, category)))
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`, sql`1 asc`)
  return rows
    .filter((r): r is { value: string; count: number } => r.value !== null)
    .map((r) => ({ value: r.value, count: Number(r.count) }))
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
