// The expiry sweep (decision 261): every live quote whose expiry has passed on the server's clock
// reads EXPIRED in the database, its open clusters close (their other quotes end as decision 398
// says) and its negotiations end, and the market hears of each. It reads the database, so a restart, or another instance, picks up what is due.
import type { MarketContext } from '../context.ts'
import { BULK_QUOTE_MESSAGES } from '../events.ts'
import { closeClusters, lockMarket } from '../cluster-end.ts'
import { endNegotiations } from '../rfq-end.ts'
import { expireDue as expireDueRows } from '../rfq-repo.ts'

/** Expire what is due now; returns how many quotes expired. */
export async function expireDue({ db, now, transact }: MarketContext): Promise<number> {
  const at = now()
  const expired = await expireDueRows(db, at)
  if (expired.length === 0) return 0
  const ids = expired.map((row) => row.id)
  await transact(
    async (tx) => {
      // The market's lock order (decision 408): quotes, then clusters, then negotiations.
      const open = await lockMarket(tx, ids)
      const { clusters, quotes } = await closeClusters(tx, open, ids, at)
      const negotiations = await endNegotiations(tx, ids, 'EXPIRED', at)
      return { clusters, quotes, negotiations }
    },
    async ({ clusters, quotes, negotiations }, events) => {
      // Many expiring at once (a restart's backlog): one refresh of the market's lists (decision 390).
      if (expired.length > BULK_QUOTE_MESSAGES) {
        events.touched(
          [...expired, ...quotes.closed, ...quotes.reopened].map((row) => row.finstrumentId),
        )
        await events.publicRunsRefresh()
      } else {
        for (const row of expired) await events.eoi(row)
        for (const row of quotes.closed) await events.eoi(row)
        for (const row of quotes.reopened) await events.eoi(row, true)
      }
      for (const cluster of clusters) await events.cluster(cluster)
      for (const thread of negotiations.threads) await events.negotiation(thread)
      for (const counter of negotiations.counters) await events.eoi(counter)
    },
  )
  return expired.length
}
