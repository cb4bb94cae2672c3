// Queries over OTPs, password resets and the sign-in columns of users (failed sign-ins, lockout,
// password hash); the rest of a user belongs to accounts.
import type { OtpMode } from '@bonds/domain'
import { and, count, desc, eq, gt, isNull, max, sql } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import { auditLog, otps, passwordResets, users } from '../../db/schema.ts'

/** A stored OTP. */
export type OtpRow = typeof otps.$inferSelect

/** Change the sign-in columns of a user. */
export async function updateSignIn(
  db: Db,
  userId: string,
  patch: Partial<Pick<typeof users.$inferInsert, 'failedSignIns' | 'lockedUntil' | 'passwordHash'>>,
): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, userId))
}

/** How many OTPs of a mode were sent to a target since an instant, and when the last was. */
export async function otpsSentSince(
  db: Db,
  target: string,
  mode: OtpMode,
  since: Date,
): Promise<{ sent: number; last: Date | null }> {
  const [row] = await db
    .select({ sent: count(), last: max(otps.createdAt) })
    .from(otps)
    .where(and(eq(otps.target, target), eq(otps.mode, mode), gt(otps.createdAt, since)))
  return { sent: Number(row?.sent ?? 0), last: row?.last ?? null }
}

/** Wrong tries at a target's OTPs (every mode) since an instant. */
export async function otpTriesSince(db: Db, target: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ tries: sql<number>`coalesce(sum(${otps.attempts}), 0)` })
    .from(otps)
    .where(and(eq(otps.target, target), gt(otps.createdAt, since)))
  return Number(row?.tries ?? 0)
}

/** Store an OTP (its hash). */
export async function insertOtp(db: Db, row: typeof otps.$inferInsert): Promise<void> {
  await db.insert(otps).values(row)
}

/** The latest unused, unexpired OTP of a mode to a target. */
export async function liveOtp(
  db: Db,
  target: string,
  mode: OtpMode,
  now: Date,
): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otps)
    .where(
      and(
        eq(otps.target, target),
        eq(otps.mode, mode),
        isNull(otps.consumedAt),
        gt(otps.expiresAt, now),
      ),
    )
    .orderBy(desc(otps.id))
    .limit(1)
  return row
}

/** Change an OTP (a wrong try counted, or consumed). */
export async function updateOtp(
  db: Db,
  id: number,
  patch: Partial<Pick<OtpRow, 'attempts' | 'consumedAt'>>,
): Promise<void> {
  await db.update(otps).set(patch).where(eq(otps.id, id))
}

/** Whether an OTP of a mode sent to a target was checked (consumed) after an instant. */
export async function otpCheckedSince(
  db: Db,
  target: string,
  mode: OtpMode,
  since: Date,
): Promise<boolean> {
  const [checked] = await db
    .select({ id: otps.id })
    .from(otps)
    .where(and(eq(otps.target, target), eq(otps.mode, mode), gt(otps.consumedAt, since)))
    .limit(1)
  return checked !== undefined
}

/** Store a password reset (its token's hash). */
export async function insertReset(db: Db, row: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(row)
}

/** A password reset by its token's hash. */
export async function resetByHash(db: Db, tokenHash: string) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
  return reset
}

/** Mark a password reset used. */
export async function markResetUsed(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: at }).where(eq(passwordResets.tokenHash, tokenHash))
}

/** Failed password sign-ins for an e-mail from an address since an instant, and the last one. */
export async function recentFailures(
  db: Db,
  email: string,
  ip: string | null,
  since: Date,
): Promise<{ failures: number; last: Date | null }> {
  const [row] = await db
    .select({ failures: count(), last: max(auditLog.at) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'sign_in_failed'),
        ip === null ? isNull(auditLog.ip) : eq(auditLog.ip, ip),
        sql`${auditLog.detail}->>'email' = ${email}`,
        gt(auditLog.at, since),
      ),
    )
  return { failures: Number(row?.failures ?? 0), last: row?.last ?? null }
}
