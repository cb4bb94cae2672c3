// Client and user administration endpoints of spec section 7.
import {
  chatTermsSchema,
  clientUpdateSchema,
  credentialsRequestSchema,
  inviteInfoSchema,
  inviteRegistrationSchema,
  inviteRequestSchema,
  inviteRevokeSchema,
  inviteValidateSchema,
  registrationSchema,
  rolesUpdateSchema,
  securityPreferenceSchema,
  userAccountRowSchema,
} from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser, type AccessRule } from '../../http/access.ts'
import { metaOf } from '../../http/request-meta.ts'
import type { RateLimit } from '../../http/security.ts'
import type { AccountsService } from './index.ts'

const OPS_ADMIN: AccessRule = { roles: ['clientopsadmin'] }
const tags = ['accounts']

const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  client_type: z.string(),
  client_tier: z.string(),
  is_broker: z.boolean(),
  trades_on_books: z.boolean(),
  allowed_exchanges: z.array(z.string()),
  rfq_exchanges: z.array(z.string()),
})
const registeredSchema = z.object({ user_id: z.string(), email: z.string() })

/** Register the accounts routes. */
export async function accountsRoutes(
  app: FastifyInstance,
  { service, authLimit }: { service: AccountsService; authLimit: RateLimit },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/client/user/invite/', {
    config: { access: OPS_ADMIN },
    schema: {
      tags,
      summary: 'Invite a user to the caller’s client (Ops Admin)',
      body: inviteRequestSchema,
      response: {
        200: z.object({ id: z.string(), email: z.string(), status: z.literal('invited') }),
      },
    },
    handler: async (request) => service.invite(requireUser(request), request.body, metaOf(request)),
  })

  r.post('/api/client/user/invite/revoke/', {
    config: { access: OPS_ADMIN },
    schema: {
      tags,
      summary: 'Revoke a pending invitation (Ops Admin)',
      body: inviteRevokeSchema,
      response: { 200: z.object({ id: z.string(), status: z.literal('revoked') }) },
    },
    handler: async (request) =>
      service.revokeInvite(requireUser(request), String(request.body.invitee_id), metaOf(request)),
  })

  r.post('/api/client/user/invite/validate/', {
    config: { access: 'public', rateLimit: authLimit },
    schema: {
      tags,
      summary: 'What an invitation shows its invitee; 410 when invalid, revoked or expired',
      body: inviteValidateSchema,
      response: { 200: inviteInfoSchema },
    },
    handler: async (request) => service.validateInvite(request.body.invite_code),
  })

  r.post('/api/client/register/', {
    config: { access: 'public', rateLimit: authLimit },
    schema: {
      tags,
      summary: 'Register through an invitation',
      body: inviteRegistrationSchema,
      response: { 200: registeredSchema },
    },
    handler: async (request) => service.register(request.body, metaOf(request)),
  })

  r.post('/api/client/register-user/lite', {
    config: { access: 'public', rateLimit: authLimit },
    schema: {
      tags,
      summary: 'Lite registration: a basic-tier researcher account (OTP checked first)',
      body: registrationSchema,
      response: { 200: registeredSchema },
    },
    handler: async (request) => service.registerLite(request.body, metaOf(request)),
  })

  r.get('/api/useraccounts/', {
    config: { access: OPS_ADMIN },
    schema: {
      tags,
      summary: 'Users and pending invitations of the caller’s client (Ops Admin)',
      querystring: z.object({ search: z.string().max(100).optional() }),
      response: { 200: z.array(userAccountRowSchema) },
    },
    handler: async (request) => service.userAccounts(requireUser(request), request.query.search),
  })

  r.put('/api/client/user/', {
    config: { access: OPS_ADMIN },
    schema: {
      tags,
      summary: 'Change a user’s roles (Ops Admin)',
      body: rolesUpdateSchema,
      response: { 200: z.object({ id: z.string(), roles: z.array(z.string()) }) },
    },
    handler: async (request) =>
      service.updateRoles(
        requireUser(request),
        String(request.body.user_id),
        request.body.roles,
        metaOf(request),
      ),
  })

  r.post('/api/client/credentials/', {
    config: { access: OPS_ADMIN },
    schema: {
      tags,
      summary: 'Store exchange credentials, encrypted at rest (Ops Admin); never returned',
      body: credentialsRequestSchema,
      response: {
        200: z.object({
          corp: z.string(),
          participant_code: z.string(),
          username: z.string(),
          updated_at: z.string(),
        }),
      },
    },
    handler: async (request) =>
      service.saveCredentials(requireUser(request), request.body, metaOf(request)),
  })

  r.patch('/api/client/chat-terms/', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Accept the chat terms',
      body: chatTermsSchema,
      response: { 200: chatTermsSchema },
    },
    handler: async (request) =>
      service.chatTerms(requireUser(request), request.body.has_accepted_chat_terms),
  })

  r.post('/api/chatter/user/security-preference', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Update security preferences',
      body: securityPreferenceSchema,
      response: { 200: securityPreferenceSchema },
    },
    handler: async (request) =>
      service.securityPreferences(requireUser(request), request.body.preferences),
  })

  r.get('/api/client/', {
    config: { access: 'user' },
    schema: { tags, summary: 'The caller’s client', response: { 200: clientSchema } },
    handler: async (request) => service.client(requireUser(request)),
  })

  r.put('/api/client/', {
    config: { access: OPS_ADMIN },
    schema: {
      tags,
      summary: 'Update the caller’s client (Ops Admin)',
      body: clientUpdateSchema,
      response: { 200: clientSchema },
    },
    handler: async (request) =>
      service.updateClient(requireUser(request), request.body, metaOf(request)),
  })
}
