// Cursor pagination of lists: in ISIN order the cursor is the last ISIN; in a sorted screen it is
// the sort, the last row's sort key and its ISIN. A cursor that does not fit the request is a 400.
import {
  isBoundedIsoDate,
  SCREEN_SORT_FIELDS,
  type FinstrumentPage,
  type ScreenSort,
} from '@bonds/domain'
import { z } from 'zod'
import { HttpError } from '../../http/errors.ts'
import { UNDATED_DISTANCE, type FinstrumentSummaryRow, type NearAfter } from './repo.ts'
import type { SortedAfter } from './screen-repo.ts'
import { toSummary } from './views.ts'

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

/** The cursor after a sorted page's last row. */
export function encodeSortedCursor(
  sort: ScreenSort,
  key: string | number | null,
  id: string,
): string {
  return Buffer.from(JSON.stringify([sort.field, sort.direction, key, id]), 'utf8').toString(
    'base64url',
  )
}

/** A base64url JSON cursor read by its schema; anything else is a 400 "Invalid cursor". */
function readJsonCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  const result = schema.safeParse(parsed)
  if (!result.success) throw invalidCursor()
  return result.data
}

/** The start of a sorted page; a cursor of another sort, or with a key of the wrong type, is a 400. */
export function decodeSortedCursor(
  cursor: string | null | undefined,
  sort: ScreenSort,
): SortedAfter | null {
  if (!cursor) return null
  const [field, direction, key, id] = readJsonCursor(cursor, sortedCursorSchema)
  if (field !== sort.field || direction !== sort.direction) throw invalidCursor()
  const numeric = field === 'yield' || field === 'coupon'
  if (key === null ? !numeric : numeric !== (typeof key === 'number')) throw invalidCursor()
  if (field === 'maturity' && !isBoundedIsoDate(String(key))) throw invalidCursor()
  return { key, id }
}

/**
 * One page in ISIN order: `limit` rows after the cursor, and the next page's cursor if any;
 * `today` (India) decides "matured".
 */
export async function page(
  fetch: (after: string | null, limit: number) => Promise<FinstrumentSummaryRow[]>,
  cursor: string | null | undefined,
  limit: number,
  today: string,
): Promise<FinstrumentPage> {
  const rows = await fetch(decodeCursor(cursor), limit + 1)
  const results = rows.slice(0, limit)
  const last = results.at(-1)
  return {
    results: results.map((row) => toSummary(row, today)),
    next_cursor: rows.length > limit && last ? encodeCursor(last.id) : null,
  }
}

/** The same issuer's list's cursor: the last row's rank, distance from the viewed maturity, ISIN. */
const nearCursorSchema = z.tuple([
  z.number().int().min(0).max(3),
  z.number().int().min(0).max(UNDATED_DISTANCE),
  z.string().regex(ISIN),
])

/** The cursor after a row of the same issuer's list. */
export function encodeNearCursor(after: NearAfter): string {
  return Buffer.from(JSON.stringify([after.rank, after.distance, after.id]), 'utf8').toString(
    'base64url',
  )
}

/** The start of a page of the same issuer's list; a cursor that does not fit is a 400. */
export function decodeNearCursor(cursor: string | null | undefined): NearAfter | null {
  if (!cursor) return null
  const [rank, distance, id] = readJsonCursor(cursor, nearCursorSchema)
  return { rank, distance, id }
}
