// Password sign-in: a token pair, or the same 401 for any wrong input (unknown e-mail, wrong
// password, inactive account), so accounts cannot be probed; an address with repeated failures
// for an e-mail waits longer each time (429), whether or not the account exists.
import { verifyPassword } from '../../../crypto.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import { userByEmail } from '../../accounts/index.ts'
import { failedSignIn, holdBackRepeatedFailures, signedIn, type AuthContext } from '../context.ts'
import { BAD_CREDENTIALS, usable } from '../rules.ts'

/** Password sign-in: the same 401 for any wrong input, so accounts cannot be probed. */
export async function signIn(
  context: AuthContext,
  email: string,
  password: string,
  meta: RequestMeta,
) {
  // An address that keeps failing waits longer each time; the account stays open elsewhere.
  await holdBackRepeatedFailures(context, email, meta)
  const user = await userByEmail(context.db, email)
  const ok = await verifyPassword(usable(user, context.now()) ? user.passwordHash : null, password)
  if (!ok || !usable(user, context.now())) {
    await failedSignIn(context, user, email, meta)
    throw new HttpError(401, BAD_CREDENTIALS)
  }
  return signedIn(context, user, meta, 'password')
}
