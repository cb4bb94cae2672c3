// Respond to another client's live EOI: the caller's opposite quote for up to its quantum at its
// settlement (at its price, or at a price or yield of the caller's), and an open cluster pairing
// the two to negotiate. A response is addressed to one quote, so it cannot itself be answered.
import {
  MARKET_MESSAGES as MM,
  type ClusterSide,
  type EoiResponsePayload,
  type EoiResponseResult,
  type QuoteType,
} from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { findFinstrument } from '../../finstruments/index.ts'
import { bad, isNumericId, type MarketContext } from '../context.ts'
import { clusterSide, clusterView, eoiView, isLive } from '../model.ts'
import { quotePrice, termsOrNull, type QuotedPrice } from '../prices.ts'
import {
  clusterById,
  eoiById,
  insertCluster,
  insertEoi,
  setEoiState,
  type ClusterWithNames,
} from '../repo.ts'

/**
 * Respond to another client's live EOI: the caller's opposite quote for up to its quantum at
 * its settlement, and a cluster pairing the two to negotiate.
 */
export async function respond(
  { db, now, transact }: MarketContext,
  user: AuthUser,
  payload: EoiResponsePayload,
  ip?: string,
): Promise<EoiResponseResult> {
  const at = now()
  if (String(payload.client_id) !== user.clientId) throw bad('client_id', MM.otherClient)
  const id = String(payload.respond_eoi_id)
  if (!isNumericId(id)) throw new HttpError(404, 'Quote not found')

  const made = await transact(
    async (tx) => {
      const original = await eoiById(tx, Number(id), { lock: true })
      // A response is addressed to one quote, not to the market: it cannot be responded to.
      if (!original || (original.clientId !== user.clientId && original.respondEoiId !== null)) {
        throw new HttpError(404, 'Quote not found')
      }
      if (original.clientId === user.clientId) throw bad('respond_eoi_id', MM.ownQuote)
      if (!isLive(original, at)) throw new HttpError(409, MM.quoteNotLive)
      if (String(payload.finstrumentId).trim().toUpperCase() !== original.finstrumentId) {
        throw bad('finstrumentId', MM.otherBond)
      }
      if (payload.maximum_lot_stored > original.quantum) {
        throw bad('maximum_lot_stored', MM.aboveQuantum)
      }
      const row = await findFinstrument(tx, original.finstrumentId)
      if (!row) throw new HttpError(404, 'Bond not found')
      const price: QuotedPrice = payload.use_respond_eoi_price
        ? { unitPrice: original.unitPrice, bondYield: original.bondYield }
        : quotePrice(
            termsOrNull(row),
            original.settlementDate,
            {
              fixed: payload.yield_stored != null ? 'yield' : 'price',
              price: payload.unit_price_stored,
              yield: payload.yield_stored,
            },
            { price: 'unit_price_stored', yield: 'yield_stored' },
          )
      const side: QuoteType = original.quoteType === 'BID' ? 'ASK' : 'BID'
      const eoi = await insertEoi(tx, {
        finstrumentId: original.finstrumentId,
        clientId: user.clientId,
        userId: user.id,
        quoteType: side,
        quantum: payload.maximum_lot_stored,
        unitPrice: price.unitPrice,
        bondYield: price.bondYield,
        fixedField: payload.yield_stored != null ? 'yield' : 'price',
        priceOverridden: false,
        settlementDate: original.settlementDate,
        settlementDelta: null,
        expiresAt: original.expiresAt,
        state: 'DEFAULT',
        source: payload.source,
        respondEoiId: original.id,
        details: { use_respond_eoi_price: payload.use_respond_eoi_price },
        createdAt: at,
        updatedAt: at,
      })
      await setEoiState(tx, original.id, 'RESPONDED', at)
      const buyerIsOriginal = original.quoteType === 'BID'
      const cluster = await insertCluster(tx, {
        finstrumentId: original.finstrumentId,
        buyerEoiId: buyerIsOriginal ? original.id : eoi.id,
        sellerEoiId: buyerIsOriginal ? eoi.id : original.id,
        buyerClientId: buyerIsOriginal ? original.clientId : user.clientId,
        sellerClientId: buyerIsOriginal ? user.clientId : original.clientId,
        quantity: payload.maximum_lot_stored,
        buyerPrice: price.unitPrice,
        sellerPrice: price.unitPrice,
        sellerSpread: 0,
        settlementDate: original.settlementDate,
        state: 'OPEN',
        updatedBy: user.id,
        createdAt: at,
        updatedAt: at,
      })
      await audit(tx, {
        actor: user.id,
        action: 'eoi_responded',
        ip: ip ?? null,
        detail: { eoi_id: eoi.id, respond_eoi_id: original.id, cluster_id: cluster.id },
      })
      return { original, eoi, cluster }
    },
    async ({ original, eoi, cluster }, events) => {
      await events.eoi({ ...original, state: 'RESPONDED' })
      await events.cluster(cluster)
      // The quote's firm has an inquiry: this response (decision 391).
      if (original.clientId) {
        await events.inquiry({
          id: eoi.id,
          eoiId: original.id,
          finstrumentId: original.finstrumentId,
          clientId: original.clientId,
          clusterId: cluster.id,
        })
      }
    },
  )
  const full = await clusterById(db, made.cluster.id)
  return {
    eoi: eoiView(
      { ...made.eoi, isin: made.original.isin, displayName: made.original.displayName },
      at,
    ),
    cluster: clusterView(
      full as ClusterWithNames,
      clusterSide(full as ClusterWithNames, user.clientId) as ClusterSide,
    ),
  }
}
