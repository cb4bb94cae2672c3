// The screener's queries on the finstruments table: selected category values, filters with
// operators, sorted pages and the counts per category value under the rest of the screen.
import {
  RATING_GRADES,
  type ScreenFilter,
  type ScreenSort,
  type ScreenSortField,
} from '@bonds/domain'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { finstruments } from '../../db/index.ts'
import { pageAfter, SUMMARY_COLUMNS, type FinstrumentSummaryRow } from './repo.ts'

/** Today (YYYY-MM-DD, India) as a date in SQL: the database's own date may be UTC's. */
function dateOf(today: string): SQL {
  return sql`${today}::date`
}

/** The time-to-maturity buckets, counted from `today`, as SQL conditions. */
function bucketSql(today: string): ReadonlyMap<string, SQL> {
  const d = dateOf(today)
  const m = finstruments.maturityDate
  // A Map, not an object: a value such as "toString" must find nothing, not Object's method.
  return new Map([
    ['Up to 1 year', sql`${m} < ${d} + interval '1 year'`],
    ['1 to 3 years', sql`${m} >= ${d} + interval '1 year' and ${m} < ${d} + interval '3 years'`],
    ['3 to 5 years', sql`${m} >= ${d} + interval '3 years' and ${m} < ${d} + interval '5 years'`],
    ['5 to 10 years', sql`${m} >= ${d} + interval '5 years' and ${m} < ${d} + interval '10 years'`],
    ['Over 10 years', sql`${m} >= ${d} + interval '10 years'`],
  ])
}

/** The time-to-maturity bucket of a row, counted from `today`, as SQL. */
function bucketCase(today: string): SQL {
  const d = dateOf(today)
  const m = finstruments.maturityDate
  return sql`case
  when ${m} < ${d} + interval '1 year' then 'Up to 1 year'
  when ${m} < ${d} + interval '3 years' then '1 to 3 years'
  when ${m} < ${d} + interval '5 years' then '3 to 5 years'
  when ${m} < ${d} + interval '10 years' then '5 to 10 years'
  else 'Over 10 years' end`
}

/** Selected values per screener category. */
export type CategorySelection = Partial<Record<string, readonly string[] | undefined>>

/**
 * What a screen asks for: values per category (equals) and filters with operators, on `today`
 * (YYYY-MM-DD, India), which decides what has matured and every time to maturity.
 */
export interface Screen {
  selection: CategorySelection
  filters: readonly ScreenFilter[]
  today: string
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
function filterCondition(filter: ScreenFilter, today: string): SQL | null {
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
  return sql`${finstruments.maturityDate} ${op} (${dateOf(today)} + make_interval(months => ${months}::int))::date`
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
 * Conditions for the screen: available, not matured on the screen's day, every selected category (values of one
 * category are alternatives) and every filter. `skip` leaves out the selected values of one
 * category (its own counts), never its filters with operators.
 */
function screenConditions(screen: Screen, skip?: string): SQL[] {
  const conditions: SQL[] = [
    eq(finstruments.isAvailable, true),
    sql`${finstruments.maturityDate} >= ${dateOf(screen.today)}`,
  ]
  for (const [category, values] of Object.entries(selectionOf(screen))) {
    if (!values || values.length === 0 || category === skip) continue
    if (category === 'timeToMaturity') {
      const buckets = bucketSql(screen.today)
      const parts = values.map((v) => buckets.get(v)).filter((s): s is SQL => Boolean(s))
      conditions.push(parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`)
    } else {
      const column = CATEGORY_COLUMNS[category as keyof typeof CATEGORY_COLUMNS]
      if (column) conditions.push(inArray(column, [...values]))
    }
  }
  for (const filter of screen.filters) {
    const condition = filterCondition(filter, screen.today)
    if (condition) conditions.push(condition)
  }
  return conditions
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

/**
 * The yield a row shows: its fund disclosure's, else the market's (a live quote's or a recent
 * trade's, passed in for the few bonds the market prices), so the sort orders what the screen shows.
 */
function shownYield(market: ReadonlyMap<string, number>): SQL {
  if (market.size === 0) return sql`${finstruments.indicativeYield}`
  const cases = sql.join(
    [...market].map(([id, value]) => sql`when ${id} then ${value}::float8`),
    sql` `,
  )
  return sql`coalesce(${finstruments.indicativeYield}, case ${finstruments.id} ${cases} end)`
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
  marketYields: ReadonlyMap<string, number> = new Map(),
): Promise<SortedRow[]> {
  const yields = sort.field === 'yield' ? shownYield(marketYields) : null
  const { order, key, cast } = yields
    ? { ...SORTS.yield, order: yields, key: yields }
    : SORTS[sort.field]
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
      ? bucketCase(screen.today)
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
