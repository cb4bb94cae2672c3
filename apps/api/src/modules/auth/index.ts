// The auth module (spec section 7, auth; docs/decisions/080): password and OTP sign-in, refresh,
// sign-out, the session record and password reset, over access and refresh tokens. Other modules
// and the server use what this file exports, nothing else of the folder.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import type { RateLimit } from '../../http/security.ts'
import { bindUseCases, systemClock, type Clock } from '../../server-module.ts'
import type { Outbox } from '../outbox/index.ts'
import type { AuthContext } from './context.ts'
import { authRoutes } from './routes.ts'
import type { TokenService } from './tokens.ts'
import { changePassword } from './use-cases/change-password.ts'
import { otpSignIn } from './use-cases/otp-sign-in.ts'
import { refresh } from './use-cases/refresh.ts'
import { requestOtp } from './use-cases/request-otp.ts'
import { requestReset } from './use-cases/request-reset.ts'
import { session } from './use-cases/session.ts'
import { signIn } from './use-cases/sign-in.ts'
import { signOut } from './use-cases/sign-out.ts'
import { validateOtp } from './use-cases/validate-otp.ts'

export { otpCheckedSince } from './repo.ts'
export { tokenService } from './tokens.ts'
export type { AccessClaims, TokenService } from './tokens.ts'

/** The auth use cases over one database, bound to the token service and the outbox. */
export function authService(
  db: Db,
  tokens: TokenService,
  outbox: Outbox,
  options: { publicUrl: string; now?: Clock },
) {
  const context: AuthContext = {
    db,
    now: options.now ?? systemClock,
    tokens,
    outbox,
    publicUrl: options.publicUrl,
  }
  return bindUseCases(context, {
    signIn,
    requestOtp,
    otpSignIn,
    validateOtp,
    refresh,
    signOut,
    session,
    requestReset,
    changePassword,
  })
}

/** The auth service's type. */
export type AuthService = ReturnType<typeof authService>

/** The auth module: its use cases and its routes (public writes under the auth rate limit). */
export function authModule(deps: {
  db: Db
  clock: Clock
  tokens: TokenService
  outbox: Outbox
  publicUrl: string
  authLimit: RateLimit
}) {
  const service = authService(deps.db, deps.tokens, deps.outbox, {
    publicUrl: deps.publicUrl,
    now: deps.clock,
  })
  return {
    service,
    routes: (app: FastifyInstance) => authRoutes(app, { service, authLimit: deps.authLimit }),
  }
}
