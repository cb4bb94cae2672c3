// The bonds quotes are posted on, kept in memory for a few seconds: a desk posting hundreds of
// quotes a second on a handful of bonds reads each bond's reference data (terms, calendar,
// listing) once per BOND_CACHE_MS instead of once a quote (decision 322). What changes a bond is
// the universe import, which runs in a command of its own or at another instance's start, so the
// entries expire by age: a bond delisted or corrected is quoted on its new data within that time
// on every instance. A bond not found is never kept (one imported a moment ago is found at once).
import type { FinstrumentRow } from '../finstruments/index.ts'

/** How long a bond's row is used before it is read again, ms. */
export const BOND_CACHE_MS = 10_000

/** Bonds kept at most (the universe is some thousands; a quote names one). */
const MAX_BONDS = 10_000

/** Looks a bond up by id (ISIN), from memory when read less than `ttlMs` ago. */
export type BondLookup = (id: string) => Promise<FinstrumentRow | undefined>

/** A bond lookup over `read` (the database's) that keeps what it read for `ttlMs` (monotonic). */
export function bondCache(
  read: BondLookup,
  ttlMs = BOND_CACHE_MS,
  clock: () => number = () => performance.now(),
): BondLookup {
  const kept = new Map<string, { row: FinstrumentRow; until: number }>()
  return async (id) => {
    const now = clock()
    const hit = kept.get(id)
    if (hit && hit.until > now) return hit.row
    const row = await read(id)
    kept.delete(id)
    if (row) {
      if (kept.size >= MAX_BONDS) kept.delete(kept.keys().next().value as string)
      kept.set(id, { row, until: now + ttlMs })
    }
    return row
  }
}
