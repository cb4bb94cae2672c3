// `GET api/eoi/private-run/` (spec section 7: page, page_size, search): the caller's run, newest
// message first, lines waiting for confirmation among them; empty without trade access (spec
// section 6).
import { PERMISSIONS, type PrivateRunPage, type PrivateRunQuery } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import type { RunsContext } from '../context.ts'
import { runOfUser } from '../repo.ts'
import { lineView } from '../view.ts'

/** A page of the caller's private run. */
export async function listRun(
  { db, venue }: RunsContext,
  user: AuthUser,
  query: PrivateRunQuery,
): Promise<PrivateRunPage> {
  const empty = { results: [], count: 0, page: query.page, page_size: query.page_size }
  if (!user.permissions.includes(PERMISSIONS.canTrade)) return empty
  const { rows, count } = await runOfUser(db, user.id, {
    page: query.page,
    pageSize: query.page_size,
    search: query.search,
  })
  const rfqIds = rows.flatMap((r) => (r.row.venueRfqId === null ? [] : [r.row.venueRfqId]))
  const rfqs = await venue.rfqsFor(user, rfqIds)
  return {
    results: rows.map((r) =>
      lineView(r, r.row.venueRfqId ? rfqs.get(r.row.venueRfqId) : undefined, user.isStaff),
    ),
    count,
    page: query.page,
    page_size: query.page_size,
  }
}
