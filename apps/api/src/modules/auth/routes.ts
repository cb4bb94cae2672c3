// Auth endpoints of spec section 7 and the session, refresh and sign-out paths chosen in
// docs/decisions/080-accounts-and-tokens.md.
import {
  changePasswordSchema,
  loggedInUserSchema,
  otpRequestSchema,
  otpSignInSchema,
  otpValidateSchema,
  passwordSignInSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  signOutRequestSchema,
  tokenPairSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../http/access.ts'
import { metaOf } from '../../http/request-meta.ts'
import type { RateLimit } from '../../http/security.ts'
import type { AuthService } from './index.ts'

const tags = ['auth']
const detail = z.object({ detail: z.string() })

/** Register the auth routes. */
export async function authRoutes(
  app: FastifyInstance,
  { service, authLimit }: { service: AuthService; authLimit: RateLimit },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const limited = { access: 'public' as const, rateLimit: authLimit }

  r.post('/api/token/', {
    config: limited,
    schema: {
      tags,
      summary: 'Password sign-in: an access and a refresh token',
      body: passwordSignInSchema,
      response: { 200: tokenPairSchema },
    },
    handler: async (request) =>
      service.signIn(request.body.email, request.body.password, metaOf(request)),
  })

  r.post('/api/request-otp/', {
    config: limited,
    schema: {
      tags,
      summary: 'Send a six-digit OTP by e-mail or SMS (same answer whether an account exists)',
      body: otpRequestSchema,
      response: { 200: z.object({ message: z.string(), resend_after_seconds: z.number() }) },
    },
    handler: async (request) => service.requestOtp(request.body),
  })

  r.post('/api/token/otp/', {
    config: limited,
    schema: {
      tags,
      summary: 'OTP sign-in',
      body: otpSignInSchema,
      response: { 200: tokenPairSchema },
    },
    handler: async (request) => service.otpSignIn(request.body, metaOf(request)),
  })

  r.post('/api/validate-otp/', {
    config: limited,
    schema: {
      tags,
      summary: 'Check an OTP (register, update_profile, easy_register)',
      body: otpValidateSchema,
      response: { 200: z.object({ valid: z.boolean() }) },
    },
    handler: async (request) => service.validateOtp(request.body),
  })

  r.post('/api/token/refresh/', {
    config: limited,
    schema: {
      tags,
      summary: 'Spend a refresh token for a new pair; reusing a spent one ends the session',
      body: refreshRequestSchema,
      response: { 200: tokenPairSchema },
    },
    handler: async (request) => service.refresh(request.body.refresh, metaOf(request)),
  })

  r.post('/api/token/revoke/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Sign out: the session ends (by access token, or by refresh token)',
      body: signOutRequestSchema,
      response: { 200: detail },
    },
    handler: async (request) =>
      service.signOut(request.user, request.body.refresh, metaOf(request)),
  })

  r.get('/api/session/', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The logged-in user record (spec section 3)',
      response: { 200: loggedInUserSchema },
    },
    handler: async (request) => service.session(requireUser(request).id),
  })

  r.post('/api/reset-password/', {
    config: limited,
    schema: {
      tags,
      summary: 'E-mail a single-use reset link (same answer whether an account exists)',
      body: resetPasswordRequestSchema,
      response: { 200: detail },
    },
    handler: async (request) => service.requestReset(request.body.email, metaOf(request)),
  })

  r.post('/api/change-password/:userId/', {
    config: limited,
    schema: {
      tags,
      summary: 'Set a new password with a reset token, or signed in with the old password',
      params: z.object({ userId: z.string().min(1).max(64) }),
      body: changePasswordSchema,
      response: { 200: detail },
    },
    handler: async (request) =>
      service.changePassword(request.params.userId, request.body, request.user, metaOf(request)),
  })
}
