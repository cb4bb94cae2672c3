// Invitations, registration, user administration, exchange credentials, client settings and
// support tickets.
import { randomUUID } from 'node:crypto'
import {
  SECURITY_PREFERENCES,
  supportProviderId,
  type InviteRegistration,
  type RegistrationPayload,
  type Role,
  type SecurityPreference,
} from '@bonds/domain'
import { and, asc, eq, gt, ilike, or } from 'drizzle-orm'
import type { Db } from '../../db/index.ts'
import {
  clients,
  exchangeCredentials,
  invitations,
  otps,
  supportTickets,
  users,
} from '../../db/schema.ts'
import type { AuthUser } from '../../http/access.ts'
import { HttpError } from '../../http/errors.ts'
import type { RequestMeta } from '../auth/service.ts'
import { hashPassword, randomToken, secretBox, tokenHash } from '../auth/crypto.ts'
import type { Outbox } from '../outbox/outbox.ts'
import { audit } from './audit.ts'
import { clientById, normaliseEmail, normaliseMobile, userByEmail, userById } from './repo.ts'

/** Invitations stay valid for seven days. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000
/** The 410 answer for an invitation that cannot be used (spec section 2's 410 screen). */
export const INVITE_INVALID = 'Invitation URL invalid'

/** A lite registration must follow an e-mail OTP check (mode easy_register) this recent. */
export const LITE_OTP_WINDOW_MS = 15 * 60_000

const EMAIL_TAKEN = 'An account with this e-mail already exists'

/** The accounts service. */
export function accountsService(
  db: Db,
  outbox: Outbox,
  options: { publicUrl: string; credentialsSecret: string; production: boolean },
) {
  const box = secretBox(options.credentialsSecret)

  async function usableInvite(code: string) {
    const [invite] = await db
      .select()
      .from(invitations)
      .where(eq(invitations.codeHash, tokenHash(code)))
    if (!invite || invite.status !== 'invited' || invite.expiresAt.getTime() < Date.now()) {
      throw new HttpError(410, INVITE_INVALID)
    }
    return invite
  }

  async function createUser(values: {
    clientId: string
    payload: RegistrationPayload
    roles: readonly string[]
  }) {
    const email = normaliseEmail(values.payload.contact.email)
    if (await userByEmail(db, email)) {
      throw new HttpError(409, EMAIL_TAKEN, { 'contact.email': EMAIL_TAKEN })
    }
    if (values.payload.auth_mode === 'password' && !values.payload.password) {
      throw new HttpError(400, 'Password is required', { password: 'Password is required' })
    }
    const id = randomUUID()
    await db.insert(users).values({
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

  return {
    /**
     * Onboard a client with its first user (the operator's path: demo seeding and the
     * `create-client` command). Everyone else joins by invitation.
     */
    async bootstrapClient(request: {
      client: {
        name: string
        clientType: 'CORP' | 'CORP-P' | 'INDV' | 'INDV-P'
        tier: 'BASIC' | 'PREMIUM'
        isBroker?: boolean
        rfqExchanges?: string[]
        stpExchanges?: string[]
      }
      user: RegistrationPayload
      roles: Role[]
    }) {
      const clientId = randomUUID()
      await db.insert(clients).values({
        id: clientId,
        name: request.client.name,
        clientType: request.client.clientType,
        tier: request.client.tier,
        isBroker: request.client.isBroker ?? false,
        pan: request.user.pan,
        allowedExchanges: ['NSCCL', 'ICCL'],
        allowedReportingExchanges: ['NSE', 'BSE'],
        rfqExchanges: request.client.rfqExchanges ?? [],
        stpExchanges: request.client.stpExchanges ?? [],
      })
      const userId = await createUser({ clientId, payload: request.user, roles: request.roles })
      await audit(db, { actor: null, action: 'registered', detail: { clientId, userId } })
      return { clientId, userId }
    },

    /** Invite someone to the caller's client; the link goes out through the outbox. */
    async invite(
      caller: AuthUser,
      request: { email: string; first_name?: string; last_name?: string; roles: Role[] },
      meta: RequestMeta,
    ) {
      const email = normaliseEmail(request.email)
      if (await userByEmail(db, email)) {
        throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN })
      }
      const client = await clientById(db, caller.clientId)
      if (!client) throw new HttpError(404, 'Client not found')
      const code = randomToken()
      const id = randomUUID()
      await db.insert(invitations).values({
        id,
        codeHash: tokenHash(code),
        clientId: caller.clientId,
        email,
        firstName: request.first_name ?? null,
        lastName: request.last_name ?? null,
        roles: [...new Set(request.roles)],
        invitedBy: caller.id,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      })
      const link = `${options.publicUrl}/client/register?invite_code=${code}`
      await outbox.send({
        channel: 'email',
        recipient: email,
        kind: 'invitation',
        subject: `You are invited to join ${client.name}`,
        body: `${client.name} invites you to its bond workspace. Register within 7 days: ${link}`,
      })
      await audit(db, {
        actor: caller.id,
        action: 'invitation_sent',
        ip: meta.ip,
        detail: { invitation: id, email, roles: request.roles },
      })
      return { id, email, status: 'invited' as const }
    },

    /** Revoke a pending invitation of the caller's client. */
    async revokeInvite(caller: AuthUser, inviteeId: string, meta: RequestMeta) {
      const [invite] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, inviteeId), eq(invitations.clientId, caller.clientId)))
      if (!invite) throw new HttpError(404, 'Invitation not found')
      if (invite.status !== 'invited') {
        throw new HttpError(409, `This invitation is already ${invite.status}`)
      }
      await db.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, invite.id))
      await audit(db, {
        actor: caller.id,
        action: 'invitation_revoked',
        ip: meta.ip,
        detail: { invitation: invite.id, email: invite.email },
      })
      return { id: invite.id, status: 'revoked' as const }
    },

    /** What an invitation link shows its invitee; 410 when it cannot be used. */
    async validateInvite(code: string) {
      const invite = await usableInvite(code)
      const client = await clientById(db, invite.clientId)
      if (!client) throw new HttpError(410, INVITE_INVALID)
      return {
        email: invite.email,
        first_name: invite.firstName,
        last_name: invite.lastName,
        client_name: client.name,
        client_type: client.clientType as 'CORP' | 'CORP-P' | 'INDV' | 'INDV-P',
        status: 'invited' as const,
      }
    },

    /** Register through an invitation: the account joins the inviting client with its roles. */
    async register(request: InviteRegistration, meta: RequestMeta) {
      const invite = await usableInvite(request.invite_code)
      if (normaliseEmail(request.contact.email) !== invite.email) {
        const message = 'Use the e-mail address the invitation was sent to'
        throw new HttpError(400, message, { 'contact.email': message })
      }
      const userId = await createUser({
        clientId: invite.clientId,
        payload: request,
        roles: invite.roles,
      })
      await db
        .update(invitations)
        .set({ status: 'validated', userId })
        .where(eq(invitations.id, invite.id))
      await audit(db, {
        actor: userId,
        action: 'invitation_accepted',
        ip: meta.ip,
        detail: { invitation: invite.id },
      })
      return { user_id: userId, email: invite.email }
    },

    /**
     * Lite registration without an invitation: an individual (or a new corporate) client of the
     * basic tier and a Market Researcher account, after an OTP sent to the e-mail.
     */
    async registerLite(request: RegistrationPayload, meta: RequestMeta) {
      const clientId = randomUUID()
      const individual = request.client_type.startsWith('INDV')
      const name = individual
        ? `${request.identity.first_name} ${request.identity.last_name}`
        : (request.corporate_identity?.name ??
          `${request.identity.first_name} ${request.identity.last_name}`)
      if (await userByEmail(db, request.contact.email)) {
        throw new HttpError(409, EMAIL_TAKEN, { 'contact.email': EMAIL_TAKEN })
      }
      const [checked] = await db
        .select({ id: otps.id })
        .from(otps)
        .where(
          and(
            eq(otps.target, normaliseEmail(request.contact.email)),
            eq(otps.mode, 'easy_register'),
            gt(otps.consumedAt, new Date(Date.now() - LITE_OTP_WINDOW_MS)),
          ),
        )
        .limit(1)
      if (!checked) {
        const message = 'Verify your e-mail with the OTP first'
        throw new HttpError(400, message, { 'contact.email': message })
      }
      await db.insert(clients).values({
        id: clientId,
        name,
        clientType: request.client_type,
        tier: 'BASIC',
        pan: request.pan,
        allowedExchanges: ['NSCCL', 'ICCL'],
      })
      const userId = await createUser({ clientId, payload: request, roles: ['user', 'dataviewer'] })
      await audit(db, { actor: userId, action: 'registered', ip: meta.ip, detail: { clientId } })
      return { user_id: userId, email: normaliseEmail(request.contact.email) }
    },

    /** Users and pending invitations of the caller's client. */
    async userAccounts(caller: AuthUser, search?: string) {
      const pattern = search ? `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null
      const people = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.clientId, caller.clientId),
            pattern
              ? or(
                  ilike(users.email, pattern),
                  ilike(users.firstName, pattern),
                  ilike(users.lastName, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(asc(users.email))
      const invites = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.clientId, caller.clientId),
            eq(invitations.status, 'invited'),
            pattern ? ilike(invitations.email, pattern) : undefined,
          ),
        )
        .orderBy(asc(invitations.email))
      return [
        ...people.map((u) => ({
          id: u.id,
          email: u.email,
          first_name: u.firstName,
          last_name: u.lastName,
          mobile: u.mobile,
          roles: u.roles,
          status: u.status as 'active' | 'inactive' | 'invited',
          invited_at: null,
        })),
        ...invites.map((i) => ({
          id: i.id,
          email: i.email,
          first_name: i.firstName ?? '',
          last_name: i.lastName ?? '',
          mobile: '',
          roles: i.roles,
          status: 'invited' as const,
          invited_at: i.createdAt.toISOString(),
        })),
      ]
    },

    /** Change a user's roles; a client never loses its last Ops Admin. */
    async updateRoles(caller: AuthUser, userId: string, roles: Role[], meta: RequestMeta) {
      const user = await userById(db, userId)
      if (!user || user.clientId !== caller.clientId) throw new HttpError(404, 'User not found')
      const next = [...new Set(roles)]
      if (user.roles.includes('clientopsadmin') && !next.includes('clientopsadmin')) {
        const admins = await db
          .select({ id: users.id, roles: users.roles })
          .from(users)
          .where(and(eq(users.clientId, caller.clientId), eq(users.status, 'active')))
        if (admins.filter((a) => a.roles.includes('clientopsadmin')).length <= 1) {
          throw new HttpError(409, 'A client needs at least one Ops Admin', {
            roles: 'A client needs at least one Ops Admin',
          })
        }
      }
      await db.update(users).set({ roles: next }).where(eq(users.id, user.id))
      await audit(db, {
        actor: caller.id,
        action: 'roles_changed',
        ip: meta.ip,
        detail: { user: user.id, from: user.roles, to: next },
      })
      return { id: user.id, roles: next }
    },

    /** Store exchange credentials, the password encrypted; answers without the password. */
    async saveCredentials(
      caller: AuthUser,
      request: {
        participant_code: string
        username: string
        password: string
        corp: 'NSCCL' | 'ICCL'
      },
      meta: RequestMeta,
    ) {
      const values = {
        clientId: caller.clientId,
        corp: request.corp,
        participantCode: request.participant_code,
        username: request.username,
        passwordEncrypted: box.seal(request.password),
        updatedBy: caller.id,
        updatedAt: new Date(),
      }
      await db
        .insert(exchangeCredentials)
        .values(values)
        .onConflictDoUpdate({
          target: [exchangeCredentials.clientId, exchangeCredentials.corp],
          set: values,
        })
      await audit(db, {
        actor: caller.id,
        action: 'credentials_changed',
        ip: meta.ip,
        detail: { corp: request.corp, participant_code: request.participant_code },
      })
      return {
        corp: request.corp,
        participant_code: request.participant_code,
        username: request.username,
        updated_at: values.updatedAt.toISOString(),
      }
    },

    /** The stored credentials of a client, password in clear (for exchange adapters only). */
    async credentialsFor(clientId: string, corp: 'NSCCL' | 'ICCL') {
      const [row] = await db
        .select()
        .from(exchangeCredentials)
        .where(and(eq(exchangeCredentials.clientId, clientId), eq(exchangeCredentials.corp, corp)))
      return row ? { ...row, password: box.open(row.passwordEncrypted) } : null
    },

    /** Accept (or withdraw) the chat terms. */
    async chatTerms(caller: AuthUser, accepted: boolean) {
      await db.update(users).set({ hasAcceptedChatTerms: accepted }).where(eq(users.id, caller.id))
      return { has_accepted_chat_terms: accepted }
    },

    /** Merge security preferences. */
    async securityPreferences(
      caller: AuthUser,
      preferences: Partial<Record<SecurityPreference, boolean>>,
    ) {
      const user = await userById(db, caller.id)
      // Only the preferences the product knows are kept (decision 084).
      const merged: Partial<Record<SecurityPreference, boolean>> = {}
      for (const key of Object.keys(SECURITY_PREFERENCES) as SecurityPreference[]) {
        const value = preferences[key] ?? user?.securityPreferences?.[key]
        if (value !== undefined) merged[key] = value
      }
      await db.update(users).set({ securityPreferences: merged }).where(eq(users.id, caller.id))
      return { preferences: merged }
    },

    /** The caller's client. */
    async client(caller: AuthUser) {
      const client = await clientById(db, caller.clientId)
      if (!client) throw new HttpError(404, 'Client not found')
      return {
        id: client.id,
        name: client.name,
        client_type: client.clientType,
        client_tier: client.tier,
        is_broker: client.isBroker,
        trades_on_books: client.tradesOnBooks,
        allowed_exchanges: client.allowedExchanges,
        rfq_exchanges: client.rfqExchanges,
      }
    },

    /** Update the caller's client (Ops Admin). */
    async updateClient(
      caller: AuthUser,
      request: { name?: string | undefined; trades_on_books?: boolean | undefined },
      meta: RequestMeta,
    ) {
      const set = {
        ...(request.name !== undefined ? { name: request.name } : {}),
        ...(request.trades_on_books !== undefined
          ? { tradesOnBooks: request.trades_on_books }
          : {}),
      }
      if (Object.keys(set).length > 0) {
        await db.update(clients).set(set).where(eq(clients.id, caller.clientId))
        await audit(db, {
          actor: caller.id,
          action: 'client_updated',
          ip: meta.ip,
          detail: request,
        })
      }
      return this.client(caller)
    },

    /** Store a support or access-request ticket with its helpdesk type id. */
    async createTicket(
      caller: AuthUser | null,
      request: {
        ticket_type_id: number
        contacts: { email?: string | undefined; name?: string | undefined }[]
        ticket_attributes: Record<string, string | number | boolean | null>
      },
    ) {
      const providerTypeId = supportProviderId(
        request.ticket_type_id,
        options.production ? 'production' : 'development',
      )
      const [row] = await db
        .insert(supportTickets)
        .values({
          ticketTypeId: request.ticket_type_id,
          providerTypeId,
          userId: caller?.id ?? null,
          contacts: request.contacts,
          attributes: request.ticket_attributes,
        })
        .returning({ id: supportTickets.id, createdAt: supportTickets.createdAt })
      return {
        id: row?.id ?? 0,
        ticket_type_id: request.ticket_type_id,
        provider_type_id: providerTypeId,
        created_at: row?.createdAt.toISOString() ?? new Date().toISOString(),
      }
    },
  }
}

/** The accounts service's type. */
export type AccountsService = ReturnType<typeof accountsService>
