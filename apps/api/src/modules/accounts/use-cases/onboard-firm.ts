// The operator onboards a firm (the first one of a production install, and any after it): the
// client with its type, tier and exchanges, and an invitation to its Ops Admin through the outbox.
// No account is created here: the Ops Admin registers from the link, as every invitee does.
import {
  CLIENT_TIERS,
  CLIENT_TYPES,
  DEFAULT_ALLOWED_EXCHANGES,
  emailField,
  nameField,
  panField,
} from '@bonds/domain'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { audit } from '../../../db/audit.ts'
import { HttpError } from '../../../http/errors.ts'
import type { AccountsContext } from '../context.ts'
import { sendInvitation } from '../invitations.ts'
import { clientByName, insertClient, normaliseEmail, userByEmail } from '../repo.ts'
import { EMAIL_TAKEN } from '../users.ts'

const exchanges = z.array(z.enum(DEFAULT_ALLOWED_EXCHANGES)).max(2)

/** What the operator gives: the firm and its Ops Admin. */
export const onboardFirmSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'The firm’s name is required')
    .max(200, 'The firm’s name is at most 200 characters')
    .refine((value) => !value.includes('\0'), 'The firm’s name cannot hold a NUL character'),
  client_type: z.enum(CLIENT_TYPES, { error: `Client type is one of ${CLIENT_TYPES.join(', ')}` }),
  tier: z.enum(CLIENT_TIERS, { error: `Tier is one of ${CLIENT_TIERS.join(', ')}` }),
  is_broker: z.boolean().default(false),
  pan: panField.optional(),
  rfq_exchanges: exchanges.default([]),
  stp_exchanges: exchanges.default([]),
  admin: z.strictObject({ email: emailField, first_name: nameField, last_name: nameField }),
})

/** The firm to onboard, as the schema reads it. */
export type OnboardFirmRequest = z.input<typeof onboardFirmSchema>

/** Create the firm and invite its Ops Admin; the invitation's link comes back for the operator. */
export async function onboardFirm(context: AccountsContext, request: OnboardFirmRequest) {
  const parsed = onboardFirmSchema.safeParse(request)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new HttpError(400, `${issue?.path.join('.') || 'request'}: ${issue?.message}`)
  }
  const firm = parsed.data
  const { db } = context
  if (await clientByName(db, firm.name)) {
    throw new HttpError(409, `A firm named "${firm.name}" is already onboarded`)
  }
  const email = normaliseEmail(firm.admin.email)
  if (await userByEmail(db, email)) throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN })
  const clientId = randomUUID()
  await insertClient(db, {
    id: clientId,
    name: firm.name,
    clientType: firm.client_type,
    tier: firm.tier,
    isBroker: firm.is_broker,
    pan: firm.pan ?? null,
    allowedExchanges: ['NSCCL', 'ICCL'],
    allowedReportingExchanges: [...DEFAULT_ALLOWED_EXCHANGES],
    rfqExchanges: [...new Set(firm.rfq_exchanges)],
    stpExchanges: [...new Set(firm.stp_exchanges)],
  })
  const invitation = await sendInvitation(context, {
    client: { id: clientId, name: firm.name },
    email,
    firstName: firm.admin.first_name,
    lastName: firm.admin.last_name,
    roles: ['clientopsadmin'],
    invitedBy: null,
  })
  await audit(db, {
    actor: null,
    action: 'firm_onboarded',
    detail: { clientId, invitation: invitation.id, email },
  })
  return { clientId, invitationId: invitation.id, email, link: invitation.link }
}
