// Send a six-digit OTP by e-mail or SMS: 30 seconds after one, a minute after two in the hour, and
// so on up to 10 minutes (an earlier request is refused with a 429 saying how long to wait, also as
// `Retry-After`). The answer is the same whether or not the target has an account.
import type { OtpMode } from '@bonds/domain'
import { sixDigits, tokenHash } from '../../../crypto.ts'
import { HttpError } from '../../../http/errors.ts'
import { userByEmail, userByMobile } from '../../accounts/index.ts'
import type { AuthContext } from '../context.ts'
import { insertOtp, otpsSentSince } from '../repo.ts'
import {
  OTP_COOLDOWN_WINDOW_MS,
  OTP_TTL_MS,
  otpResendCooldownMs,
  otpResendWait,
  otpTarget,
  SMS_NOT_CONFIGURED,
  usable,
} from '../rules.ts'

/** Send an OTP. The answer is the same whether or not the target has an account. */
export async function requestOtp(
  { db, now, outbox }: AuthContext,
  request: { email?: string; mobile?: string; request_type: OtpMode },
) {
  const { channel, target } = otpTarget(request)
  // Without an SMS gateway a code to a mobile would be stored and never sent: say so instead.
  if (channel === 'sms' && !outbox.delivers('sms')) {
    throw new HttpError(400, SMS_NOT_CONFIGURED, { mobile: SMS_NOT_CONFIGURED })
  }
  const recent = await otpsSentSince(
    db,
    target,
    request.request_type,
    new Date(now().getTime() - OTP_COOLDOWN_WINDOW_MS),
  )
  const cooldown = otpResendCooldownMs(recent.sent)
  const elapsed = recent.last ? now().getTime() - recent.last.getTime() : Infinity
  if (elapsed < cooldown) {
    const seconds = Math.ceil((cooldown - elapsed) / 1000)
    throw new HttpError(429, otpResendWait(seconds), undefined, { 'retry-after': String(seconds) })
  }
  const needsAccount = request.request_type === 'login'
  const user = request.email ? await userByEmail(db, target) : await userByMobile(db, target)
  const code = sixDigits()
  await insertOtp(db, {
    target,
    mode: request.request_type,
    codeHash: tokenHash(`${target}:${code}`),
    expiresAt: new Date(now().getTime() + OTP_TTL_MS),
    // The cool-down above reads this: one clock for both.
    createdAt: now(),
  })
  if (!needsAccount || usable(user, now())) {
    await outbox.send({
      channel,
      recipient: target,
      kind: 'otp',
      subject: 'Your one-time password',
      body: `Your one-time password is ${code}. It expires in 5 minutes. Do not share it.`,
    })
  }
  // Each code sent in the hour makes the next wait longer: the countdown shows the new wait.
  return {
    message: 'OTP sent',
    resend_after_seconds: otpResendCooldownMs(recent.sent + 1) / 1000,
  }
}
