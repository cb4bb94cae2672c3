// What every auth use case is given, and the steps several share: a failed sign-in counted (and
// the account locked at the limit), a successful one opening a session, an OTP checked.
import type { OtpMode } from '@bonds/domain'
import { sameHash, tokenHash } from '../../crypto.ts'
import { audit } from '../../db/audit.ts'
import type { Db } from '../../db/index.ts'
import { HttpError } from '../../http/errors.ts'
import type { RequestMeta } from '../../http/request-meta.ts'
import type { Clock } from '../../server-module.ts'
import { normaliseEmail, type UserRow } from '../accounts/index.ts'
import type { Outbox } from '../outbox/index.ts'
import { liveOtp, otpTriesSince, recentFailures, updateOtp, updateSignIn } from './repo.ts'
import { LOCKOUT_MS, OTP_DAILY_TRIES, OTP_MAX_ATTEMPTS, signInWait, signInWaitMs } from './rules.ts'
import type { TokenService } from './tokens.ts'

/** What the auth use cases run with. */
export interface AuthContext {
  db: Db
  now: Clock
  tokens: TokenService
  outbox: Outbox
  publicUrl: string
}

/**
 * Count a failed sign-in in the audit log (by account and address, see `signInWaitMs`). The account
 * itself is never locked: anyone could lock anyone out with five requests.
 */
export async function failedSignIn(
  { db }: AuthContext,
  user: UserRow | undefined,
  email: string,
  meta: RequestMeta,
) {
  await audit(db, {
    actor: user?.id ?? null,
    action: 'sign_in_failed',
    ip: meta.ip,
    detail: { email: normaliseEmail(email) },
  })
}

/** Refuse (429) a password tried too soon from an address with recent failures for the e-mail. */
export async function holdBackRepeatedFailures(
  { db, now }: AuthContext,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  const at = now()
  const { failures, last } = await recentFailures(
    db,
    normaliseEmail(email),
    meta.ip ?? null,
    new Date(at.getTime() - LOCKOUT_MS),
  )
  const wait = signInWaitMs(failures, last, at)
  if (wait <= 0) return
  const seconds = Math.ceil(wait / 1000)
  throw new HttpError(429, signInWait(seconds), undefined, { 'retry-after': String(seconds) })
}

/** A successful sign-in: failures cleared, a session opened, an alert sent when asked for. */
export async function signedIn(
  { db, now, tokens, outbox }: AuthContext,
  user: UserRow,
  meta: RequestMeta,
  method: 'password' | 'otp',
) {
  await updateSignIn(db, user.id, { failedSignIns: 0, lockedUntil: null })
  const { tokens: pair } = await tokens.openSession(user.id, meta)
  await audit(db, { actor: user.id, action: 'sign_in', ip: meta.ip, detail: { method } })
  if (user.securityPreferences?.sign_in_alerts) {
    const how = method === 'otp' ? 'a one-time code' : 'the password'
    await outbox.send({
      channel: 'email',
      recipient: user.email,
      kind: 'sign-in-alert',
      subject: 'New sign-in to your account',
      body: `Your account ${user.email} signed in with ${how} at ${now().toISOString()} from ${meta.ip ?? 'an unknown address'}. If this was not you, reset your password now.`,
    })
  }
  return pair
}

/** Check an OTP: the latest live one of the mode; a wrong code counts a try, a right one is spent. */
export async function checkOtp(
  { db, now }: AuthContext,
  target: string,
  mode: OtpMode,
  code: string,
): Promise<boolean> {
  const row = await liveOtp(db, target, mode, now())
  if (!row || row.attempts >= OTP_MAX_ATTEMPTS) return false
  // Wrong tries at every code of the target count toward a daily cap: new codes buy no new tries.
  const day = new Date(now().getTime() - 24 * 60 * 60_000)
  if ((await otpTriesSince(db, target, day)) >= OTP_DAILY_TRIES) return false
  if (!sameHash(row.codeHash, tokenHash(`${target}:${code}`))) {
    await updateOtp(db, row.id, { attempts: row.attempts + 1 })
    return false
  }
  await updateOtp(db, row.id, { consumedAt: now() })
  return true
}
