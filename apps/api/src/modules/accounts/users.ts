// A new user of a client: the e-mail not yet taken, a password when the account signs in with one.
import { randomUUID } from 'node:crypto'
import type { RegistrationPayload } from '@bonds/domain'
import { hashPassword } from '../../crypto.ts'
import { HttpError } from '../../http/errors.ts'
import type { AccountsContext } from './context.ts'
import { insertUser, normaliseEmail, normaliseMobile, userByEmail } from './repo.ts'

/** The answer for an e-mail that already has an account. */
export const EMAIL_TAKEN = 'An account with this e-mail already exists'

/** Create an active user of a client with roles; its id. */
export async function createUser(
  { db }: AccountsContext,
  values: { clientId: string; payload: RegistrationPayload; roles: readonly string[] },
): Promise<string> {
  const email = normaliseEmail(values.payload.contact.email)
  if (await userByEmail(db, email)) {
    throw new HttpError(409, EMAIL_TAKEN, { 'contact.email': EMAIL_TAKEN })
  }
  if (values.payload.auth_mode === 'password' && !values.payload.password) {
    throw new HttpError(400, 'Password is required', { password: 'Password is required' })
  }
  const id = randomUUID()
  await insertUser(db, {
    id,
    clientId: values.clientId,
    email,
    mobile: normaliseMobile(values.payload.contact.mobile),
    firstName: values.payload.identity.first_name,
    lastName: values.payload.identity.last_name,
    passwordHash: values.payload.password ? await hashPassword(values.payload.password) : null,
    roles: [...values.roles],
    status: 'active',
  })
  return id
}
