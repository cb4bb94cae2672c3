// The auth rules: lockout after failed sign-ins, OTP and reset lifetimes, the one answer for any
// wrong credential (so accounts cannot be probed), and who may sign in at all.
import { HttpError } from '../../http/errors.ts'
import { normaliseEmail, normaliseMobile, type UserRow } from '../accounts/index.ts'

/** Failed sign-ins in a row that lock an account. */
export const MAX_FAILED_SIGN_INS = 5
/** How long a locked account stays locked. */
export const LOCKOUT_MS = 15 * 60_000
/** OTP lifetime. */
export const OTP_TTL_MS = 5 * 60_000
/** Wrong tries an OTP survives. */
export const OTP_MAX_ATTEMPTS = 5
/** Wait before another OTP to the same target. */
export const OTP_RESEND_COOLDOWN_MS = 30_000
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
