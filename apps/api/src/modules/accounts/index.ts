// The accounts module (spec section 7, client and user administration): clients and users,
// invitations and registration, roles, exchange credentials, and client settings (support tickets
// are the support module's).
// Other modules and the server use what this file exports, nothing else of the folder.
import type { FastifyInstance } from 'fastify'
import { secretBox } from '../../crypto.ts'
import type { Db } from '../../db/index.ts'
import type { SessionsEnded } from '../../events/sessions.ts'
import type { RateLimit } from '../../http/security.ts'
import { bindUseCases, systemClock, type Clock } from '../../server-module.ts'
import type { Outbox } from '../outbox/index.ts'
import type { AccountsContext, LiteOtpChecked } from './context.ts'
import { accountsRoutes } from './routes.ts'
import { bootstrapClient } from './use-cases/bootstrap-client.ts'
import { chatTerms } from './use-cases/chat-terms.ts'
import { client } from './use-cases/client.ts'
import { credentialsFor } from './use-cases/credentials-for.ts'
import { invite } from './use-cases/invite.ts'
import { onboardFirm } from './use-cases/onboard-firm.ts'
import { setStaff } from './use-cases/set-staff.ts'
import { registerLite } from './use-cases/register-lite.ts'
import { register } from './use-cases/register.ts'
import { revokeInvite } from './use-cases/revoke-invite.ts'
import { saveCredentials } from './use-cases/save-credentials.ts'
import { securityPreferences } from './use-cases/security-preferences.ts'
import { updateClient } from './use-cases/update-client.ts'
import { updateRoles } from './use-cases/update-roles.ts'
import { userAccounts } from './use-cases/user-accounts.ts'
import { validateInvite } from './use-cases/validate-invite.ts'

export {
  authUserOf,
  clientById,
  loggedInUser,
  normaliseEmail,
  normaliseMobile,
  userByEmail,
  userById,
  userByMobile,
} from './repo.ts'
export type { ClientRow, UserRow } from './repo.ts'
export { permissionsOf } from './permissions.ts'
export type { LiteOtpChecked } from './context.ts'
export type { OnboardFirmRequest } from './use-cases/onboard-firm.ts'

/** What the accounts service needs besides the database and the outbox. */
export interface AccountsServiceOptions {
  publicUrl: string
  credentialsSecret: string
  production: boolean
  /** Whether an e-mail passed the lite registration's OTP check since an instant (auth's OTPs). */
  liteOtpChecked: LiteOtpChecked
  /** Sockets of a user whose roles changed close, to reopen with the new roles. */
  sessionsEnded?: SessionsEnded
  now?: Clock
}

/** The accounts use cases over one database, bound to the outbox and this deployment's settings. */
export function accountsService(db: Db, outbox: Outbox, options: AccountsServiceOptions) {
  const context: AccountsContext = {
    db,
    now: options.now ?? systemClock,
    outbox,
    box: secretBox(options.credentialsSecret),
    publicUrl: options.publicUrl,
    production: options.production,
    liteOtpChecked: options.liteOtpChecked,
    sessionsEnded: options.sessionsEnded ?? (async () => {}),
  }
  return bindUseCases(context, {
    bootstrapClient,
    onboardFirm,
    setStaff,
    invite,
    revokeInvite,
    validateInvite,
    register,
    registerLite,
    userAccounts,
    updateRoles,
    saveCredentials,
    credentialsFor,
    chatTerms,
    securityPreferences,
    client,
    updateClient,
  })
}

/** The accounts service's type. */
export type AccountsService = ReturnType<typeof accountsService>

/** The accounts module: its use cases and its routes (public writes under the auth rate limit). */
export function accountsModule(
  deps: { db: Db; clock: Clock; outbox: Outbox; authLimit: RateLimit } & Omit<
    AccountsServiceOptions,
    'now'
  >,
) {
  const { db, clock, outbox, authLimit, ...options } = deps
  const service = accountsService(db, outbox, { ...options, now: clock })
  return {
    service,
    routes: (app: FastifyInstance) => accountsRoutes(app, { service, authLimit }),
  }
}
