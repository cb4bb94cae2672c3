// One cluster the caller's client is a party to; any other is a 404, as if it did not exist.
import type { Cluster } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { partyCluster, type MarketContext } from '../context.ts'
import { clusterView } from '../model.ts'

/** One cluster the caller's client is a party to. */
export async function getCluster(
  { db }: MarketContext,
  user: AuthUser,
  id: string,
): Promise<Cluster> {
  const { row, side } = await partyCluster(db, user, id)
  return clusterView(row, side)
}
