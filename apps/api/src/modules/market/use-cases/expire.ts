// Withdraw one of the caller's client's live EOIs: it reads EXPIRED, and every open cluster it is
// in closes with it: a response in one closes, a quote answered is live again (decision 398).
import { MARKET_MESSAGES as MM, type Eoi } from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { isNumericId, type MarketContext } from '../context.ts'
import { eoiView, isLive } from '../model.ts'
import { endClusterQuotes } from '../cluster-end.ts'
import { eoiById, openClustersOf, setEoiState, updateCluster } from '../repo.ts'
import { endNegotiations } from '../rfq-end.ts'

/** Withdraw one of the caller's client's live EOIs; its open clusters close with it. */
export async function expire(
  { now, transact }: MarketContext,
  user: AuthUser,
  id: string,
  ip?: string,
): Promise<Eoi> {
  const at = now()
  if (!isNumericId(id)) throw new HttpError(404, 'Quote not found')
  const done = await transact(
    async (tx) => {
      const eoi = await eoiById(tx, Number(id), { lock: true })
      if (!eoi || eoi.clientId !== user.clientId) throw new HttpError(404, 'Quote not found')
      if (!isLive(eoi, at)) throw new HttpError(409, MM.quoteNotLive)
      await setEoiState(tx, eoi.id, 'EXPIRED', at)
      const closed = await openClustersOf(tx, eoi.id)
      for (const cluster of closed) {
        await updateCluster(tx, cluster.id, {
          state: 'CLOSED',
          closedAt: at,
          updatedAt: at,
          updatedBy: user.id,
        })
      }
      const quotes = await endClusterQuotes(tx, closed, [eoi.id], at)
      const ended = await endNegotiations(tx, [eoi.id], 'CLOSED', at)
      await audit(tx, {
        actor: user.id,
        action: 'eoi_expired',
        ip: ip ?? null,
        detail: { eoi_id: eoi.id, clusters_closed: closed.map((c) => c.id) },
      })
      return { eoi: { ...eoi, state: 'EXPIRED', updatedAt: at }, closed, quotes, ended }
    },
    async ({ eoi, closed, quotes, ended }, events) => {
      await events.eoi(eoi)
      for (const quote of quotes.closed) await events.eoi(quote)
      for (const quote of quotes.reopened) await events.eoi(quote, true)
      for (const cluster of closed) await events.cluster({ ...cluster, state: 'CLOSED' })
      for (const thread of ended.threads) await events.negotiation(thread)
      for (const counter of ended.counters) await events.eoi(counter)
    },
  )
  return eoiView(done.eoi, at)
}
