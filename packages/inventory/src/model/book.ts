// The grid's pure rules: positions grouped by book and sorted within each, the rows a window of
// the grid shows (virtualised: only what is on screen is rendered), and which cells changed
// between two valuations (they flash, up or down).
import type { InventoryPosition } from '@bonds/domain'

/** The columns the grid sorts by. */
export type SortKey =
  | 'display_name'
  | 'face_value'
  | 'cost_clean_price'
  | 'market_clean_price'
  | 'market_value'
  | 'unrealised_pnl'
  | 'yield'
  | 'modified_duration'
  | 'maturity_date'

/** A sort: a column and a direction. */
export interface Sort {
  key: SortKey
  direction: 'ascending' | 'descending'
}

/** One row of the grid: a book's heading, or a position. */
export type GridRow =
  | { kind: 'book'; book: string; count: number; marketValue: number; pnl: number }
  | { kind: 'position'; position: InventoryPosition; key: string }

/** A position's key: its book and bond. */
export const positionKey = (p: Pick<InventoryPosition, 'book' | 'finstrument_id'>) =>
  `${p.book}|${p.finstrument_id}`

/**
 * Names compared by one collator made once: `localeCompare` builds its comparison each call, and
 * sorting a 5,000-position book by name took it tens of milliseconds on every valuation.
 */
const NAMES = new Intl.Collator('en-IN')

/** ISINs are ASCII: compared by code unit. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function compare(a: InventoryPosition, b: InventoryPosition, sort: Sort): number {
  const x = a[sort.key]
  const y = b[sort.key]
  let order: number
  if (x === null || y === null) order = x === y ? 0 : x === null ? 1 : -1
  else if (typeof x === 'number' && typeof y === 'number') order = x - y
  else order = NAMES.compare(String(x), String(y))
  return sort.direction === 'ascending' ? order : -order
}

/** Rows of the grid: each book's heading (its total), then its positions in the sort's order. */
export function gridRows(positions: readonly InventoryPosition[], sort: Sort): GridRow[] {
  const books = new Map<string, InventoryPosition[]>()
  for (const p of positions) {
    const list = books.get(p.book)
    if (list) list.push(p)
    else books.set(p.book, [p])
  }
  const rows: GridRow[] = []
  for (const book of [...books.keys()].sort(NAMES.compare)) {
    const list = [...books.get(book)!].sort((a, b) => compare(a, b, sort) || byCode(a.isin, b.isin))
    const paise = (key: 'market_value' | 'unrealised_pnl') =>
      list.reduce((sum, p) => sum + Math.round(p[key] * 100), 0) / 100
    rows.push({
      kind: 'book',
      book,
      count: list.length,
      marketValue: paise('market_value'),
      pnl: paise('unrealised_pnl'),
    })
    for (const position of list)
      rows.push({ kind: 'position', position, key: positionKey(position) })
  }
  return rows
}

/** Rows of the grid as last computed: from which positions, in which sort. */
export interface GridView {
  positions: readonly InventoryPosition[]
  sort: Sort
  rows: GridRow[]
}

/**
 * Rows of the grid after a valuation, reusing the last order when only values moved (a quote
 * tick): the same positions at the same places with the same value of the sorted column keep
 * their rows' order and only the moved rows and their books' headings are made again, without
 * sorting 5,000 positions again (decision 316). Anything else is sorted again.
 */
export function regridRows(
  last: GridView | undefined,
  positions: readonly InventoryPosition[],
  sort: Sort,
): GridRow[] {
  if (!last || last.sort !== sort || last.positions.length !== positions.length)
    return gridRows(positions, sort)
  const moved = new Map<string, InventoryPosition>()
  for (let i = 0; i < positions.length; i++) {
    const now = positions[i]!
    const was = last.positions[i]!
    if (now === was) continue
    if (now.book !== was.book || now.finstrument_id !== was.finstrument_id) {
      return gridRows(positions, sort)
    }
    if (now[sort.key] !== was[sort.key]) return gridRows(positions, sort)
    moved.set(positionKey(now), now)
  }
  if (moved.size === 0) return last.rows
  const books = new Set([...moved.values()].map((p) => p.book))
  const rows = last.rows.map((row) =>
    row.kind === 'position' && moved.has(row.key) ? { ...row, position: moved.get(row.key)! } : row,
  )
  // Each moved book's heading sums its rows again.
  for (let i = 0; i < rows.length; i++) {
    const heading = rows[i]!
    if (heading.kind !== 'book' || !books.has(heading.book)) continue
    let value = 0
    let pnl = 0
    for (let j = i + 1; j < rows.length; j++) {
      const row = rows[j]!
      if (row.kind !== 'position') break
      value += Math.round(row.position.market_value * 100)
      pnl += Math.round(row.position.unrealised_pnl * 100)
    }
    rows[i] = { ...heading, marketValue: value / 100, pnl: pnl / 100 }
  }
  return rows
}

/** The rows a scrolled window shows (plus `overscan` each side): the first index and the slice. */
export function windowOf(
  count: number,
  {
    scrollTop,
    height,
    rowHeight,
    overscan = 8,
  }: { scrollTop: number; height: number; rowHeight: number; overscan?: number },
): { start: number; end: number } {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const end = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan)
  return { start, end }
}

/** The valued fields that flash when they change. */
export const FLASHING = ['market_clean_price', 'market_value', 'unrealised_pnl', 'yield'] as const
/** One flashing field. */
export type FlashField = (typeof FLASHING)[number]

/** Which cells moved between two valuations, and which way: `key|field` → up or down. */
export function changedCells(
  before: readonly InventoryPosition[] | undefined,
  after: readonly InventoryPosition[],
): Map<string, 'up' | 'down'> {
  const changed = new Map<string, 'up' | 'down'>()
  if (!before) return changed
  const compare = (was: InventoryPosition, p: InventoryPosition) => {
    for (const field of FLASHING) {
      const a = was[field]
      const b = p[field]
      if (a !== null && b !== null && a !== b)
        changed.set(`${positionKey(p)}|${field}`, b > a ? 'up' : 'down')
    }
  }
  // A patched book (a quote tick) keeps every row at its place and unmoved rows as they were:
  // only the rows that are new objects are compared.
  if (before.length === after.length) {
    let aligned = true
    for (let i = 0; i < after.length && aligned; i++) {
      const was = before[i]!
      const p = after[i]!
      if (was === p) continue
      if (was.book !== p.book || was.finstrument_id !== p.finstrument_id) aligned = false
      else compare(was, p)
    }
    if (aligned) return changed
    changed.clear()
  }
  const old = new Map(before.map((p) => [positionKey(p), p]))
  for (const p of after) {
    const was = old.get(positionKey(p))
    if (was && was !== p) compare(was, p)
  }
  return changed
}
