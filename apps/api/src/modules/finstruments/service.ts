// Rules of the finstrument endpoints: paging, mapping rows to the wire shapes, the universe import.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  SCREEN_SORT_FIELDS,
  type FinstrumentInfo,
  type FinstrumentListRequest,
  type FinstrumentPage,
  type FinstrumentSummary,
  type ScreenFilter,
  type ScreenSort,
} from '@bonds/domain'
import { z } from 'zod'
import type { Db } from '../../db/index.ts'
import { HttpError } from '../../http/errors.ts'
import {
  categoryCounts,
  findFinstrument,
  listFinstruments,
  listSorted,
  readMeta,
  sameIssuer,
  searchFinstruments,
  upsertFinstruments,
  writeMeta,
  type CategorySelection,
  type FinstrumentRow,
  type FinstrumentSummaryRow,
  type Screen,
  type SortedAfter,
} from './repo.ts'
import { defaultDataDir, loadUniverse } from './universe.ts'

/** Results a search returns at most. */
export const SEARCH_LIMIT = 20

function today(): string {
  return new Date().toISOString().slice(0, 10)
}

function isMatured(row: Pick<FinstrumentRow, 'maturityDate'>): boolean {
  return row.maturityDate !== null && row.maturityDate < today()
}

/** A row as lists and search return it. */
export function toSummary(row: FinstrumentSummaryRow): FinstrumentSummary {
  const matured = isMatured(row)
  return {
    id: row.id,
    display_name: row.displayName,
    identifiers: { isin: row.isin },
    available: row.isAvailable,
    contract_parameters: { is_listed: row.isListed, maturity_date: row.maturityDate },
    issuer: row.issuer,
    security_type: row.securityType,
    category: row.category,
    coupon_rate: row.couponRate,
    rating: row.rating,
    is_matured: matured,
    can_be_priced: row.canBePriced && !matured,
    indicative_yield: row.indicativeYield,
    indicative_yield_as_of: row.indicativeYieldAsOf,
  }
}

/** A row with all its terms. */
export function toInfo(row: FinstrumentRow): FinstrumentInfo {
  return {
    ...toSummary(row),
    frequency: row.frequency,
    convention: (row.convention as FinstrumentInfo['convention']) ?? null,
    day_count: row.dayCount,
    issue_date: row.issueDate,
    face_value: row.faceValue,
    face_value_assumed: row.faceValueAssumed,
    security: row.security,
    state: row.state,
    is_floating_rate: row.isFloatingRate,
    calls: row.calls,
    puts: row.puts,
    source: row.source,
  }
}

function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url')
}

function invalidCursor(): HttpError {
  return new HttpError(400, 'Invalid cursor', { cursor: 'Invalid cursor' })
}

const ISIN = /^[A-Z0-9]{12}$/

function decodeCursor(cursor: string | null | undefined): string | null {
  if (!cursor) return null
  const id = Buffer.from(cursor, 'base64url').toString('utf8')
  if (!ISIN.test(id)) throw invalidCursor()
  return id
}

/** A sorted page's cursor: the sort it belongs to, the last row's sort key and ISIN. */
const sortedCursorSchema = z.tuple([
  z.enum(SCREEN_SORT_FIELDS),
  z.enum(['asc', 'desc']),
  z.union([z.string().max(300), z.number(), z.null()]),
  z.string().regex(ISIN),
])

function encodeSortedCursor(sort: ScreenSort, key: string | number | null, id: string): string {
  return Buffer.from(JSON.stringify([sort.field, sort.direction, key, id]), 'utf8').toString(
    'base64url',
  )
}

/** The start of a sorted page; a cursor of another sort, or with a key of the wrong type, is a 400. */
function decodeSortedCursor(
  cursor: string | null | undefined,
  sort: ScreenSort,
): SortedAfter | null {
  if (!cursor) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  const result = sortedCursorSchema.safeParse(parsed)
  if (!result.success) throw invalidCursor()
  const [field, direction, key, id] = result.data
  if (field !== sort.field || direction !== sort.direction) throw invalidCursor()
  const numeric = field === 'yield' || field === 'coupon'
  if (key === null ? !numeric : numeric !== (typeof key === 'number')) throw invalidCursor()
  if (field === 'maturity' && !/^\d{4}-\d{2}-\d{2}$/.test(String(key))) throw invalidCursor()
  return { key, id }
}

async function page(
  fetch: (after: string | null, limit: number) => Promise<FinstrumentSummaryRow[]>,
  cursor: string | null | undefined,
  limit: number,
): Promise<FinstrumentPage> {
  const rows = await fetch(decodeCursor(cursor), limit + 1)
  const results = rows.slice(0, limit)
  const last = results.at(-1)
  return {
    results: results.map(toSummary),
    next_cursor: rows.length > limit && last ? encodeCursor(last.id) : null,
  }
}

/** What a screen page asks for (the list request without its instrument type). */
export type ListRequest = Pick<
  FinstrumentListRequest,
  'pagination_params' | 'category_values' | 'sort'
> & { filters?: readonly ScreenFilter[] }

/** The finstrument service over one database. */
export function finstrumentService(db: Db) {
  async function get(id: string): Promise<FinstrumentRow> {
    const row = await findFinstrument(db, id.toUpperCase())
    if (!row) throw new HttpError(404, 'Bond not found')
    return row
  }
  return {
    /** Search by fragments of name, ISIN or issuer. */
    async search(query: string): Promise<FinstrumentSummary[]> {
      return (await searchFinstruments(db, query, SEARCH_LIMIT)).map(toSummary)
    },
    /** A page of the screen, in ISIN order or by the sort asked for. */
    async list(request: ListRequest): Promise<FinstrumentPage> {
      const screen: Screen = {
        selection: request.category_values,
        filters: request.filters ?? [],
      }
      const { cursor, limit } = request.pagination_params
      const sort = request.sort
      if (!sort) return page((after, n) => listFinstruments(db, screen, after, n), cursor, limit)
      const rows = await listSorted(db, screen, sort, decodeSortedCursor(cursor, sort), limit + 1)
      const results = rows.slice(0, limit)
      const last = results.at(-1)
      return {
        results: results.map(toSummary),
        next_cursor:
          rows.length > limit && last ? encodeSortedCursor(sort, last.sortKey, last.id) : null,
      }
    },
    /** Counts per value of each category under the rest of the screen. */
    async categories(
      categories: readonly string[],
      selection: CategorySelection,
      filters: readonly ScreenFilter[] = [],
    ) {
      const screen: Screen = { selection, filters }
      const entries = await Promise.all(
        categories.map(async (c) => [c, await categoryCounts(db, c, screen)] as const),
      )
      return Object.fromEntries(entries)
    },
    /** One bond's summary. */
    async summary(id: string) {
      return toSummary(await get(id))
    },
    /** One bond's terms. */
    async info(id: string) {
      return toInfo(await get(id))
    },
    /** Other bonds of the same issuer. */
    async sameIssuer(id: string, cursor: string | null | undefined, limit: number) {
      const bond = await get(id)
      return page((after, n) => sameIssuer(db, bond, after, n), cursor, limit)
    },
  }
}

/** The finstrument service's type. */
export type FinstrumentService = ReturnType<typeof finstrumentService>

/**
 * Version of what the import writes: raised when it writes more (or other) columns from the same
 * files, so a database imported by an older server is imported again. 2: indicative yields.
 */
const IMPORT_VERSION = 2

/** A fingerprint of the universe files and the import, so a change to either imports again. */
export function universeFingerprint(dataDir: string = defaultDataDir()): string {
  const hash = createHash('sha256')
  hash.update(`import ${IMPORT_VERSION}\n`)
  for (const name of ['raw/gsec-sdl-2022-05.csv', 'raw/corporate-bonds.csv', 'hand-checked.csv']) {
    hash.update(readFileSync(join(dataDir, name)))
  }
  return hash.digest('hex')
}

/**
 * Import the universe unless this database already holds this version of it.
 * Returns how many records were written (0 when it was up to date).
 */
export async function importUniverse(db: Db, dataDir: string = defaultDataDir()): Promise<number> {
  const fingerprint = universeFingerprint(dataDir)
  const stored = (await readMeta(db, 'universe')) as { fingerprint?: string } | undefined
  if (stored?.fingerprint === fingerprint) return 0
  const records = loadUniverse({ dataDir, asOf: today() })
  await upsertFinstruments(db, records)
  await writeMeta(db, 'universe', {
    fingerprint,
    rows: records.length,
    importedAt: new Date().toISOString(),
  })
  return records.length
}
