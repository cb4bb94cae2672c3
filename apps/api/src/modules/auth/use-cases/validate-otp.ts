// Check an OTP of another mode (register, update_profile, easy_register); a wrong one is a 400.
import type { OtpMode } from '@bonds/domain'
import { HttpError } from '../../../http/errors.ts'
import { checkOtp, type AuthContext } from '../context.ts'
import { BAD_OTP, otpTarget } from '../rules.ts'

/** Check an OTP of another mode (register, update_profile, easy_register). */
export async function validateOtp(
  context: AuthContext,
  request: { email?: string; mobile?: string; otp: string; request_type: OtpMode },
) {
  const { target } = otpTarget(request)
  if (!(await checkOtp(context, target, request.request_type, request.otp))) {
    throw new HttpError(400, BAD_OTP, { otp: BAD_OTP })
  }
  return { valid: true }
}
