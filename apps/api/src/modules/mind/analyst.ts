// The analyst over the stored universe: the bonds are read from the finstruments module once and
// kept for a while (they change only when the universe is imported), then read again.
import { createAnalyst, type Analyst } from '@bonds/analyst/engine'
import type { Db } from '../../db/index.ts'
import type { Clock } from '../../server-module.ts'
import { allFinstruments } from '../finstruments/index.ts'

/** How long the universe read is kept (an import shows within this). */
export const UNIVERSE_TTL_MS = 10 * 60 * 1000

/** The analyst over the universe, cached for UNIVERSE_TTL_MS; concurrent first calls share a read. */
export function storedUniverseAnalyst(
  db: Db,
  now: Clock,
  today: () => string,
): () => Promise<Analyst> {
  let cached: { at: number; analyst: Promise<Analyst> } | null = null
  return () => {
    const at = now().getTime()
    if (!cached || at - cached.at > UNIVERSE_TTL_MS) {
      const analyst = allFinstruments(db).then((rows) =>
        createAnalyst({ bonds: rows, today: today() }),
      )
      cached = { at, analyst }
      analyst.catch(() => {
        cached = null
      })
    }
    return cached.analyst
  }
}
