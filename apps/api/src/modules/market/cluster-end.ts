// What becomes of a closed cluster's two quotes (decision 398): the response (the quote made by
// `POST api/eoi/add/` with `respond_eoi_id`) ends with its cluster, CLOSED while it was still live;
// the quote it answered is DEFAULT again once no open cluster negotiates on it. Quotes leaving the
// market themselves (withdrawn, expired: `leaving`) keep their own end. Like a negotiation's
// counter quote (rfq-end.ts), whichever way the cluster closed: its close, a withdrawal, expiry.
import type { Db } from '../../db/index.ts'
import { isLive } from './model.ts'
import { eoiById, openClustersOf, setEoiState, type ClusterRow, type EoiWithBond } from './repo.ts'

/** The quotes of closed clusters that changed: responses closed, answered quotes live again. */
export interface ClusterQuotesEnded {
  closed: EoiWithBond[]
  reopened: EoiWithBond[]
}

/**
 * End the quotes of clusters just closed (their rows already CLOSED), except those in `leaving`;
 * returns the quotes whose state changed, for their `quotes_eoi`.
 */
export async function endClusterQuotes(
  db: Db,
  closedClusters: readonly Pick<ClusterRow, 'buyerEoiId' | 'sellerEoiId'>[],
  leaving: readonly number[],
  at: Date,
): Promise<ClusterQuotesEnded> {
  const ids = new Set<number>()
  for (const cluster of closedClusters) {
    for (const id of [cluster.buyerEoiId, cluster.sellerEoiId]) {
      if (!leaving.includes(id)) ids.add(id)
    }
  }
  const ended: ClusterQuotesEnded = { closed: [], reopened: [] }
  for (const id of [...ids].sort((a, b) => a - b)) {
    const eoi = await eoiById(db, id, { lock: true })
    if (!eoi) continue
    if (eoi.respondEoiId !== null) {
      if (isLive(eoi, at)) {
        await setEoiState(db, eoi.id, 'CLOSED', at)
        ended.closed.push({ ...eoi, state: 'CLOSED', updatedAt: at })
      }
    } else if (eoi.state === 'RESPONDED' && (await openClustersOf(db, eoi.id)).length === 0) {
      await setEoiState(db, eoi.id, 'DEFAULT', at)
      ended.reopened.push({ ...eoi, state: 'DEFAULT', updatedAt: at })
    }
  }
  return ended
}
