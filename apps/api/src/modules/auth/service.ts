// Sign-in by password and OTP, refresh, sign-out, the session record, password reset.
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { OtpMode } from '@bonds/domain'
import type { Db } from '../../db/index.ts'
import { otps, passwordResets, users } from '../../db/schema.ts'
import { HttpError } from '../../http/errors.ts'
import { audit } from '../accounts/audit.ts'
import {
  loggedInUser,
  normaliseEmail,
  normaliseMobile,
  userByEmail,
  userById,
  userByMobile,
  type UserRow,
} from '../accounts/repo.ts'
import type { Outbox } from '../outbox/outbox.ts'
import {
  hashPassword,
  randomToken,
  sameHash,
  sixDigits,
  tokenHash,
  verifyPassword,
} from './crypto.ts'
import type { TokenService } from './tokens.ts'

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
/** Reset links live an hour. */
export const RESET_TTL_MS = 60 * 60_000

/** The one answer for a wrong e-mail, a wrong password, a locked or inactive account. */
export const BAD_CREDENTIALS = 'No active account found with the given credentials'
/** The one answer for a wrong, expired or exhausted OTP. */
export const BAD_OTP = 'Invalid or expired OTP'

/** Where a request came from, for sessions and the audit log. */
export interface RequestMeta {
  ip?: string
  userAgent?: string
}

/** The auth service. */
export function authService(
  db: Db,
  tokens: TokenService,
  outbox: Outbox,
  options: { publicUrl: string },
) {
  async function failedSignIn(user: UserRow | undefined, email: string, meta: RequestMeta) {
    await audit(db, {
      actor: user?.id ?? null,
      action: 'sign_in_failed',
      ip: meta.ip,
      detail: { email: normaliseEmail(email) },
    })
    if (!user) return
    const failures = user.failedSignIns + 1
    await db
      .update(users)
      .set({
        failedSignIns: failures >= MAX_FAILED_SIGN_INS ? 0 : failures,
        ...(failures >= MAX_FAILED_SIGN_INS
          ? { lockedUntil: new Date(Date.now() + LOCKOUT_MS) }
          : {}),
      })
      .where(eq(users.id, user.id))
  }

  async function signedIn(user: UserRow, meta: RequestMeta, method: 'password' | 'otp') {
    await db.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, user.id))
    const { tokens: pair } = await tokens.openSession(user.id, meta)
    await audit(db, { actor: user.id, action: 'sign_in', ip: meta.ip, detail: { method } })
    if (user.securityPreferences?.sign_in_alerts) {
      const how = method === 'otp' ? 'a one-time code' : 'the password'
      await outbox.send({
        channel: 'email',
        recipient: user.email,
        kind: 'sign-in-alert',
        subject: 'New sign-in to your account',
        body: `Your account ${user.email} signed in with ${how} at ${new Date().toISOString()} from ${meta.ip ?? 'an unknown address'}. If this was not you, reset your password now.`,
      })
    }
    return pair
  }

  const usable = (user: UserRow | undefined): user is UserRow =>
    !!user &&
    user.status === 'active' &&
    (!user.lockedUntil || user.lockedUntil.getTime() <= Date.now())

  function otpTarget(request: { email?: string | undefined; mobile?: string | undefined }) {
    if (request.email) return { channel: 'email' as const, target: normaliseEmail(request.email) }
    if (request.mobile) return { channel: 'sms' as const, target: normaliseMobile(request.mobile) }
    throw new HttpError(400, 'Email is required', { email: 'Email is required' })
  }

  async function checkOtp(target: string, mode: OtpMode, code: string): Promise<boolean> {
    const [row] = await db
      .select()
      .from(otps)
      .where(
        and(
          eq(otps.target, target),
          eq(otps.mode, mode),
          isNull(otps.consumedAt),
          gt(otps.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(otps.id))
      .limit(1)
    if (!row || row.attempts >= OTP_MAX_ATTEMPTS) return false
    if (!sameHash(row.codeHash, tokenHash(`${target}:${code}`))) {
      await db
        .update(otps)
        .set({ attempts: row.attempts + 1 })
        .where(eq(otps.id, row.id))
      return false
    }
    await db.update(otps).set({ consumedAt: new Date() }).where(eq(otps.id, row.id))
    return true
  }

  return {
    /** Password sign-in: the same 401 for any wrong input, so accounts cannot be probed. */
    async signIn(email: string, password: string, meta: RequestMeta) {
      const user = await userByEmail(db, email)
      const ok = await verifyPassword(usable(user) ? user.passwordHash : null, password)
      if (!ok || !usable(user)) {
        await failedSignIn(user, email, meta)
        throw new HttpError(401, BAD_CREDENTIALS)
      }
      return signedIn(user, meta, 'password')
    },

    /** Send an OTP. The answer is the same whether or not the target has an account. */
    async requestOtp(request: { email?: string; mobile?: string; request_type: OtpMode }) {
      const { channel, target } = otpTarget(request)
      const [last] = await db
        .select({ createdAt: otps.createdAt })
        .from(otps)
        .where(and(eq(otps.target, target), eq(otps.mode, request.request_type)))
        .orderBy(desc(otps.id))
        .limit(1)
      if (last && Date.now() - last.createdAt.getTime() < OTP_RESEND_COOLDOWN_MS) {
        const seconds = Math.ceil(
          (OTP_RESEND_COOLDOWN_MS - (Date.now() - last.createdAt.getTime())) / 1000,
        )
        throw new HttpError(429, `Please wait ${seconds} seconds before requesting another OTP`)
      }
      const needsAccount = request.request_type === 'login'
      const user = request.email ? await userByEmail(db, target) : await userByMobile(db, target)
      const code = sixDigits()
      await db.insert(otps).values({
        target,
        mode: request.request_type,
        codeHash: tokenHash(`${target}:${code}`),
        expiresAt: new Date(Date.now() + OTP_TTL_MS),
      })
      if (!needsAccount || usable(user)) {
        await outbox.send({
          channel,
          recipient: target,
          kind: 'otp',
          subject: 'Your one-time password',
          body: `Your one-time password is ${code}. It expires in 5 minutes. Do not share it.`,
        })
      }
      return { message: 'OTP sent', resend_after_seconds: OTP_RESEND_COOLDOWN_MS / 1000 }
    },

    /** OTP sign-in. */
    async otpSignIn(request: { email?: string; mobile?: string; otp: string }, meta: RequestMeta) {
      const { target } = otpTarget(request)
      const valid = await checkOtp(target, 'login', request.otp)
      const user = request.email ? await userByEmail(db, target) : await userByMobile(db, target)
      if (!valid || !usable(user)) {
        await failedSignIn(undefined, request.email ?? target, meta)
        throw new HttpError(401, BAD_OTP)
      }
      return signedIn(user, meta, 'otp')
    },

    /** Check an OTP of another mode (register, update_profile, easy_register). */
    async validateOtp(request: {
      email?: string
      mobile?: string
      otp: string
      request_type: OtpMode
    }) {
      const { target } = otpTarget(request)
      if (!(await checkOtp(target, request.request_type, request.otp))) {
        throw new HttpError(400, BAD_OTP, { otp: BAD_OTP })
      }
      return { valid: true }
    },

    /** Spend a refresh token for a new pair; reuse revokes the session. */
    async refresh(refresh: string, meta: RequestMeta) {
      const result = await tokens.rotate(refresh)
      if (result.reused || !result.tokens) {
        await audit(db, {
          actor: result.userId,
          action: 'refresh_reuse',
          ip: meta.ip,
          detail: { session: result.sessionId },
        })
        throw new HttpError(401, 'Token is invalid or expired')
      }
      const user = await userById(db, result.userId)
      if (!usable(user)) {
        await tokens.revoke(result.sessionId, 'account not active')
        throw new HttpError(401, 'Token is invalid or expired')
      }
      return result.tokens
    },

    /** Sign out: the session of the caller (or of the refresh token) ends. */
    async signOut(
      caller: { id: string; sessionId: string } | null,
      refresh: string | undefined,
      meta: RequestMeta,
    ) {
      const sessionId = caller?.sessionId ?? (refresh ? await tokens.sessionOf(refresh) : null)
      if (sessionId) {
        await tokens.revoke(sessionId, 'signed out')
        await audit(db, { actor: caller?.id ?? null, action: 'sign_out', ip: meta.ip })
      }
      return { detail: 'Signed out' }
    },

    /** The logged-in user record. */
    async session(userId: string) {
      const record = await loggedInUser(db, userId)
      if (!record) throw new HttpError(401, 'Token is invalid or expired')
      return record
    },

    /** Send a reset link if the e-mail has an account; the answer is the same either way. */
    async requestReset(email: string, meta: RequestMeta) {
      const user = await userByEmail(db, email)
      if (user && user.status === 'active') {
        const token = randomToken()
        await db.insert(passwordResets).values({
          tokenHash: tokenHash(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        })
        const link = `${options.publicUrl}/auth/reset-password?uid=${encodeURIComponent(user.id)}&token=${token}`
        await outbox.send({
          channel: 'email',
          recipient: user.email,
          kind: 'reset',
          subject: 'Reset your password',
          body: `Someone asked to reset the password of ${user.email}. If it was you, open ${link} within an hour. If not, ignore this message.`,
        })
        await audit(db, { actor: user.id, action: 'password_reset_requested', ip: meta.ip })
      }
      return {
        detail: 'If an account exists for this e-mail, a reset link has been sent to it.',
      }
    },

    /**
     * Set a new password: with a reset token for `userId`, or signed in as `userId` with the old
     * password. Every session of the user ends.
     */
    async changePassword(
      userId: string,
      request: {
        new_password1: string
        token?: string | undefined
        old_password?: string | undefined
      },
      caller: { id: string } | null,
      meta: RequestMeta,
    ) {
      const user = await userById(db, userId)
      if (request.token) {
        const [reset] = await db
          .select()
          .from(passwordResets)
          .where(eq(passwordResets.tokenHash, tokenHash(request.token)))
        if (
          !user ||
          !reset ||
          reset.userId !== user.id ||
          reset.usedAt ||
          reset.expiresAt.getTime() < Date.now()
        ) {
          throw new HttpError(400, 'This reset link is invalid or has expired', {
            token: 'This reset link is invalid or has expired',
          })
        }
        await db
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(eq(passwordResets.tokenHash, reset.tokenHash))
      } else {
        if (!caller) throw new HttpError(401, 'Authentication credentials were not provided.')
        if (caller.id !== userId || !user) {
          throw new HttpError(403, 'You do not have permission to perform this action.')
        }
        if (!(await verifyPassword(user.passwordHash, request.old_password ?? ''))) {
          throw new HttpError(400, 'The current password is wrong', {
            old_password: 'The current password is wrong',
          })
        }
      }
      await db
        .update(users)
        .set({
          passwordHash: await hashPassword(request.new_password1),
          failedSignIns: 0,
          lockedUntil: null,
        })
        .where(eq(users.id, user.id))
      await tokens.revokeAll(user.id, 'password changed')
      await audit(db, { actor: caller?.id ?? user.id, action: 'password_changed', ip: meta.ip })
      return { detail: 'Password changed' }
    },
  }
}

/** The auth service's type. */
export type AuthService = ReturnType<typeof authService>
