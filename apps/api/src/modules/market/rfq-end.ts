// Ending the negotiations on quotes that leave the market (withdrawn or expired): each open thread
// takes the quote's end state and its counter quote closes with it (decision 261).
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { eois } from '../../db/schema.ts'
import { LIVE_STATES, setEoiState, type EoiRow } from './repo.ts'
import { openNegotiationsOfQuotes, updateNegotiation, type NegotiationRow } from './rfq-repo.ts'

/** End the open negotiations on these quotes; returns the threads and the counters closed. */
export async function endNegotiations(
  db: Db,
  eoiIds: number[],
  state: 'EXPIRED' | 'CLOSED',
  at: Date,
): Promise<{ threads: NegotiationRow[]; counters: EoiRow[] }> {
  const threads = await openNegotiationsOfQuotes(db, eoiIds)
  const counters: EoiRow[] = []
  for (const thread of threads) {
    await updateNegotiation(db, thread.id, { state, updatedAt: at })
    if (eoiIds.includes(thread.counterEoiId)) continue
    const [counter] = await db
      .select()
      .from(eois)
      .where(and(eq(eois.id, thread.counterEoiId), inArray(eois.state, [...LIVE_STATES])))
    if (counter) {
      await setEoiState(db, counter.id, 'CLOSED', at)
      counters.push({ ...counter, state: 'CLOSED' })
    }
  }
  return { threads: threads.map((t) => ({ ...t, state })), counters }
}
