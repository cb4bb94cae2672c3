// A grid's column sort, shared by the run grids as the RFQ quotes grid sorts: which column and
// which way, the next sort a header's button asks for, and how two keys compare.

/** A sort: a column and its direction. */
export interface ColumnSort<C extends string> {
  column: C
  direction: 'asc' | 'desc'
}

/**
 * The sort after a click on `column`'s header: ascending first, then descending; with `canClear`,
 * a third click clears it (null: the list's own order).
 */
export function nextSort<C extends string>(
  sort: ColumnSort<C> | null,
  column: C,
  canClear = false,
): ColumnSort<C> | null {
  if (!sort || sort.column !== column) return { column, direction: 'asc' }
  if (sort.direction === 'asc') return { column, direction: 'desc' }
  return canClear ? null : { column, direction: 'asc' }
}

/** Compares two sort keys, ascending; a missing one (null) after every other either way. */
export function compareKeys(
  a: string | number | null,
  b: string | number | null,
  direction: 'asc' | 'desc',
): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  const order =
    typeof a === 'string' && typeof b === 'string' ? NAMES.compare(a, b) : a < b ? -1 : 1
  return direction === 'asc' ? order : -order
}

/** Bond names in the desk's order (case and accents aside, numbers by value). */
const NAMES = new Intl.Collator('en-IN', { sensitivity: 'base', numeric: true })
