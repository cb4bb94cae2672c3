// The screener's category values with their counts, each under the other selections and filters.
import type { ScreenFilter } from '@bonds/domain'
import type { FinstrumentsContext } from '../context.ts'
import { categoryCounts, type CategorySelection, type Screen } from '../screen-repo.ts'

/** Counts per value of each category under the rest of the screen. */
export async function categories(
  { db, today }: FinstrumentsContext,
  names: readonly string[],
  selection: CategorySelection,
  filters: readonly ScreenFilter[] = [],
) {
  const screen: Screen = { selection, filters, today: today() }
  const entries = await Promise.all(
    names.map(async (c) => [c, await categoryCounts(db, c, screen)] as const),
  )
  return Object.fromEntries(entries)
}
