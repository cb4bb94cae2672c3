// Writes to the append-only audit log: who did what, when, from where.
import type { Db } from './index.ts'
import { auditLog } from './schema.ts'

/** What the audit log records. */
export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'refresh_reuse'
  | 'password_reset_requested'
  | 'password_changed'
  | 'roles_changed'
  | 'invitation_sent'
  | 'invitation_revoked'
  | 'invitation_accepted'
  | 'registered'
  | 'firm_onboarded'
  | 'credentials_changed'
  | 'client_updated'
  | 'eoi_created'
  | 'eoi_responded'
  | 'eoi_expired'
  | 'cluster_updated'
  | 'cluster_closed'

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
