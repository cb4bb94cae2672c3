// Withdraw one of the caller's client's live EOIs: it reads EXPIRED, and every open cluster it is
// in closes with it: a response in one closes, a quote answered is live again (decision 398).
import { MARKET_MESSAGES as MM, type Eoi } from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { isNumericId, type MarketContext } from '../context.ts'
import { eoiView, isLive } from '../model.ts'
import { announceClustersEnded, closeClusters, lockMarket } from '../cluster-end.ts'
import { eoiById, setEoiState } from '../repo.ts'
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
      // The market's lock order (decision 408): the quote, its clusters' and negotiations'
      // quotes, then its clusters; checked once they are held.
      const seen = await eoiById(tx, Number(id))
      if (!seen || seen.clientId !== user.clientId) throw new HttpError(404, 'Quote not found')
      const open = await lockMarket(tx, [seen.id])
      const eoi = await eoiById(tx, seen.id, { lock: true })
      if (!eoi) throw new HttpError(404, 'Quote not found')
      if (!isLive(eoi, at)) throw new HttpError(409, MM.quoteNotLive)
      await setEoiState(tx, eoi.id, 'EXPIRED', at)
      const quotes = await closeClusters(tx, open, [eoi.id], at, user.id)
      const closed = quotes.clusters
      const ended = await endNegotiations(tx, [eoi.id], 'CLOSED', at)
      await audit(tx, {
        actor: user.id,
        action: 'eoi_expired',
        ip: ip ?? null,
        detail: { eoi_id: eoi.id, clusters_closed: closed.map((c) => c.id) },
      })
      return { eoi: { ...eoi, state: 'EXPIRED', updatedAt: at }, closed, quotes, ended }
    },
    async ({ eoi, quotes, ended }, events) => {
      await events.eoi(eoi)
      await announceClustersEnded(events, quotes)
      for (const thread of ended.threads) await events.negotiation(thread)
      for (const counter of ended.counters) await events.eoi(counter)
    },
  )
  return eoiView(done.eoi, at)
}
