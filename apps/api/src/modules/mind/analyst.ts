// The analyst over the stored universe: the bonds are read from the finstruments module once (at
// start on the server, decision 282) and kept; after a while they are read again in the
// background while the kept analyst goes on answering, so no question waits for the read but the
// very first one.
import { createAnalyst, type Analyst } from '@bonds/analyst/engine'
import type { Db } from '../../db/index.ts'
import type { Clock } from '../../server-module.ts'
import { allFinstruments } from '../finstruments/index.ts'

/** How long the universe read is kept before it is read again (an import shows within this). */
export const UNIVERSE_TTL_MS = 10 * 60 * 1000

/**
 * The analyst over the universe: concurrent first calls share one read; a read older than
 * UNIVERSE_TTL_MS is refreshed in the background (the old analyst answers until the new one is
 * built); a failed first read is tried again on the next call.
 */
export function storedUniverseAnalyst(
  db: Db,
  now: Clock,
  today: () => string,
): () => Promise<Analyst> {
  let current: { at: number; analyst: Promise<Analyst> } | null = null
  let refreshing = false
  const read = () =>
    allFinstruments(db).then((rows) => createAnalyst({ bonds: rows, today: today() }))
  return () => {
    const at = now().getTime()
    if (!current) {
      const analyst = read()
      const entry = { at, analyst }
      current = entry
      analyst.catch(() => {
        if (current === entry) current = null
      })
    } else if (at - current.at > UNIVERSE_TTL_MS && !refreshing) {
      refreshing = true
      read().then(
        (fresh) => {
          current = { at: now().getTime(), analyst: Promise.resolve(fresh) }
          refreshing = false
        },
        () => {
          // The kept analyst goes on answering; the next call tries again.
          refreshing = false
        },
      )
    }
    return current.analyst
  }
}
