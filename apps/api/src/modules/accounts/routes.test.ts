// Invitations, registration, user administration, credentials and client settings on the real
// app with the demo accounts.
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { auditLog, exchangeCredentials } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'
import { as, lastMessage, signIn } from '../auth/testing.ts'

let app: FastifyInstance
let database: Database
let admin: string
let dealer: string

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(
    readConfig({
      DEMO_MODE: 'true',
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'accounts-test-secret',
      AUTH_RATE_LIMIT: '10000',
      PUBLIC_URL: 'http://bonds.test',
    }),
    { web: false, database, universe: false },
  )
  await app.ready()
  admin = (await signIn(app, 'opsadmin@demo.test')).access
  dealer = (await signIn(app, 'dealer@demo.test')).access
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const registration = (email: string, invite_code: string) => ({
  invite_code,
  auth_mode: 'password',
  pan: 'ABCDE1234F',
  password: 'Newcomer2026',
  identity: { first_name: 'Nina', last_name: 'Newcomer' },
  client_type: 'CORP',
  corporate_identity: null,
  contact: { email, mobile: '+919876543210', whatsapp_consent: false },
})

async function invite(email: string, roles = ['clientviewer']) {
  const response = await as(app, admin, {
    method: 'POST',
    url: '/api/client/user/invite/',
    payload: { email, first_name: 'Nina', last_name: 'Newcomer', roles },
  })
  expect(response.statusCode).toBe(200)
  const message = await lastMessage(app, email)
  const link = new URL(/(http:\/\/bonds\.test\S+)/.exec(message.body)?.[1] as string)
  expect(link.pathname).toBe('/client/register')
  return { id: response.json().id as string, code: link.searchParams.get('invite_code') as string }
}

describe('invitations and registration', () => {
  it('an Ops Admin invites, the invitee validates, registers and signs in', async () => {
    const { code } = await invite('nina@demo.test')
    const validated = await app.inject({
      method: 'POST',
      url: '/api/client/user/invite/validate/',
      payload: { invite_code: code },
    })
    expect(validated.statusCode).toBe(200)
    expect(validated.json()).toMatchObject({
      email: 'nina@demo.test',
      client_name: 'Demo Capital',
      status: 'invited',
    })
    const registered = await app.inject({
      method: 'POST',
      url: '/api/client/register/',
      payload: registration('nina@demo.test', code),
    })
    expect(registered.statusCode).toBe(200)
    const tokens = await signIn(app, 'nina@demo.test', 'Newcomer2026')
    const me = await as(app, tokens.access, { method: 'GET', url: '/api/session/' })
    expect(me.json().user_info).toMatchObject({ roles: ['clientviewer'], mobile: '9876543210' })
    expect(me.json().name).toBe('Demo Capital')
    // A used invitation is gone.
    const again = await app.inject({
      method: 'POST',
      url: '/api/client/user/invite/validate/',
      payload: { invite_code: code },
    })
    expect(again.statusCode).toBe(410)
  })

  it('a new invitation to the same address supersedes the pending one', async () => {
    const first = await invite('twice@demo.test', ['clientviewer'])
    const second = await invite('twice@demo.test', ['clientdealer'])
    const check = (invite_code: string) =>
      app.inject({
        method: 'POST',
        url: '/api/client/user/invite/validate/',
        payload: { invite_code },
      })
    expect((await check(first.code)).statusCode).toBe(410)
    expect((await check(second.code)).statusCode).toBe(200)
    const pending = await as(app, admin, { method: 'GET', url: '/api/useraccounts/?search=twice' })
    const rows = JSON.stringify(pending.json())
    expect(rows).toContain(second.id)
    expect(rows).not.toContain(first.id)
  })

  it('a revoked or unknown invitation answers 410 "Invitation URL invalid"', async () => {
    const { id, code } = await invite('revoked@demo.test')
    const revoked = await as(app, admin, {
      method: 'POST',
      url: '/api/client/user/invite/revoke/',
      payload: { invitee_id: id },
    })
    expect(revoked.json()).toEqual({ id, status: 'revoked' })
    for (const invite_code of [code, 'no-such-code']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/client/user/invite/validate/',
        payload: { invite_code },
      })
      expect(response.statusCode).toBe(410)
      expect(response.json().message).toBe('Invitation URL invalid')
    }
    const register = await app.inject({
      method: 'POST',
      url: '/api/client/register/',
      payload: registration('revoked@demo.test', code),
    })
    expect(register.statusCode).toBe(410)
  })

  it('registration validates the payload with the spec messages and the invited e-mail', async () => {
    const { code } = await invite('checked@demo.test')
    const bad = await app.inject({
      method: 'POST',
      url: '/api/client/register/',
      payload: {
        ...registration('checked@demo.test', code),
        pan: 'abc',
        contact: { email: 'checked@demo.test', mobile: '12345', whatsapp_consent: false },
      },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toMatchObject({
      pan: 'Please enter a valid PAN (10 Digits).',
      'contact.mobile': 'Please enter a valid Phone number.',
    })
    const wrongEmail = await app.inject({
      method: 'POST',
      url: '/api/client/register/',
      payload: registration('someone-else@demo.test', code),
    })
    expect(wrongEmail.statusCode).toBe(400)
    expect(wrongEmail.json().fields['contact.email']).toMatch(/invitation was sent to/)
  })

  it('refuses to invite an existing user', async () => {
    const response = await as(app, admin, {
      method: 'POST',
      url: '/api/client/user/invite/',
      payload: { email: 'dealer@demo.test', roles: ['clientdealer'] },
    })
    expect(response.statusCode).toBe(409)
  })

  it('lite registration needs an e-mail OTP check first', async () => {
    const payload = {
      auth_mode: 'password',
      pan: 'ABCPL1234Q',
      password: 'Liteuser2026',
      identity: { first_name: 'Lata', last_name: 'Lite' },
      client_type: 'INDV',
      category: 'RTL',
      corporate_identity: null,
      contact: { email: 'lata@demo.test', mobile: '9123456789', whatsapp_consent: true },
    }
    const early = await app.inject({
      method: 'POST',
      url: '/api/client/register-user/lite',
      payload,
    })
    expect(early.statusCode).toBe(400)
    await app.inject({
      method: 'POST',
      url: '/api/request-otp/',
      payload: { email: 'lata@demo.test', request_type: 'easy_register' },
    })
    const otp = /\b(\d{6})\b/.exec((await lastMessage(app, 'lata@demo.test')).body)?.[1]
    const checked = await app.inject({
      method: 'POST',
      url: '/api/validate-otp/',
      payload: { email: 'lata@demo.test', otp, request_type: 'easy_register' },
    })
    expect(checked.json()).toEqual({ valid: true })
    const done = await app.inject({
      method: 'POST',
      url: '/api/client/register-user/lite',
      payload,
    })
    expect(done.statusCode).toBe(200)
    // Without the OTP, a registered address answers exactly as an unknown one: nothing to probe.
    const probes = await Promise.all(
      ['dealer@demo.test', 'nobody-here@demo.test'].map((email) =>
        app.inject({
          method: 'POST',
          url: '/api/client/register-user/lite',
          payload: { ...payload, contact: { ...payload.contact, email } },
        }),
      ),
    )
    expect(probes.map((r) => r.statusCode)).toEqual([400, 400])
    expect(probes[0]?.body).toBe(probes[1]?.body)
    const me = await as(app, (await signIn(app, 'lata@demo.test', 'Liteuser2026')).access, {
      method: 'GET',
      url: '/api/session/',
    })
    expect(me.json()).toMatchObject({
      client_type: 'INDV',
      client_tier: 'BASIC',
      name: 'Lata Lite',
    })
  })
})

describe('user administration', () => {
  it('lists the client’s users and pending invitations, with search', async () => {
    await invite('pending@demo.test')
    const all = await as(app, admin, { method: 'GET', url: '/api/useraccounts/' })
    const emails = (all.json() as { email: string; status: string }[]).map((u) => u.email)
    expect(emails).toEqual(expect.arrayContaining(['dealer@demo.test', 'pending@demo.test']))
    expect(emails).not.toContain('broker@demo.test')
    const found = await as(app, admin, { method: 'GET', url: '/api/useraccounts/?search=pend' })
    expect(found.json()).toEqual([
      expect.objectContaining({ email: 'pending@demo.test', status: 'invited' }),
    ])
  })

  it('changes roles (audited) and never removes the last Ops Admin', async () => {
    const list = (await as(app, admin, { method: 'GET', url: '/api/useraccounts/' })).json() as {
      id: string
      email: string
    }[]
    const backoffice = list.find((u) => u.email === 'backoffice@demo.test')?.id
    const opsadmin = list.find((u) => u.email === 'opsadmin@demo.test')?.id
    const changed = await as(app, admin, {
      method: 'PUT',
      url: '/api/client/user/',
      payload: { user_id: backoffice, roles: ['backoffice', 'clientviewer'] },
    })
    expect(changed.json()).toEqual({ id: backoffice, roles: ['backoffice', 'clientviewer'] })
    const last = await as(app, admin, {
      method: 'PUT',
      url: '/api/client/user/',
      payload: { user_id: opsadmin, roles: ['clientviewer'] },
    })
    expect(last.statusCode).toBe(409)
    const unknownRole = await as(app, admin, {
      method: 'PUT',
      url: '/api/client/user/',
      payload: { user_id: backoffice, roles: ['superuser'] },
    })
    expect(unknownRole.statusCode).toBe(400)
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'roles_changed'))
    expect(audit).toHaveLength(1)
  })

  it('stores exchange credentials encrypted and never returns the password', async () => {
    const response = await as(app, admin, {
      method: 'POST',
      url: '/api/client/credentials/',
      payload: {
        participant_code: 'NS1234',
        username: 'democap',
        password: 'S3cret-pass!',
        corp: 'NSCCL',
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('S3cret-pass!')
    const [row] = await database.db.select().from(exchangeCredentials)
    expect(row?.passwordEncrypted).toBeTruthy()
    expect(JSON.stringify(row)).not.toContain('S3cret-pass!')
    const me = await as(app, dealer, { method: 'GET', url: '/api/session/' })
    expect(me.json()).toMatchObject({
      nsccl_credentials: true,
      nsccl_name: 'democap',
      iccl_credentials: false,
    })
  })

  it('lets any user accept chat terms and set security preferences; Ops Admin edits the client', async () => {
    const terms = await as(app, dealer, {
      method: 'PATCH',
      url: '/api/client/chat-terms/',
      payload: { has_accepted_chat_terms: true },
    })
    expect(terms.json()).toEqual({ has_accepted_chat_terms: true })
    const prefs = await as(app, dealer, {
      method: 'POST',
      url: '/api/chatter/user/security-preference',
      payload: { preferences: { sign_in_alerts: true } },
    })
    expect(prefs.json()).toEqual({ preferences: { sign_in_alerts: true } })
    const me = (await as(app, dealer, { method: 'GET', url: '/api/session/' })).json()
    expect(me.user_info).toMatchObject({
      has_accepted_chat_terms: true,
      user_security_preferences: { sign_in_alerts: true },
    })
    // The preference works: the next sign-in e-mails its owner.
    await signIn(app, 'dealer@demo.test')
    const alert = await lastMessage(app, 'dealer@demo.test')
    expect(alert.kind).toBe('sign-in-alert')
    expect(alert.body).toContain('signed in with the password')
    const unknown = await as(app, dealer, {
      method: 'POST',
      url: '/api/chatter/user/security-preference',
      payload: { preferences: { mask_everything: true } },
    })
    expect(unknown.statusCode).toBe(400)
    await as(app, dealer, {
      method: 'POST',
      url: '/api/chatter/user/security-preference',
      payload: { preferences: { sign_in_alerts: false } },
    })
    const renamed = await as(app, admin, {
      method: 'PUT',
      url: '/api/client/',
      payload: { trades_on_books: true },
    })
    expect(renamed.json()).toMatchObject({ name: 'Demo Capital', trades_on_books: true })
  })
})
