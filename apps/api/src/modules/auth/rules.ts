// The auth rules: lockout after failed sign-ins, OTP and reset lifetimes, the one answer for any
// wrong credential (so accounts cannot be probed), and who may sign in at all.
import { HttpError } from '../../http/errors.ts'
import { normaliseEmail, normaliseMobile, type UserRow } from '../accounts/index.ts'

/** Failed password sign-ins for one account from one address before that address must wait. */
export const MAX_FAILED_SIGN_INS = 5
/** How far back failures count. */
export const LOCKOUT_MS = 15 * 60_000
/** The first wait after MAX_FAILED_SIGN_INS failures; each further failure doubles it. */
export const FIRST_SIGN_IN_DELAY_MS = 30_000

/**
 * How long an address must wait before trying an account's password again, after `failures`
 * recent failures from it (the last at `last`): nothing below the limit, then 30 s, 1 min, 2 min…
 * up to LOCKOUT_MS. Only that address waits: the owner signs in from elsewhere, or with a code.
 */
export function signInWaitMs(failures: number, last: Date | null, now: Date): number {
  if (failures < MAX_FAILED_SIGN_INS || !last) return 0
  const delay = Math.min(FIRST_SIGN_IN_DELAY_MS * 2 ** (failures - MAX_FAILED_SIGN_INS), LOCKOUT_MS)
  return Math.max(0, last.getTime() + delay - now.getTime())
}

/** The refusal of a password tried again too soon from an address with recent failures. */
export function signInWait(seconds: number): string {
  return `Too many failed sign-ins from here. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, or sign in with a one-time code.`
}
/** OTP lifetime. */
export const OTP_TTL_MS = 5 * 60_000
/** Wrong tries an OTP survives. */
export const OTP_MAX_ATTEMPTS = 5
/** Wait before another OTP to the same target, after the first. */
export const OTP_RESEND_COOLDOWN_MS = 30_000
/** The longest wait between two OTPs to one target. */
export const OTP_MAX_COOLDOWN_MS = 10 * 60_000
/** How far back OTPs sent count toward the growing wait. */
export const OTP_COOLDOWN_WINDOW_MS = 60 * 60_000
/** Wrong tries at a target's codes in a day, after which no code is accepted until the next. */
export const OTP_DAILY_TRIES = 20

/**
 * The wait before another OTP once `sent` have gone to the target in the last hour: 30 s after
 * the first, then twice as long each time, up to 10 minutes.
 */
export function otpResendCooldownMs(sent: number): number {
  if (sent <= 0) return 0
  return Math.min(OTP_RESEND_COOLDOWN_MS * 2 ** (sent - 1), OTP_MAX_COOLDOWN_MS)
}
/** The refusal of an OTP asked for within the cool-down. */
export function otpResendWait(seconds: number): string {
  return `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting another OTP`
}
/** Reset links live an hour. */
export const RESET_TTL_MS = 60 * 60_000

/** The one answer for a wrong e-mail, a wrong password, a locked or inactive account. */
export const BAD_CREDENTIALS = 'No active account found with the given credentials'
/** The one answer for a wrong, expired or exhausted OTP. */
export const BAD_OTP = 'Invalid or expired OTP'

/** Whether a user may sign in at `now`: active and not locked. */
export function usable(user: UserRow | undefined, now: Date): user is UserRow {
  return (
    !!user &&
    user.status === 'active' &&
    (!user.lockedUntil || user.lockedUntil.getTime() <= now.getTime())
  )
}

/** The answer to a code asked for by SMS where no SMS gateway is configured. */
export const SMS_NOT_CONFIGURED =
  'Codes by SMS are not available on this server. Use your e-mail address instead.'

/** Where an OTP goes: the e-mail if given, else the mobile; neither is a 400. */
export function otpTarget(request: { email?: string | undefined; mobile?: string | undefined }) {
  if (request.email) return { channel: 'email' as const, target: normaliseEmail(request.email) }
  if (request.mobile) return { channel: 'sms' as const, target: normaliseMobile(request.mobile) }
  throw new HttpError(400, 'Email is required', { email: 'Email is required' })
}
