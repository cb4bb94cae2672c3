// The public runs list patched with a read of only the bonds that changed (decision 410): their
// lines replaced, new ones inserted in the server's order (by bond name), and the lines of bonds
// the read no longer answers (no live quote left, or outside the list's search) removed.
import type { PublicRun, PublicRunPage } from '@bonds/domain'

const byName = (a: PublicRun, b: PublicRun) => a.display_name.localeCompare(b.display_name)

/**
 * The list with `bonds`' lines taken from `fresh` (what the server answers for those bonds with
 * the list's own search and my_quotes); every other line kept as it was (same objects). The page
 * itself when nothing changed.
 */
export function patchPublicRuns(
  page: PublicRunPage,
  bonds: ReadonlySet<string>,
  fresh: readonly PublicRun[],
): PublicRunPage {
  const before = new Map<string, PublicRun>()
  for (const run of page.results)
    if (bonds.has(run.finstrument_id)) before.set(run.finstrument_id, run)
  // A line the read answers as the list has it stays the same object (its row is not drawn again).
  const same = (run: PublicRun) => {
    const old = before.get(run.finstrument_id)
    return old !== undefined && JSON.stringify(old) === JSON.stringify(run) ? old : run
  }
  const incoming = fresh
    .filter((run) => bonds.has(run.finstrument_id))
    .map(same)
    .sort(byName)
  if (
    incoming.length === before.size &&
    incoming.every((run) => before.get(run.finstrument_id) === run)
  ) {
    return page
  }
  const kept = page.results.filter((run) => !bonds.has(run.finstrument_id))
  const results: PublicRun[] = []
  let at = 0
  for (const run of kept) {
    while (at < incoming.length && byName(incoming[at] as PublicRun, run) < 0) {
      results.push(incoming[at] as PublicRun)
      at += 1
    }
    results.push(run)
  }
  results.push(...incoming.slice(at))
  return { ...page, results, count: results.length, page_size: results.length }
}
