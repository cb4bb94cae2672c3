// Lite registration without an invitation: an individual (or a new corporate) client of the basic
// tier and a Market Researcher account, after the e-mail passed an OTP check (easy_register).
import { randomUUID } from 'node:crypto'
import type { RegistrationPayload } from '@bonds/domain'
import { audit } from '../../../db/audit.ts'
import { HttpError } from '../../../http/errors.ts'
import type { RequestMeta } from '../../../http/request-meta.ts'
import type { AccountsContext } from '../context.ts'
import { insertClient, normaliseEmail, userByEmail } from '../repo.ts'
import { createUser, EMAIL_TAKEN } from '../users.ts'

/** A lite registration must follow an e-mail OTP check (mode easy_register) this recent. */
export const LITE_OTP_WINDOW_MS = 15 * 60_000

/**
 * Lite registration without an invitation: an individual (or a new corporate) client of the
 * basic tier and a Market Researcher account, after an OTP sent to the e-mail.
 */
export async function registerLite(
  context: AccountsContext,
  request: RegistrationPayload,
  meta: RequestMeta,
) {
  const { db, now, liteOtpChecked } = context
  const clientId = randomUUID()
  const individual = request.client_type.startsWith('INDV')
  const name = individual
    ? `${request.identity.first_name} ${request.identity.last_name}`
    : (request.corporate_identity?.name ??
      `${request.identity.first_name} ${request.identity.last_name}`)
  // The OTP first: only the address's owner learns whether it already has an account, so the
  // form cannot be used to probe which e-mails are registered.
  const since = new Date(now().getTime() - LITE_OTP_WINDOW_MS)
  if (!(await liteOtpChecked(normaliseEmail(request.contact.email), since))) {
    const message = 'Verify your e-mail with the OTP first'
    throw new HttpError(400, message, { 'contact.email': message })
  }
  if (await userByEmail(db, request.contact.email)) {
    throw new HttpError(409, EMAIL_TAKEN, { 'contact.email': EMAIL_TAKEN })
  }
  await insertClient(db, {
    id: clientId,
    name,
    clientType: request.client_type,
    tier: 'BASIC',
    pan: request.pan,
    allowedExchanges: ['NSCCL', 'ICCL'],
  })
  const userId = await createUser(context, {
    clientId,
    payload: request,
    roles: ['user', 'dataviewer'],
  })
  await audit(db, { actor: userId, action: 'registered', ip: meta.ip, detail: { clientId } })
  return { user_id: userId, email: normaliseEmail(request.contact.email) }
}
