// Send a six-digit OTP by e-mail or SMS, at most one per target and mode every 30 seconds (an
// earlier request is refused with a 429 saying how long to wait, also as `Retry-After`). The
// answer is the same whether or not the target has an account.
import type { OtpMode } from '@bonds/domain'
import { sixDigits, tokenHash } from '../../../crypto.ts'
import { HttpError } from '../../../http/errors.ts'
import { userByEmail, userByMobile } from '../../accounts/index.ts'
import type { AuthContext } from '../context.ts'
import { insertOtp, lastOtpSentAt } from '../repo.ts'
import {
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
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
  const last = await lastOtpSentAt(db, target, request.request_type)
  const elapsed = last ? now().getTime() - last.getTime() : Infinity
  if (elapsed < OTP_RESEND_COOLDOWN_MS) {
    const seconds = Math.ceil((OTP_RESEND_COOLDOWN_MS - elapsed) / 1000)
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
  return { message: 'OTP sent', resend_after_seconds: OTP_RESEND_COOLDOWN_MS / 1000 }
}
