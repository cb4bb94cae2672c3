// Writes of the universe import: the finstruments, and what app_meta keeps of the import.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { appMeta, finstruments } from '../../db/index.ts'
import { searchText, type FinstrumentRecord } from './universe.ts'

const BATCH = 500

/** Insert or update every record, in one transaction, in batches. */
export async function upsertFinstruments(
  db: Db,
  records: readonly FinstrumentRecord[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < records.length; i += BATCH) {
      const rows = records.slice(i, i + BATCH).map((r) => ({
        id: r.id,
        isin: r.isin,
        displayName: r.displayName,
        issuer: r.issuer,
        securityType: r.securityType,
        category: r.category,
        couponRate: r.couponRate,
        frequency: r.frequency,
        convention: r.convention,
        dayCount: r.dayCount,
        maturityDate: r.maturityDate,
        maturityYear: r.maturityYear,
        issueDate: r.issueDate,
        faceValue: r.faceValue,
        faceValueAssumed: r.faceValueAssumed,
        rating: r.rating,
        security: r.security,
        state: r.state,
        isListed: r.isListed,
        isAvailable: r.isAvailable,
        isFloatingRate: r.isFloatingRate,
        canBePriced: r.canBePriced,
        indicativeYield: r.indicativeYield,
        indicativeYieldAsOf: r.indicativeYieldAsOf,
        calls: r.calls,
        puts: r.puts,
        nsdlStatus: r.nsdlStatus,
        source: r.source,
        searchText: searchText(r),
      }))
      await tx
        .insert(finstruments)
        .values(rows)
        .onConflictDoUpdate({
          target: finstruments.id,
          set: Object.fromEntries(
            Object.keys(rows[0] ?? {})
              .filter((k) => k !== 'id')
              .map((k) => [k, sql.raw(`excluded.${toColumn(k)}`)]),
          ),
        })
    }
  })
}

function toColumn(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}

/** A value stored in app_meta, or undefined. */
export async function readMeta(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key))
  return row?.value
}

/** Store a value in app_meta. */
export async function writeMeta(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } })
}
