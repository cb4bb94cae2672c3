// Auth, accounts and admin payloads of spec sections 3 and 7 (the paths spec section 7 leaves
// unnamed are chosen in docs/decisions/080-accounts-and-tokens.md).
import { z } from './runtime.ts'
import {
  ACCOUNT_STATUSES,
  CLIENT_TIERS,
  CLIENT_TYPES,
  INVITE_STATUSES,
  OTP_MODES,
} from '../enums.ts'
import { ROLES } from '../routing/roles.ts'
import { emailField, mobileField, nameField, newPasswordField, otpField } from './fields.ts'
import { requiredMessage } from './messages.ts'
import { registrationSchema } from './payloads.ts'

/** Password sign-in `POST api/token/`. */
export const passwordSignInSchema = z.object({
  email: emailField,
  password: z
    .string({ error: requiredMessage('Password') })
    .min(1, requiredMessage('Password'))
    .max(128),
})
/** A password sign-in body. */
export type PasswordSignIn = z.output<typeof passwordSignInSchema>

/** The tokens a sign-in or refresh answers. */
export const tokenPairSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  /** Seconds until the access token expires. */
  access_expires_in: z.number().int(),
})
/** A token pair. */
export type TokenPair = z.output<typeof tokenPairSchema>

/** Refresh `POST api/token/refresh/`: the refresh token, rotated on use. */
export const refreshRequestSchema = z.object({ refresh: z.string().min(1).max(512) })

/** Sign-out `POST api/token/revoke/`: revokes the session the refresh token belongs to. */
export const signOutRequestSchema = z.object({ refresh: z.string().min(1).max(512).optional() })

const contactTarget = z.object({
  mobile: mobileField.optional(),
  email: emailField.optional(),
})

function needsContact(value: { mobile?: string; email?: string }, ctx: z.RefinementCtx) {
  if (!value.mobile && !value.email) {
    ctx.addIssue({ code: 'custom', message: requiredMessage('Email'), path: ['email'] })
  }
}

/** OTP sign-in `POST api/token/otp/`. */
export const otpSignInSchema = contactTarget
  .extend({ otp: otpField, auth_mode: z.string().max(32).optional() })
  .superRefine(needsContact)

/** OTP check `POST api/validate-otp/` for a mode other than sign-in. */
export const otpValidateSchema = contactTarget
  .extend({ otp: otpField, request_type: z.enum(OTP_MODES) })
  .superRefine(needsContact)

/** Reset request `POST api/reset-password/`: the link goes to `web_url?token=…`. */
export const resetPasswordRequestSchema = z.object({
  email: emailField,
  web_url: z.string().max(500).optional(),
})

/** New password `POST api/change-password/{userId}/` with the reset token (or, signed in, none). */
export const changePasswordSchema = z
  .object({
    new_password1: newPasswordField,
    new_password2: z.string({ error: requiredMessage('Confirm password') }),
    token: z.string().max(512).optional(),
    old_password: z.string().max(128).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.new_password1 !== value.new_password2) {
      ctx.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['new_password2'] })
    }
  })

/** A role value (spec section 3). */
export const roleSchema = z.enum(ROLES)

/** Invitation `POST api/client/user/invite/`. */
export const inviteRequestSchema = z.object({
  email: emailField,
  first_name: nameField.optional(),
  last_name: nameField.optional(),
  roles: z.array(roleSchema).min(1, requiredMessage('Role')).max(ROLES.length),
})

/** Revocation `POST api/client/user/invite/revoke/`. */
export const inviteRevokeSchema = z.object({
  invitee_id: z.union([z.string().min(1).max(64), z.number().int().nonnegative()]),
})

/** Validation `POST api/client/user/invite/validate/`. */
export const inviteValidateSchema = z.object({
  invite_code: z
    .string({ error: requiredMessage('Invite code') })
    .min(1)
    .max(128),
})

/** What a valid invitation reveals to its invitee. */
export const inviteInfoSchema = z.object({
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  client_name: z.string(),
  client_type: z.enum(CLIENT_TYPES),
  status: z.enum(INVITE_STATUSES),
})
/** A valid invitation, as its invitee sees it. */
export type InviteInfo = z.output<typeof inviteInfoSchema>

/** Roles update `PUT api/client/user/`. */
export const rolesUpdateSchema = z.object({
  user_id: z.union([z.string().min(1).max(64), z.number().int().nonnegative()]),
  roles: z.array(roleSchema).min(1, requiredMessage('Role')).max(ROLES.length),
})

/** One row of `GET api/useraccounts/`. */
export const userAccountRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  roles: z.array(z.string()),
  status: z.enum(ACCOUNT_STATUSES),
  invited_at: z.string().nullable(),
})

/** Exchange credentials `POST api/client/credentials/` (the password is never returned). */
export const credentialsRequestSchema = z.object({
  participant_code: z
    .string({ error: requiredMessage('Participant code') })
    .trim()
    .min(1, requiredMessage('Participant code'))
    .max(32),
  username: z
    .string({ error: requiredMessage('Username') })
    .trim()
    .min(1, requiredMessage('Username'))
    .max(128),
  password: z
    .string({ error: requiredMessage('Password') })
    .min(1, requiredMessage('Password'))
    .max(256),
  corp: z.enum(['NSCCL', 'ICCL']),
})

/** Chat terms `PATCH api/client/chat-terms/`. */
export const chatTermsSchema = z.object({ has_accepted_chat_terms: z.boolean() })

/** The security preferences a user can set, and what each does (decision 084). */
export const SECURITY_PREFERENCES = {
  sign_in_alerts: 'E-mail me whenever my account signs in',
} as const
/** One security preference. */
export type SecurityPreference = keyof typeof SECURITY_PREFERENCES

/** Security preferences `POST api/chatter/user/security-preference` (only the known ones). */
export const securityPreferenceSchema = z.object({
  preferences: z.partialRecord(
    z.enum(Object.keys(SECURITY_PREFERENCES) as [SecurityPreference]),
    z.boolean(),
  ),
})

/** Client update `PUT api/client/` (Ops Admin). */
export const clientUpdateSchema = z.object({
  name: z.string().trim().min(1, requiredMessage('Name')).max(200).optional(),
  trades_on_books: z.boolean().optional(),
})

/** The logged-in user record of spec section 3 (the session). */
export const loggedInUserSchema = z.object({
  user_info: z.object({
    id: z.string(),
    unique_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    mobile: z.string(),
    roles: z.array(z.string()),
    single_screen_waitlist_joined: z.boolean(),
    has_accepted_chat_terms: z.boolean(),
    user_security_preferences: z.record(z.string(), z.boolean()),
    suprsend_subscriber_id: z.string().nullable(),
  }),
  name: z.string(),
  user_accounts: z.array(
    z.object({ id: z.string(), client_id: z.string(), status: z.enum(ACCOUNT_STATUSES) }),
  ),
  permissions: z.array(z.string()),
  client_type: z.enum(CLIENT_TYPES),
  client_tier: z.enum(CLIENT_TIERS),
  allowed_exchanges: z.array(z.string()),
  allowed_reporting_exchanges: z.array(z.string()),
  rfq_exchanges: z.array(z.string()),
  stp_exchanges: z.array(z.string()),
  is_broker: z.boolean(),
  has_brokers: z.boolean(),
  trades_on_books: z.boolean(),
  nsccl_credentials: z.boolean(),
  iccl_credentials: z.boolean(),
  nsccl_name: z.string().nullable(),
  iccl_name: z.string().nullable(),
})
/** The logged-in user record. */
export type LoggedInUser = z.output<typeof loggedInUserSchema>

/** One user account row of the Ops Admin's list. */
export type UserAccountRow = z.output<typeof userAccountRowSchema>

/** Registration `POST api/client/register/` through an invitation: the payload plus its code. */
export const inviteRegistrationSchema = registrationSchema.extend({
  invite_code: z
    .string({ error: requiredMessage('Invite code') })
    .min(1)
    .max(128),
})
/** A registration through an invitation. */
export type InviteRegistration = z.output<typeof inviteRegistrationSchema>
