// Negotiate an open cluster: quantity (up to both quotes' quantum), prices, spread, settlement and
// facilitator (a broker); `close` ends it: its response quote closes (its `quotes_eoi` to the two
// firms, decision 385), and the quote it answered is live again when no other cluster negotiates
// on it. A facilitator dropped hears of it once more.
import {
  MARKET_MESSAGES as MM,
  VALIDATION_MESSAGES as M,
  type Cluster,
  type ClusterUpdate,
} from '@bonds/domain'
import { PricingError, roundTo, todayInIndia, yieldFromPrice } from '@bonds/pricing'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { clientById } from '../../accounts/index.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import { bad, checkSettlement, partyCluster, type MarketContext } from '../context.ts'
import { endClusterQuotes, lockMarket } from '../cluster-end.ts'
import { clusterView } from '../model.ts'
import { termsOrNull } from '../prices.ts'
import { eoiById, updateCluster as updateClusterRow } from '../repo.ts'

/**
 * Negotiate an open cluster: quantity (up to both quotes' quantum), prices, spread, settlement,
 * facilitator; `close` ends it (its response quote closes; the quote it answered is live again
 * when nothing else negotiates on it).
 */
export async function updateCluster(
  { db, now, transact }: MarketContext,
  user: AuthUser,
  id: string,
  update: ClusterUpdate,
  ip?: string,
): Promise<Cluster> {
  const at = now()
  const today = todayInIndia(at)
  await transact(
    async (tx) => {
      // The market's lock order (decision 408): the cluster read unlocked, its quotes (and those of
      // their other clusters and negotiations) locked, then the cluster locked and read again.
      const seen = await partyCluster(tx, user, id)
      if (seen.row.state === 'OPEN') {
        await lockMarket(tx, [seen.row.buyerEoiId, seen.row.sellerEoiId])
      }
      const { row } = await partyCluster(tx, user, id, { lock: true })
      if (row.state !== 'OPEN') throw new HttpError(409, MM.clusterClosed)
      const [buyerEoi, sellerEoi] = await Promise.all([
        eoiById(tx, row.buyerEoiId),
        eoiById(tx, row.sellerEoiId),
      ])
      if (!buyerEoi || !sellerEoi) throw new HttpError(404, 'Cluster not found')
      const bond = await findFinstrument(tx, row.finstrumentId)
      if (!bond) throw new HttpError(404, 'Bond not found')
      if (update.quantity > Math.min(buyerEoi.quantum, sellerEoi.quantum)) {
        throw bad('quantity', MM.aboveQuantum)
      }
      checkSettlement(bond, update.settlement_date, today, 'settlement_date')
      const facilitator = update.facilitator === null ? null : String(update.facilitator)
      if (facilitator !== null) {
        const client = await clientById(tx, facilitator)
        if (!client?.isBroker) throw bad('facilitator', MM.facilitatorNotBroker)
      }
      if (facilitator === null && update.buyer_price !== update.seller_price) {
        throw bad('seller_price', MM.samePriceWithoutFacilitator)
      }
      if (
        Math.abs(roundTo(update.buyer_price - update.seller_price, 4) - update.seller_spread) > 1e-9
      ) {
        throw bad('seller_spread', MM.spreadMismatch)
      }
      const terms = termsOrNull(bond)
      for (const [field, price] of [
        ['buyer_price', update.buyer_price],
        ['seller_price', update.seller_price],
      ] as const) {
        if (price <= 0) throw bad(field, M.cannotBeZero)
        if (terms) {
          try {
            yieldFromPrice(terms, update.settlement_date, price)
          } catch (error) {
            if (error instanceof PricingError) throw bad(field, error.message)
            throw error
          }
        }
      }
      const patch = {
        quantity: update.quantity,
        buyerPrice: update.buyer_price,
        sellerPrice: update.seller_price,
        sellerSpread: update.seller_spread,
        settlementDate: update.settlement_date,
        facilitatorClientId: facilitator,
        updatedBy: user.id,
        updatedAt: at,
        ...(update.close ? { state: 'CLOSED', closedAt: at } : {}),
      }
      await updateClusterRow(tx, row.id, patch)
      // Closed, the response quote ends with its cluster (its firm and the answered firm hear of
      // it, decision 385); the quote it answered is DEFAULT again when no other cluster
      // negotiates on it (decision 398).
      const { closed: closedQuotes, reopened } = update.close
        ? await endClusterQuotes(tx, [row], [], at)
        : { closed: [], reopened: [] }
      await audit(tx, {
        actor: user.id,
        action: update.close ? 'cluster_closed' : 'cluster_updated',
        ip: ip ?? null,
        detail: { cluster_id: row.id, ...update },
      })
      return { before: row, reopened, closedQuotes }
    },
    async ({ before, reopened, closedQuotes }, events, tx) => {
      for (const eoi of closedQuotes) await events.eoi(eoi)
      for (const eoi of reopened) await events.eoi(eoi, true)
      const { row } = await partyCluster(tx, user, id)
      await events.cluster(row)
      // A facilitator dropped from the cluster hears of it once more.
      if (before.facilitatorClientId && before.facilitatorClientId !== row.facilitatorClientId) {
        await events.cluster({ ...row, facilitatorClientId: before.facilitatorClientId })
      }
    },
  )
  const { row, side } = await partyCluster(db, user, id)
  return clusterView(row, side)
}
