// Rules of the finstrument endpoints: paging, mapping rows to the wire shapes, the universe import.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FinstrumentInfo, FinstrumentPage, FinstrumentSummary } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import { HttpError } from '../../http/errors.ts'
import {
  categoryCounts,
  findFinstrument,
  listFinstruments,
  readMeta,
  sameIssuer,
  searchFinstruments,
  upsertFinstruments,
  writeMeta,
  type CategorySelection,
  type FinstrumentRow,
  type FinstrumentSummaryRow,
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

function decodeCursor(cursor: string | null | undefined): string | null {
  if (!cursor) return null
  const id = Buffer.from(cursor, 'base64url').toString('utf8')
  if (!/^[A-Z0-9]{12}$/.test(id))
    throw new HttpError(400, 'Invalid cursor', { cursor: 'Invalid cursor' })
  return id
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
    /** A page of the screen. */
    list(selection: CategorySelection, cursor: string | null | undefined, limit: number) {
      return page((after, n) => listFinstruments(db, selection, after, n), cursor, limit)
    },
    /** Counts per value of each category. */
    async categories(categories: readonly string[], selection: CategorySelection) {
      const entries = await Promise.all(
        categories.map(async (c) => [c, await categoryCounts(db, c, selection)] as const),
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

/** A fingerprint of the universe files, so a changed file is imported again. */
export function universeFingerprint(dataDir: string = defaultDataDir()): string {
  const hash = createHash('sha256')
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
