// The caller's client's EOIs, newest first; with live=true only those still in the market. Empty
// without trade access (client.can_trade, spec section 6), as the market's other lists.
import { PERMISSIONS, type EoiListQuery, type EoiPage } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { MarketContext } from '../context.ts'
import { eoiView } from '../model.ts'
import { listEois as listEoiRows } from '../repo.ts'

/** The caller's client's EOIs, newest first. */
export async function listEois(
  { db, now }: MarketContext,
  user: AuthUser,
  query: EoiListQuery,
): Promise<EoiPage> {
  if (!user.permissions.includes(PERMISSIONS.canTrade)) {
    return { results: [], count: 0, page: query.page, page_size: query.page_size }
  }
  const at = now()
  const { rows, total } = await listEoiRows(db, {
    clientId: user.clientId,
    ...(query.finstrument_id ? { finstrumentId: query.finstrument_id } : {}),
    ...(query.live ? { live: true } : {}),
    now: at,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  })
  return {
    results: rows.map((row) => eoiView(row, at)),
    count: total,
    page: query.page,
    page_size: query.page_size,
  }
}
