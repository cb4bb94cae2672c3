// Keeping the audit log for its retention and no longer (decision 257): entries older than
// AUDIT_RETENTION_YEARS are pruned from the start of the chain, and the hash of the last pruned
// entry is kept as the chain's anchor, so `verifyAuditChain` still proves every kept entry,
// the first one included. Pruning is the one delete the log allows: it lifts the append-only
// trigger inside its own transaction (what only the table's owner can do), so nothing else can
// delete meanwhile, and it records itself in the log.
import { sql } from 'drizzle-orm'
import { AUDIT_ANCHOR_KEY, AUDIT_RETENTION_YEARS, audit } from './audit.ts'
import type { Db } from './index.ts'

/** How often the server looks for entries past their retention: once a day. */
export const AUDIT_PRUNE_EVERY_MS = 24 * 60 * 60 * 1000

/** The chain's anchor: the last pruned entry, whose hash the first kept entry links to. */
export interface AuditAnchor {
  id: number
  hash: string
  /** Entries pruned so far, over every run. */
  pruned: number
  /** Entries before this instant were past their retention at the last run. */
  cutoff: string
}

/** What one pruning run did. */
export interface AuditPruneResult {
  pruned: number
  anchor: AuditAnchor | null
}

type Rows<T> = { rows: T[] }
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows

/**
 * Prune the entries older than the retention at `now`: the longest run of the oldest entries
 * (by chain order) all written before the cutoff. Nothing younger is touched, even when an older
 * entry follows it in the chain, and the newest entry always stays (the database's trigger links
 * the next entry to the last one in the table).
 */
export async function pruneAuditLog(
  db: Db,
  now: Date,
  retentionYears = AUDIT_RETENTION_YEARS,
): Promise<AuditPruneResult> {
  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retentionYears)
  const result = await db.transaction(async (tx) => {
    // The last entry of the prefix written before the cutoff.
    const [last] = rowsOf<{ id: string | number; hash: string }>(
      await tx.execute(sql`
        select id, hash from audit_log
        where at < ${cutoff.toISOString()}
          and id < coalesce(
            (select min(id) from audit_log where at >= ${cutoff.toISOString()}),
            9223372036854775807)
          -- The newest entry always stays: the database chains the next one to it.
          and id < (select max(id) from audit_log)
        order by id desc limit 1`),
    )
    if (!last) return null
    const through = Number(last.id)
    const [previous] = rowsOf<{ value: AuditAnchor }>(
      await tx.execute(sql`select value from app_meta where key = ${AUDIT_ANCHOR_KEY}`),
    )
    // The append-only trigger is lifted for this transaction's delete only: the table stays
    // locked until it commits, so no other delete (or insert) comes between.
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`)
    const deleted = rowsOf<{ id: string }>(
      await tx.execute(sql`delete from audit_log where id <= ${through} returning id`),
    ).length
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`)
    const anchor: AuditAnchor = {
      id: through,
      hash: last.hash,
      pruned: (previous?.value.pruned ?? 0) + deleted,
      cutoff: cutoff.toISOString(),
    }
    await tx.execute(sql`
      insert into app_meta (key, value, updated_at)
      values (${AUDIT_ANCHOR_KEY}, ${JSON.stringify(anchor)}::jsonb, now())
      on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`)
    return { pruned: deleted, anchor }
  })
  if (!result) return { pruned: 0, anchor: await auditAnchor(db) }
  // The log says it was pruned, and how far (chained after the anchor like any entry).
  await audit(db, {
    actor: null,
    action: 'audit_pruned',
    detail: {
      through_id: result.anchor.id,
      pruned: result.pruned,
      cutoff: result.anchor.cutoff,
      retention_years: retentionYears,
    },
  })
  return result
}

/** The chain's anchor, or null when nothing was ever pruned. */
export async function auditAnchor(db: Db): Promise<AuditAnchor | null> {
  const [row] = rowsOf<{ value: AuditAnchor }>(
    await db.execute(sql`select value from app_meta where key = ${AUDIT_ANCHOR_KEY}`),
  )
  return row?.value ?? null
}

/** Prune now and then every AUDIT_PRUNE_EVERY_MS; `stop` ends it. */
export function startAuditPruning(
  db: Db,
  clock: () => Date,
  onError: (error: unknown) => void,
  everyMs = AUDIT_PRUNE_EVERY_MS,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = pruneAuditLog(db, clock()).catch(onError)
  }
  // Not during start-up's own work: a minute in, then daily.
  const first = setTimeout(run, Math.min(everyMs, 60_000))
  const timer = setInterval(run, everyMs)
  first.unref()
  timer.unref()
  return {
    stop: async () => {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
