// OTP sign-in: a token pair for a valid login OTP of an account that may sign in, else one 401.
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import { userByEmail, userByMobile } from '../../accounts/index.ts'
import { checkOtp, failedSignIn, signedIn, type AuthContext } from '../context.ts'
import { BAD_OTP, otpTarget, usable } from '../rules.ts'

/** OTP sign-in. */
export async function otpSignIn(
  context: AuthContext,
  request: { email?: string; mobile?: string; otp: string },
  meta: RequestMeta,
) {
  const { db } = context
  const { target } = otpTarget(request)
  const valid = await checkOtp(context, target, 'login', request.otp)
  const user = request.email ? await userByEmail(db, target) : await userByMobile(db, target)
  if (!valid || !usable(user, context.now())) {
    await failedSignIn(context, undefined, request.email ?? target, meta)
    throw new HttpError(401, BAD_OTP)
  }
  return signedIn(context, user, meta, 'otp')
}
