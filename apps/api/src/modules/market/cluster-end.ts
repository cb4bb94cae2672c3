// What becomes of a closed cluster's two quotes (decision 398): the response (the quote made by
// `POST api/eoi/add/` with `respond_eoi_id`) ends with its cluster, CLOSED while it was still live;
// the quote it answered is DEFAULT again once no open cluster negotiates on it. Quotes leaving the
// market themselves (withdrawn, expired: `leaving`) keep their own end. Like a negotiation's
// counter quote (rfq-end.ts), whichever way the cluster closed: its close, a withdrawal, expiry,
// and whatever else ends a quote: a deal, a replacement, a venue deal (decision 407).
//
// The market's lock order (decision 408): quotes first, in id order (the quotes named, those of
// their open clusters and those of their open negotiations), then the open clusters, in id order,
// then negotiations. Every path that changes a cluster or ends a quote takes `lockMarket` before
// anything else it locks, so two of them on one cluster wait on each other, never deadlock.
import type { Db } from '../../db/index.ts'
import type { MarketEvents } from './events.ts'
import { isLive } from './model.ts'
import {
  eoiById,
  lockEois,
  lockOpenClusters,
  openClustersOf,
  openClustersOfQuotes,
  setEoiState,
  updateCluster,
  type ClusterRow,
  type EoiWithBond,
} from './repo.ts'
import { endNegotiations } from './rfq-end.ts'
import { openNegotiationsOfQuotes } from './rfq-repo.ts'

/**
 * Lock, in the market's order, what ending or changing these quotes touches: the quotes, the
 * quotes of their open clusters and negotiations (id order), then those clusters (id order).
 * Returns the open clusters of these quotes, locked. A cluster made between the read and the
 * locks (a response) has its quotes locked on the next pass.
 */
export async function lockMarket(db: Db, eoiIds: readonly number[]): Promise<ClusterRow[]> {
  const held = new Set<number>()
  for (;;) {
    const [open, threads] = await Promise.all([
      openClustersOfQuotes(db, eoiIds),
      openNegotiationsOfQuotes(db, [...eoiIds]),
    ])
    const wanted = new Set<number>(eoiIds)
    for (const cluster of open) wanted.add(cluster.buyerEoiId).add(cluster.sellerEoiId)
    for (const thread of threads) wanted.add(thread.eoiId).add(thread.counterEoiId)
    const missing = [...wanted].filter((id) => !held.has(id))
    if (missing.length === 0)
      return lockOpenClusters(
        db,
        open.map((cluster) => cluster.id),
      )
    await lockEois(db, missing)
    for (const id of missing) held.add(id)
  }
}

/** Clusters closed and quotes changed when quotes end (`closeClustersOf`). */
export interface ClustersEnded {
  clusters: ClusterRow[]
  quotes: ClusterQuotesEnded
}

/**
 * Close these open clusters (locked by `lockMarket`) because the quotes in `leaving` end, and end
 * their other quotes as decision 398 says.
 */
export async function closeClusters(
  db: Db,
  open: readonly ClusterRow[],
  leaving: readonly number[],
  at: Date,
  by?: string,
): Promise<ClustersEnded> {
  const closed: ClusterRow[] = []
  for (const cluster of open) {
    if (cluster.state !== 'OPEN') continue
    const patch = { state: 'CLOSED', closedAt: at, updatedAt: at, ...(by ? { updatedBy: by } : {}) }
    await updateCluster(db, cluster.id, patch)
    closed.push({ ...cluster, ...patch })
  }
  return { clusters: closed, quotes: await endClusterQuotes(db, closed, leaving, at) }
}

/** Tell the market of clusters ended and their quotes (their audiences, decision 385). */
export async function announceClustersEnded(
  events: Pick<MarketEvents, 'eoi' | 'cluster'>,
  ended: ClustersEnded,
): Promise<void> {
  for (const quote of ended.quotes.closed) await events.eoi(quote)
  for (const quote of ended.quotes.reopened) await events.eoi(quote, true)
  for (const cluster of ended.clusters) await events.cluster(cluster)
}

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

/** What a quote leaving the market ended: its clusters, their quotes, its negotiations. */
export interface QuoteEnded extends ClustersEnded {
  negotiations: Awaited<ReturnType<typeof endNegotiations>>
}

/** Nothing ended (a quote that stays live). */
export const NOTHING_ENDED: QuoteEnded = {
  clusters: [],
  quotes: { closed: [], reopened: [] },
  negotiations: { threads: [], counters: [] },
}

/**
 * A quote leaves the market (dealt in full, replaced; decision 407): its open clusters (`open`,
 * from `lockMarket`) close as decision 398 says, and its open negotiations end CLOSED.
 */
export async function endQuote(
  db: Db,
  eoiId: number,
  open: readonly ClusterRow[],
  at: Date,
  by: string,
): Promise<QuoteEnded> {
  const own = open.filter((c) => c.buyerEoiId === eoiId || c.sellerEoiId === eoiId)
  return {
    ...(await closeClusters(db, own, [eoiId], at, by)),
    negotiations: await endNegotiations(db, [eoiId], 'CLOSED', at),
  }
}

/** Tell the market what a quote's end ended (`endQuote`), each to its audience (decision 385). */
export async function announceQuoteEnded(
  events: Pick<MarketEvents, 'eoi' | 'cluster' | 'negotiation'>,
  ended: QuoteEnded,
): Promise<void> {
  await announceClustersEnded(events, ended)
  for (const thread of ended.negotiations.threads) await events.negotiation(thread)
  for (const counter of ended.negotiations.counters) await events.eoi(counter)
}
