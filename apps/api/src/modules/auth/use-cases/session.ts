// The logged-in user record of spec section 3, which every app loads after sign-in.
import { HttpError } from '../../../http/errors.ts'
import { loggedInUser } from '../../accounts/index.ts'
import type { AuthContext } from '../context.ts'

/** The logged-in user record. */
export async function session({ db }: AuthContext, userId: string) {
  const record = await loggedInUser(db, userId)
  if (!record) throw new HttpError(401, 'Token is invalid or expired')
  return record
}
