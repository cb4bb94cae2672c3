// The exchange RFQs a firm is a party to.
import { PRIVATE_RUN_MESSAGES as PM, type VenueRfq, type VenueRfqPage } from '@bonds/domain'
import type { AuthUser } from '../../../http/access.ts'
import { HttpError } from '../../../http/errors.ts'
import { roleOf, type VenueContext } from '../context.ts'
import { namesOf, rfqById, rfqsByIds, rfqsOfClient } from '../repo.ts'
import { rfqView } from '../view.ts'

/** A page of the caller's firm's RFQs, latest change first. */
export async function listRfqs(
  { db }: VenueContext,
  user: AuthUser,
  query: { page: number; page_size: number },
): Promise<VenueRfqPage> {
  const { rows, count } = await rfqsOfClient(db, user.clientId, query.page, query.page_size)
  const names = await namesOf(db, rows)
  return {
    results: rows.map((row) => rfqView(row, user, names)),
    count,
    page: query.page,
    page_size: query.page_size,
  }
}

/** One RFQ of the caller's firm; 404 otherwise. */
export async function getRfq({ db }: VenueContext, user: AuthUser, id: string): Promise<VenueRfq> {
  const row = /^\d{1,18}$/.test(id) ? await rfqById(db, Number(id)) : undefined
  if (!row || !roleOf(row, user)) throw new HttpError(404, PM.rfqNotFound)
  return rfqView(row, user, await namesOf(db, [row]))
}

/** RFQs by id as the caller sees them (the ones of other firms left out). */
export async function rfqsFor(
  { db }: VenueContext,
  user: AuthUser,
  ids: readonly number[],
): Promise<Map<number, VenueRfq>> {
  const rows = (await rfqsByIds(db, ids)).filter((row) => roleOf(row, user))
  const names = await namesOf(db, rows)
  return new Map(rows.map((row) => [row.id, rfqView(row, user, names)]))
}
