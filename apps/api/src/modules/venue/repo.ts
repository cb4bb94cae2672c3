// The venue's table (venue_rfqs) and its queries; nothing else touches it.
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { venueRfqs } from '../../db/runs-schema.ts'
import { clients, finstruments } from '../../db/schema.ts'

/** An exchange RFQ row. */
export type VenueRfqRow = typeof venueRfqs.$inferSelect

/** One RFQ by id (locked for update inside a transaction when asked). */
export async function rfqById(db: Db, id: number, { lock = false } = {}) {
  const query = db.select().from(venueRfqs).where(eq(venueRfqs.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** Whether an RFQ (or one leg of it) still takes steps: not dealt, withdrawn or closed. */
export const isOpen = (row: Pick<VenueRfqRow, 'state'>) =>
  row.state !== 'dealt' && row.state !== 'cancelled' && row.state !== 'closed'

/** The legs of an RFQ sent to several firms, in id order (locked for update when asked). */
export async function rfqsOfGroup(db: Db, groupId: number, { lock = false } = {}) {
  const query = db
    .select()
    .from(venueRfqs)
    .where(eq(venueRfqs.groupId, groupId))
    .orderBy(asc(venueRfqs.id))
  return lock ? query.for('update') : query
}

/** RFQs by id (any firm's: the caller filters). */
export async function rfqsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return []
  return db
    .select()
    .from(venueRfqs)
    .where(inArray(venueRfqs.id, [...ids]))
}

/** A page of the RFQs a firm is a party to, latest change first. */
export async function rfqsOfClient(db: Db, clientId: string, page: number, pageSize: number) {
  const party = or(
    eq(venueRfqs.initiatorClientId, clientId),
    eq(venueRfqs.responderClientId, clientId),
  )
  const rows = await db
    .select()
    .from(venueRfqs)
    .where(party)
    .orderBy(desc(venueRfqs.updatedAt), desc(venueRfqs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [total] = await db.select({ n: count() }).from(venueRfqs).where(and(party))
  return { rows, count: total?.n ?? 0 }
}

/** The names a view shows: bonds and firms of some RFQs. */
export async function namesOf(db: Db, rows: readonly VenueRfqRow[]) {
  const bondIds = [...new Set(rows.map((r) => r.finstrumentId))]
  const firmIds = [...new Set(rows.flatMap((r) => [r.initiatorClientId, r.responderClientId]))]
  const bonds = bondIds.length
    ? await db
        .select({ id: finstruments.id, isin: finstruments.isin, name: finstruments.displayName })
        .from(finstruments)
        .where(inArray(finstruments.id, bondIds))
    : []
  const firms = firmIds.length
    ? await db
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(inArray(clients.id, firmIds))
    : []
  return {
    bonds: new Map(bonds.map((b) => [b.id, b])),
    firms: new Map(firms.map((f) => [f.id, f.name])),
  }
}

/** A firm's RFQ exchanges (its client record's rfq_exchanges). */
export async function rfqExchangesOf(db: Db, clientId: string): Promise<string[]> {
  const [row] = await db
    .select({ exchanges: clients.rfqExchanges })
    .from(clients)
    .where(eq(clients.id, clientId))
  return row?.exchanges ?? []
}
