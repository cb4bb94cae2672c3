// The inventory's tables and the reads it needs of the bond universe: entries, uploads, costs set
// by hand, offers and confirmations. Nothing else touches these tables.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import {
  inventoryConfirmations,
  inventoryCosts,
  inventoryEntries,
  inventoryOffers,
  inventoryUploads,
} from '../../db/inventory-schema.ts'
import { finstruments } from '../../db/schema.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'

/** An entry row. */
export type EntryRow = typeof inventoryEntries.$inferSelect
/** A new entry. */
export type NewEntry = typeof inventoryEntries.$inferInsert

/** Bonds by ISIN (or id), for the ISINs asked (in chunks: an upload may name thousands). */
export async function bondsByIsin(
  db: Db,
  isins: readonly string[],
): Promise<Map<string, FinstrumentRow>> {
  const found = new Map<string, FinstrumentRow>()
  const unique = [...new Set(isins.filter((isin) => isin.length > 0 && isin.length <= 64))]
  for (let i = 0; i < unique.length; i += 1000) {
    const chunk = unique.slice(i, i + 1000)
    const rows = await db.select().from(finstruments).where(inArray(finstruments.isin, chunk))
    for (const row of rows) found.set(row.isin, row)
  }
  return found
}

/** Bonds by id. */
export async function bondsById(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, FinstrumentRow>> {
  const found = new Map<string, FinstrumentRow>()
  const unique = [...new Set(ids)]
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select()
      .from(finstruments)
      .where(inArray(finstruments.id, unique.slice(i, i + 1000)))
    for (const row of rows) found.set(row.id, row)
  }
  return found
}

/** Record an upload and its entries (the caller runs this in one transaction). */
export async function insertUpload(
  db: Db,
  upload: typeof inventoryUploads.$inferInsert,
  entries: Omit<NewEntry, 'uploadId'>[],
): Promise<number> {
  const [row] = await db
    .insert(inventoryUploads)
    .values(upload)
    .returning({ id: inventoryUploads.id })
  const uploadId = row!.id
  // Multi-row inserts: ten thousand rows in a few statements, not ten thousand round trips.
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insert(inventoryEntries)
      .values(entries.slice(i, i + 500).map((e) => ({ ...e, uploadId })))
  }
  return uploadId
}

/** Record one entry. */
export async function insertEntry(db: Db, entry: NewEntry): Promise<EntryRow> {
  const [row] = await db.insert(inventoryEntries).values(entry).returning()
  return row!
}

/** Every entry of a client's book. */
export function entriesOf(db: Db, clientId: string): Promise<EntryRow[]> {
  return db.select().from(inventoryEntries).where(eq(inventoryEntries.clientId, clientId))
}

/** Costs set by hand, by book and bond. */
export async function costsOf(db: Db, clientId: string): Promise<Map<string, number>> {
  const rows = await db.select().from(inventoryCosts).where(eq(inventoryCosts.clientId, clientId))
  return new Map(rows.map((r) => [`${r.book}\u0000${r.finstrumentId}`, r.costCleanPrice]))
}

/** Set a position's cost by hand. */
export async function upsertCost(
  db: Db,
  row: {
    clientId: string
    book: string
    finstrumentId: string
    costCleanPrice: number
    updatedBy: string
    updatedAt: Date
  },
): Promise<void> {
  await db
    .insert(inventoryCosts)
    .values(row)
    .onConflictDoUpdate({
      target: [inventoryCosts.clientId, inventoryCosts.book, inventoryCosts.finstrumentId],
      set: {
        costCleanPrice: row.costCleanPrice,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt,
      },
    })
}

/** A client's offers whose EOIs have not yet expired. */
export function openOffersOf(db: Db, clientId: string, now: Date) {
  return db
    .select()
    .from(inventoryOffers)
    .where(and(eq(inventoryOffers.clientId, clientId), gt(inventoryOffers.expiresAt, now)))
}

/** Record an offer; answers its id. */
export async function insertOffer(
  db: Db,
  row: typeof inventoryOffers.$inferInsert,
): Promise<number> {
  const [made] = await db.insert(inventoryOffers).values(row).returning({ id: inventoryOffers.id })
  return made!.id
}

/** The last confirmed date of a client's book, or null. */
export async function lastConfirmation(db: Db, clientId: string) {
  const [row] = await db
    .select()
    .from(inventoryConfirmations)
    .where(eq(inventoryConfirmations.clientId, clientId))
    .orderBy(desc(inventoryConfirmations.date))
    .limit(1)
  return row ?? null
}

/** Record a confirmation (once per date: a second answers the first). */
export async function insertConfirmation(
  db: Db,
  row: typeof inventoryConfirmations.$inferInsert,
): Promise<void> {
  await db.insert(inventoryConfirmations).values(row).onConflictDoNothing()
}

/** What changes when a client's entries or hand-set costs change (count, latest id, latest edit). */
export async function entriesVersion(db: Db, clientId: string): Promise<string> {
  const [entries] = await db
    .select({
      count: sql<number>`count(*)::int`,
      top: sql<number | null>`max(${inventoryEntries.id})`,
    })
    .from(inventoryEntries)
    .where(eq(inventoryEntries.clientId, clientId))
  const [costs] = await db
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${inventoryCosts.updatedAt})::text`,
    })
    .from(inventoryCosts)
    .where(eq(inventoryCosts.clientId, clientId))
  return `${entries?.count ?? 0}:${entries?.top ?? ''}|${costs?.count ?? 0}:${costs?.last ?? ''}`
}
