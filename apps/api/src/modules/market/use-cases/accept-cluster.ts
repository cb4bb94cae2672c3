// Accept a cluster (`POST api/cluster/{id}/accept/?lsId=`): the buyer or the seller accepts its
// side's price for the cluster's quantity at its settlement, on an exchange its firm trades RFQs
// on. The numbers sent (yield, clean price, total accrued) must be what @bonds/pricing makes of
// the cluster now, and `lsId` the version the caller priced; when both sides have accepted, the
// cluster is DEALT and its two quotes close (decision 262), with their other open clusters
// (decision 407). A cluster whose quotes are no longer live, or hold less than its quantity (a
// partial deal since), is refused (400, decision 407).
import {
  MARKET_MESSAGES as MM,
  RFQ_MESSAGES as RM,
  type Cluster,
  type ClusterAccept,
} from '@bonds/domain'
import { roundTo } from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { clientById } from '../../accounts/index.ts'
import { priceAt, priced } from '../../pricing/index.ts'
import { bad, bondOf, partyCluster, type MarketContext } from '../context.ts'
import {
  announceClustersEnded,
  closeClusters,
  lockMarket,
  type ClustersEnded,
} from '../cluster-end.ts'
import { clusterView, isLive } from '../model.ts'
import { termsOrNull } from '../prices.ts'
import { eoiById, setEoiState, updateCluster, type EoiRow } from '../repo.ts'

/** Yields agree to the stored 6 decimals; accrued to a rupee. */
const YIELD_TOLERANCE = 0.0000015
const ACCRUED_TOLERANCE_RUPEES = 1

/** The version a caller priced: the cluster's last change, as ISO or epoch milliseconds. */
function sameVersion(lsId: string, updatedAt: Date): boolean {
  const asNumber = /^\d+$/.test(lsId) ? Number(lsId) : Date.parse(lsId)
  return Number.isFinite(asNumber) && asNumber === updatedAt.getTime()
}

/** Accept the caller's side of a cluster; both sides accepted make a deal. */
export async function acceptCluster(
  { db, now, transact }: MarketContext,
  user: AuthUser,
  id: string,
  lsId: string,
  body: ClusterAccept,
  ip?: string,
): Promise<Cluster> {
  const at = now()
  const client = await clientById(db, user.clientId)
  if (!client?.rfqExchanges.includes(body.exchange)) {
    throw bad('exchange', RM.exchangeNotAllowed)
  }
  await transact(
    async (tx) => {
      // The market's lock order (decision 408): the cluster read unlocked, its quotes (and those of
      // their other clusters and negotiations) locked, then the clusters, then read again.
      const seen = await partyCluster(tx, user, id)
      if (seen.side === 'FACILITATOR') {
        throw new HttpError(403, 'Only the buyer or the seller accepts')
      }
      const open =
        seen.row.state === 'OPEN'
          ? await lockMarket(tx, [seen.row.buyerEoiId, seen.row.sellerEoiId])
          : []
      const { row, side } = await partyCluster(tx, user, id, { lock: true })
      if (side === 'FACILITATOR') throw new HttpError(403, 'Only the buyer or the seller accepts')
      if (row.state !== 'OPEN') throw new HttpError(409, MM.clusterClosed)
      // Both quotes must still be in the market: a cluster on a quote dealt, withdrawn, replaced
      // or past its expiry makes no deal (decision 407).
      const [buyerEoi, sellerEoi] = [
        await eoiById(tx, row.buyerEoiId, { lock: true }),
        await eoiById(tx, row.sellerEoiId, { lock: true }),
      ]
      if (!buyerEoi || !sellerEoi || !isLive(buyerEoi, at) || !isLive(sellerEoi, at)) {
        throw new HttpError(400, MM.quoteNotLive)
      }
      // A quote partly dealt since the cluster was agreed has less left than it asks: the cluster
      // is negotiated down first (its update refuses the same), never dealt beyond the quote.
      if (row.quantity > Math.min(buyerEoi.quantum, sellerEoi.quantum)) {
        throw new HttpError(400, MM.aboveQuantum)
      }
      if (!sameVersion(lsId, row.updatedAt)) throw new HttpError(409, RM.clusterChanged)
      const accepted = side === 'BUYER' ? row.buyerAcceptedAt : row.sellerAcceptedAt
      if (accepted) throw new HttpError(409, RM.alreadyAccepted)

      const clean = side === 'BUYER' ? row.buyerPrice : row.sellerPrice
      if (Math.abs(body.unit_clean_price - clean) > 1e-9) {
        throw bad('unit_clean_price', RM.priceMismatch)
      }
      const bond = await bondOf(tx, row.finstrumentId)
      const terms = termsOrNull(bond)
      if (terms) {
        const result = priced(() => priceAt(terms, row.settlementDate, { clean_price: clean }))
        const totalAccrued = roundTo((row.quantity * result.accrued_interest) / 100, 2)
        if (
          body.bond_yield === null ||
          Math.abs(body.bond_yield - result.price.bond_yield) > YIELD_TOLERANCE
        ) {
          throw bad('bond_yield', RM.priceMismatch)
        }
        if (Math.abs(body.total_accrued_interest - totalAccrued) > ACCRUED_TOLERANCE_RUPEES) {
          throw bad('total_accrued_interest', RM.priceMismatch)
        }
      }
      const patch =
        side === 'BUYER'
          ? { buyerAcceptedAt: at, buyerExchange: body.exchange }
          : { sellerAcceptedAt: at, sellerExchange: body.exchange }
      const dealt = Boolean(side === 'BUYER' ? row.sellerAcceptedAt : row.buyerAcceptedAt)
      const closedQuotes: EoiRow[] = []
      let ended: ClustersEnded = { clusters: [], quotes: { closed: [], reopened: [] } }
      if (dealt) {
        for (const eoi of [buyerEoi, sellerEoi]) {
          await setEoiState(tx, eoi.id, 'CLOSED', at)
          closedQuotes.push({ ...eoi, state: 'CLOSED' })
        }
        // The quotes dealt end their other open clusters, as any end of a quote does (decision 407).
        const others = open.filter((cluster) => cluster.id !== row.id)
        ended = await closeClusters(tx, others, [buyerEoi.id, sellerEoi.id], at, user.id)
      }
      // Accepting does not change the cluster's terms (its version) until it is a deal.
      await updateCluster(tx, row.id, {
        ...patch,
        ...(dealt ? { state: 'DEALT', closedAt: at, updatedAt: at, updatedBy: user.id } : {}),
      })
      await audit(tx, {
        actor: user.id,
        action: dealt ? 'cluster_dealt' : 'cluster_accepted',
        ip: ip ?? null,
        detail: { cluster_id: row.id, side, exchange: body.exchange, unit_clean_price: clean },
      })
      return { closedQuotes, ended }
    },
    async ({ closedQuotes, ended }, events, tx) => {
      for (const eoi of closedQuotes) await events.eoi(eoi)
      await announceClustersEnded(events, ended)
      await events.cluster((await partyCluster(tx, user, id)).row)
    },
  )
  const { row, side } = await partyCluster(db, user, id)
  return clusterView(row, side)
}
