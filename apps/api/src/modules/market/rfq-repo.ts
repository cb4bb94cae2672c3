// Queries on RFQ negotiations and their counter-quotes, the market's live quotes as the RFQ quotes
// list and the public runs read them, and the expiry sweep's update (decisions 261, 262).
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import {
  clients,
  eois,
  finstruments,
  rfqNegotiationEntries,
  rfqNegotiations,
} from '../../db/schema.ts'
import { LIVE_STATES, liveAt, type EoiRow, type EoiWithBond } from './repo.ts'

/** A stored negotiation. */
export type NegotiationRow = typeof rfqNegotiations.$inferSelect
/** A stored counter-quote. */
export type NegotiationEntryRow = typeof rfqNegotiationEntries.$inferSelect
/** A negotiation with its bond, its quote's side and the two firms' names. */
export type NegotiationWithNames = NegotiationRow & {
  isin: string
  displayName: string
  quoteType: string
  ownerName: string
  counterpartyName: string
  ownerIsBroker: boolean
  counterpartyIsBroker: boolean
}

const NEGOTIATION_WITH_NAMES = {
  negotiation: rfqNegotiations,
  isin: finstruments.isin,
  displayName: finstruments.displayName,
  quoteType: eois.quoteType,
  ownerName: sql<string>`(select ${clients.name} from ${clients} where ${clients.id} = ${rfqNegotiations.ownerClientId})`,
  counterpartyName: sql<string>`(select ${clients.name} from ${clients} where ${clients.id} = ${rfqNegotiations.counterpartyClientId})`,
  ownerIsBroker: sql<boolean>`(select ${clients.isBroker} from ${clients} where ${clients.id} = ${rfqNegotiations.ownerClientId})`,
  counterpartyIsBroker: sql<boolean>`(select ${clients.isBroker} from ${clients} where ${clients.id} = ${rfqNegotiations.counterpartyClientId})`,
}

type Selected = {
  negotiation: NegotiationRow
  isin: string
  displayName: string
  quoteType: string
  ownerName: string
  counterpartyName: string
  ownerIsBroker: boolean
  counterpartyIsBroker: boolean
}
const flat = ({ negotiation, ...rest }: Selected): NegotiationWithNames => ({
  ...negotiation,
  ...rest,
})

function negotiationsWhere(db: Db, where: SQL | undefined) {
  return db
    .select(NEGOTIATION_WITH_NAMES)
    .from(rfqNegotiations)
    .innerJoin(eois, eq(eois.id, rfqNegotiations.eoiId))
    .innerJoin(finstruments, eq(finstruments.id, rfqNegotiations.finstrumentId))
    .where(where)
}

/** One negotiation with names; `lock` holds the row until the transaction ends. */
export async function negotiationById(
  db: Db,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<NegotiationWithNames | undefined> {
  const query = negotiationsWhere(db, eq(rfqNegotiations.id, id))
  const [row] = lock ? await query.for('update', { of: rfqNegotiations }) : await query
  return row ? flat(row) : undefined
}

/** The open negotiation of a counterparty firm on a quote, locked. */
export async function openNegotiationOf(
  db: Db,
  eoiId: number,
  counterpartyClientId: string,
): Promise<NegotiationWithNames | undefined> {
  const [row] = await negotiationsWhere(
    db,
    and(
      eq(rfqNegotiations.eoiId, eoiId),
      eq(rfqNegotiations.counterpartyClientId, counterpartyClientId),
      eq(rfqNegotiations.state, 'OPEN'),
    ),
  ).for('update', { of: rfqNegotiations })
  return row ? flat(row) : undefined
}

/** The open (or the dealt) negotiation joining two quotes (either way round), locked. */
export async function negotiationBetween(
  db: Db,
  a: number,
  b: number,
  state: 'OPEN' | 'DEALT' = 'OPEN',
): Promise<NegotiationWithNames | undefined> {
  const [row] = await negotiationsWhere(
    db,
    and(
      eq(rfqNegotiations.state, state),
      or(
        and(eq(rfqNegotiations.eoiId, a), eq(rfqNegotiations.counterEoiId, b)),
        and(eq(rfqNegotiations.eoiId, b), eq(rfqNegotiations.counterEoiId, a)),
      ),
    ),
  ).for('update', { of: rfqNegotiations })
  return row ? flat(row) : undefined
}

/** The negotiations on these quotes that a firm is part of (as owner or counterparty). */
export async function negotiationsOnQuotes(
  db: Db,
  eoiIds: number[],
  clientId: string,
): Promise<NegotiationWithNames[]> {
  if (eoiIds.length === 0) return []
  const rows = await negotiationsWhere(
    db,
    and(
      inArray(rfqNegotiations.eoiId, eoiIds),
      or(
        eq(rfqNegotiations.ownerClientId, clientId),
        eq(rfqNegotiations.counterpartyClientId, clientId),
      ),
    ),
  ).orderBy(asc(rfqNegotiations.id))
  return rows.map(flat)
}

/** Open negotiations where either quote is one of these (the sweep ends them with their quotes). */
export async function openNegotiationsOfQuotes(
  db: Db,
  eoiIds: number[],
): Promise<NegotiationRow[]> {
  if (eoiIds.length === 0) return []
  return db
    .select()
    .from(rfqNegotiations)
    .where(
      and(
        eq(rfqNegotiations.state, 'OPEN'),
        or(inArray(rfqNegotiations.eoiId, eoiIds), inArray(rfqNegotiations.counterEoiId, eoiIds)),
      ),
    )
}

/** Insert a negotiation. */
export async function insertNegotiation(
  db: Db,
  row: typeof rfqNegotiations.$inferInsert,
): Promise<NegotiationRow> {
  const [inserted] = await db.insert(rfqNegotiations).values(row).returning()
  return inserted as NegotiationRow
}

/** Change a negotiation. */
export async function updateNegotiation(
  db: Db,
  id: number,
  patch: Partial<typeof rfqNegotiations.$inferInsert>,
): Promise<void> {
  await db.update(rfqNegotiations).set(patch).where(eq(rfqNegotiations.id, id))
}

/** Append a counter-quote. */
export async function insertEntry(
  db: Db,
  row: typeof rfqNegotiationEntries.$inferInsert,
): Promise<NegotiationEntryRow> {
  const [inserted] = await db.insert(rfqNegotiationEntries).values(row).returning()
  return inserted as NegotiationEntryRow
}

/** The counter-quotes of negotiations, in the order they were made. */
export async function entriesOf(db: Db, ids: number[]): Promise<NegotiationEntryRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(rfqNegotiationEntries)
    .where(inArray(rfqNegotiationEntries.negotiationId, ids))
    .orderBy(asc(rfqNegotiationEntries.id))
}

/** Change an EOI. */
export async function updateEoi(
  db: Db,
  id: number,
  patch: Partial<typeof eois.$inferInsert>,
): Promise<void> {
  await db.update(eois).set(patch).where(eq(eois.id, id))
}

/** The filter of the market's lists: live quotes (not responses or counters), by bond text. */
function marketWhere(query: {
  now: Date
  search?: string
  clientId?: string
  /** Also the quotes this firm dealt on since `dealtSince` (they stay on its list, closed). */
  dealtBy?: { clientId: string; since: Date }
}): SQL {
  const live = liveAt(query.now)
  const dealt = query.dealtBy
    ? sql`${eois.id} in (select ${rfqNegotiations.eoiId} from ${rfqNegotiations} where ${rfqNegotiations.state} = 'DEALT' and ${rfqNegotiations.dealtAt} > ${query.dealtBy.since} and (${rfqNegotiations.ownerClientId} = ${query.dealtBy.clientId} or ${rfqNegotiations.counterpartyClientId} = ${query.dealtBy.clientId}))`
    : undefined
  const conditions: SQL[] = [(dealt ? or(live, dealt) : live) as SQL, isNull(eois.respondEoiId)]
  if (query.clientId) conditions.push(eq(eois.clientId, query.clientId))
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      or(ilike(finstruments.displayName, like), ilike(finstruments.isin, like)) as SQL,
    )
  }
  return and(...conditions) as SQL
}

const EOI_WITH_BOND = {
  eoi: eois,
  isin: finstruments.isin,
  displayName: finstruments.displayName,
}

/**
 * A page of the market's live quotes (and, with `dealtBy`, the ones that firm dealt on lately),
 * newest change first, and how many match.
 */
export async function marketQuotes(
  db: Db,
  query: {
    now: Date
    search?: string
    clientId?: string
    dealtBy?: { clientId: string; since: Date }
    offset: number
    limit: number
  },
): Promise<{ rows: EoiWithBond[]; total: number }> {
  const where = marketWhere(query)
  const [rows, [total]] = await Promise.all([
    db
      .select(EOI_WITH_BOND)
      .from(eois)
      .innerJoin(finstruments, eq(finstruments.id, eois.finstrumentId))
      .where(where)
      .orderBy(desc(eois.updatedAt), desc(eois.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ n: count() })
      .from(eois)
      .innerJoin(finstruments, eq(finstruments.id, eois.finstrumentId))
      .where(where),
  ])
  return {
    rows: rows.map((r) => ({ ...r.eoi, isin: r.isin, displayName: r.displayName })),
    total: Number(total?.n ?? 0),
  }
}

/** Every live quote of the market on bonds matching a search, or only on `finstrumentIds`. */
export async function liveMarket(
  db: Db,
  query: { now: Date; search?: string; finstrumentIds?: readonly string[] },
): Promise<EoiWithBond[]> {
  const bonds = query.finstrumentIds && inArray(eois.finstrumentId, [...query.finstrumentIds])
  const rows = await db
    .select(EOI_WITH_BOND)
    .from(eois)
    .innerJoin(finstruments, eq(finstruments.id, eois.finstrumentId))
    .where(bonds ? and(marketWhere(query), bonds) : marketWhere(query))
  return rows.map((r) => ({ ...r.eoi, isin: r.isin, displayName: r.displayName }))
}

/**
 * Mark every live quote whose expiry has passed EXPIRED and return them. One statement: of two
 * instances sweeping at once, each row is taken by one.
 */
export async function expireDue(db: Db, now: Date): Promise<EoiRow[]> {
  return db
    .update(eois)
    .set({ state: 'EXPIRED', updatedAt: now })
    .where(and(inArray(eois.state, [...LIVE_STATES]), lte(eois.expiresAt, now)))
    .returning()
}
