// A cluster priced at a clean price (the caller's side's price by default): yield, accrued and
// consideration for its quantity at its settlement, as the accept call takes them.
import type { ClusterPrice } from '@bonds/domain'
import { roundTo } from '@bonds/pricing'
import type { AuthUser } from '../../../http/access.ts'
import { priceAt, priced, termsOf } from '../../pricing/index.ts'
import { bondOf, partyCluster, type MarketContext } from '../context.ts'

/**
 * A cluster priced at a clean price (the caller's side's price by default): yield, accrued
 * and consideration for its quantity at its settlement, as the accept call takes them.
 */
export async function priceCluster(
  { db }: MarketContext,
  user: AuthUser,
  id: string,
  price?: number,
): Promise<ClusterPrice> {
  const { row, side } = await partyCluster(db, user, id)
  const bond = await bondOf(db, row.finstrumentId)
  const clean = price ?? (side === 'SELLER' ? row.sellerPrice : row.buyerPrice)
  const terms = termsOf(bond)
  const result = priced(() => priceAt(terms, row.settlementDate, { clean_price: clean }))
  const accrued = result.accrued_interest
  return {
    cluster_id: row.id,
    unit_clean_price: result.price.unit_clean_price,
    bond_yield: result.price.bond_yield,
    settlement_date: row.settlementDate,
    quantity: row.quantity,
    accrued_interest: accrued,
    total_accrued_interest: roundTo((row.quantity * accrued) / 100, 2),
    consideration: roundTo((row.quantity * (clean + accrued)) / 100, 2),
  }
}
