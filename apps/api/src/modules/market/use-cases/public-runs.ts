// The public runs (`GET api/trade/d/market/`): one line per bond with live quotes in the market,
// its best bid and offer (price, yield, quantum at that price, settlement), how many quotes, and
// the caller's firm's open clusters on it to accept; by bond name, search, or only bonds the
// caller's firm quotes (`my_quotes`), or of the named bonds only (`finstrument_id`: a client's patch
// of what its stream named, decision 410; a bond with no live quote left is absent). Empty without
// trade access (spec section 6; decision 262).
import {
  PERMISSIONS,
  type ClusterSide,
  type PublicRun,
  type PublicRunPage,
  type PublicRunQuery,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { MarketContext } from '../context.ts'
import { clusterSide, clusterView } from '../model.ts'
import { listClusters, type EoiWithBond } from '../repo.ts'
import { liveMarket } from '../rfq-repo.ts'

type Level = NonNullable<PublicRun['bid']>

/** The best level of one side: the best price, and the quantum quoted at it. */
function best(quotes: EoiWithBond[], side: 'BID' | 'ASK'): Level | null {
  const mine = quotes.filter((quote) => quote.quoteType === side)
  if (mine.length === 0) return null
  const price =
    side === 'BID'
      ? Math.max(...mine.map((quote) => quote.unitPrice))
      : Math.min(...mine.map((quote) => quote.unitPrice))
  const atBest = mine.filter((quote) => quote.unitPrice === price)
  const first = atBest[0] as EoiWithBond
  return {
    unit_price_stored: price,
    yield_stored: first.bondYield,
    quantum: atBest.reduce((sum, quote) => sum + quote.quantum, 0),
    settlement_date: first.settlementDate,
  }
}

/** The market's runs by bond, with the caller's open clusters. */
export async function publicRuns(
  { db, now }: MarketContext,
  user: AuthUser,
  query: PublicRunQuery,
): Promise<PublicRunPage> {
  const empty = { results: [], count: 0, page: query.page, page_size: query.page_size }
  if (!user.permissions.includes(PERMISSIONS.canTrade)) return empty
  const at = now()
  const quotes = await liveMarket(db, {
    now: at,
    ...(query.search ? { search: query.search } : {}),
    ...(query.finstrument_id ? { finstrumentIds: query.finstrument_id } : {}),
  })
  const byBond = new Map<string, EoiWithBond[]>()
  for (const quote of quotes) {
    byBond.set(quote.finstrumentId, [...(byBond.get(quote.finstrumentId) ?? []), quote])
  }
  let bonds = [...byBond.values()]
  if (query.my_quotes) {
    bonds = bonds.filter((group) => group.some((quote) => quote.clientId === user.clientId))
  }
  bonds.sort((a, b) =>
    (a[0] as EoiWithBond).displayName.localeCompare((b[0] as EoiWithBond).displayName),
  )
  const pageBonds = bonds.slice((query.page - 1) * query.page_size, query.page * query.page_size)
  const clusters = await listClusters(db, {
    clientId: user.clientId,
    open: true,
    offset: 0,
    limit: 500,
  })
  return {
    results: pageBonds.map((group) => {
      const first = group[0] as EoiWithBond
      const updated = Math.max(...group.map((quote) => quote.updatedAt.getTime()))
      return {
        finstrument_id: first.finstrumentId,
        isin: first.isin,
        display_name: first.displayName,
        bid: best(group, 'BID'),
        ask: best(group, 'ASK'),
        quotes: group.length,
        mine: group.some((quote) => quote.clientId === user.clientId),
        clusters: clusters.rows
          .filter((row) => row.finstrumentId === first.finstrumentId)
          .map((row) => clusterView(row, clusterSide(row, user.clientId) as ClusterSide)),
        updated_at: new Date(updated).toISOString(),
      }
    }),
    count: bonds.length,
    page: query.page,
    page_size: query.page_size,
  }
}
