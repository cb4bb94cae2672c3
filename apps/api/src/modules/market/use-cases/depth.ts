// Market depth of one bond: its live quotes grouped by price level, best first, with how much of
// each level is the caller's client's. Without trade access the lists are empty (spec section 6).
import { PERMISSIONS, type DepthQuery, type MarketDepth, type QuoteType } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { bad, bondOf, type MarketContext } from '../context.ts'
import { termsOrNull, yieldOrNull } from '../prices.ts'
import { bookLevels } from '../book-repo.ts'

/**
 * Market depth of one bond: live quotes by price level, best first. Without trade access the
 * lists are empty (spec section 6).
 */
export async function depth(
  { db, now }: MarketContext,
  user: AuthUser,
  query: DepthQuery,
): Promise<MarketDepth> {
  const at = now()
  const row = await bondOf(db, query.finstrument_id ?? (query.isin as string))
  if (query.isin && query.finstrument_id && row.isin !== query.isin) {
    throw bad('isin', 'The ISIN is not the bond of the finstrument id')
  }
  const canTrade = user.permissions.includes(PERMISSIONS.canTrade)
  const terms = termsOrNull(row)
  const side = async (quoteType: QuoteType) => {
    if (!canTrade) return []
    const levels = await bookLevels(db, {
      finstrumentId: row.id,
      side: quoteType,
      now: at,
      clientId: user.clientId,
      limit: query.levels,
    })
    return levels.map((level) => ({
      unit_clean_price: level.unitPrice,
      bond_yield: yieldOrNull(terms, level.settlementDate, level.unitPrice),
      settlement_date: level.settlementDate,
      quantum: level.quantum,
      quotes: level.quotes,
      mine: level.mine,
    }))
  }
  const [bids, asks] = await Promise.all([side('BID'), side('ASK')])
  return {
    finstrument_id: row.id,
    isin: row.isin,
    display_name: row.displayName,
    bids,
    asks,
    as_of: at.toISOString(),
  }
}
