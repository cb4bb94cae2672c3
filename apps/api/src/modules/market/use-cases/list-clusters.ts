// The clusters the caller's client is a party to (as buyer, seller or facilitator), latest change
// first; by bond, or open ones only, when asked. Empty without trade access (client.can_trade, spec
// section 6), as the market's other lists.
import {
  PERMISSIONS,
  type ClusterListQuery,
  type ClusterPage,
  type ClusterSide,
} from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { MarketContext } from '../context.ts'
import { clusterSide, clusterView } from '../model.ts'
import { listClusters as listClusterRows } from '../repo.ts'

/** The clusters the caller's client is a party to, latest change first. */
export async function listClusters(
  { db }: MarketContext,
  user: AuthUser,
  query: ClusterListQuery,
): Promise<ClusterPage> {
  if (!user.permissions.includes(PERMISSIONS.canTrade)) {
    return { results: [], count: 0, page: query.page, page_size: query.page_size }
  }
  const { rows, total } = await listClusterRows(db, {
    clientId: user.clientId,
    ...(query.finstrument_id ? { finstrumentId: query.finstrument_id } : {}),
    ...(query.open ? { open: true } : {}),
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  })
  return {
    results: rows.map((row) => clusterView(row, clusterSide(row, user.clientId) as ClusterSide)),
    count: total,
    page: query.page,
    page_size: query.page_size,
  }
}
