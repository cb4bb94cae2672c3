// Writes to the append-only audit log: who did what, when, from where. The database chains each
// entry to the one before (decision 222); `verifyAuditChain` finds the first entry that no longer
// matches its chain.
import { sql } from 'drizzle-orm'
import type { Db } from './index.ts'
import { auditLog } from './schema.ts'

/** How long the log is kept: 8 years, the record-keeping period for mutual funds' dealing records. */
export const AUDIT_RETENTION_YEARS = 8

/** `app_meta` key of the chain's anchor once entries were pruned (decision 257). */
export const AUDIT_ANCHOR_KEY = 'audit_log_anchor'

/** What the audit log records. */
export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'refresh_reuse'
  | 'password_reset_requested'
  | 'password_changed'
  | 'roles_changed'
  | 'staff_changed'
  | 'invitation_sent'
  | 'invitation_revoked'
  | 'invitation_accepted'
  | 'registered'
  | 'firm_onboarded'
  | 'credentials_changed'
  | 'client_updated'
  | 'eoi_created'
  | 'eois_uploaded'
  | 'eoi_responded'
  | 'eoi_expired'
  | 'eoi_updated'
  | 'eoi_negotiated'
  | 'eoi_negotiation_declined'
  | 'eoi_dealt'
  | 'eoi_venue_dealt'
  | 'cluster_accepted'
  | 'cluster_dealt'
  | 'cluster_updated'
  | 'cluster_closed'
  | 'venue_rfq_changed'
  | 'ticket_created'
  | 'ticket_changed'
  | 'ticket_report_overdue'
  | 'trade_reported'
  | 'trade_report_rejected'
  | 'trade_settled'
  | 'surveillance_viewed'
  | 'audit_pruned'
  | 'inventory_uploaded'
  | 'inventory_external_trade'
  | 'inventory_cost_edited'
  | 'inventory_offered'
  | 'inventory_confirmed'

/** Append one entry. */
export async function audit(
  db: Db,
  entry: { actor: string | null; action: AuditAction; ip?: string | null; detail?: object },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor,
    action: entry.action,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
  })
}

/**
 * The first audit entry whose hash or link to the previous entry does not hold, or null. After
 * pruning, the first kept entry links to the anchor's hash (the last pruned entry's).
 */
export async function verifyAuditChain(db: Db): Promise<{ id: number; problem: string } | null> {
  const result = await db.execute(sql`
    select id, case when hash is distinct from recomputed then 'entry changed'
                    else 'previous entry changed or removed' end as problem
    from (
      select id, hash, prev_hash,
             coalesce(lag(hash) over (order by id),
                      (select value->>'hash' from app_meta where key = ${AUDIT_ANCHOR_KEY}))
               as expected_prev,
             audit_log_entry_hash(prev_hash, id, at, actor_user_id, action, ip, detail) as recomputed
      from audit_log
    ) chain
    where hash is distinct from recomputed or prev_hash is distinct from expected_prev
    order by id
    limit 1`)
  // node-postgres and PGlite both answer { rows }.
  const [first] = (result as unknown as { rows: { id: string | number; problem: string }[] }).rows
  return first ? { id: Number(first.id), problem: first.problem } : null
}
