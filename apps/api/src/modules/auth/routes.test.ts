// Sign-in, OTP, refresh rotation, sign-out, lockout, password reset and the session record, on
// the real app over a real database with the demo accounts seeded through the services.
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import { readConfig } from '../../config.ts'
import type { Database } from '../../db/index.ts'
import { auditLog, otps } from '../../db/schema.ts'
import { testDatabase } from '../../db/testing.ts'
import { DEMO_PASSWORD } from '../../demo/accounts.ts'
import {
  BAD_CREDENTIALS,
  BAD_OTP,
  MAX_FAILED_SIGN_INS,
  OTP_DAILY_TRIES,
  otpResendCooldownMs,
  signInWaitMs,
} from './rules.ts'
import { as, lastMessage, signIn } from './testing.ts'
import { ACCESS_TOKEN_SECONDS, REFRESH_REUSE_GRACE_MS } from './tokens.ts'

let app: FastifyInstance
let database: Database
const config = readConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  TOKEN_SECRET: 'auth-test-secret',
  AUTH_RATE_LIMIT: '10000',
  PUBLIC_URL: 'http://bonds.test',
})

beforeAll(async () => {
  database = await testDatabase()
  app = await buildApp(config, { web: false, database, universe: false })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const session = (token: string | null) => as(app, token, { method: 'GET', url: '/api/session/' })

describe('password sign-in', () => {
  it('signs a demo dealer in and answers the logged-in user record', async () => {
    const tokens = await signIn(app, 'dealer@demo.test')
    const response = await session(tokens.access)
    expect(response.statusCode).toBe(200)
    const user = response.json()
    expect(user.user_info).toMatchObject({
      email: 'dealer@demo.test',
      first_name: 'Dev',
      roles: ['clientdealer'],
    })
    expect(user).toMatchObject({
      name: 'Demo Capital',
      client_type: 'CORP',
      client_tier: 'PREMIUM',
      rfq_exchanges: ['NSE', 'BSE'],
      is_broker: false,
      has_brokers: true,
    })
    expect(user.permissions).toEqual(
      expect.arrayContaining(['client.can_trade', 'finstruments.has_security_data_access']),
    )
  })

  it('accepts the e-mail in any case', async () => {
    await expect(signIn(app, '  Viewer@Demo.TEST ')).resolves.toHaveProperty('access')
  })

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'viewer@demo.test', password: 'not-it-1' },
    })
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'nobody@demo.test', password: 'not-it-1' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().message).toBe(BAD_CREDENTIALS)
  })

  it('validates the body with the spec messages before anything else', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'not-an-email', password: '' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields.email).toBe('Please enter a valid email address.')
  })

  it('makes an address that keeps failing wait, not the account: its owner signs in elsewhere', async () => {
    const attempt = (password: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/token/',
        remoteAddress,
        payload: { email: 'user@demo.test', password },
      })
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i += 1) {
      expect((await attempt('wrong-password-1', '203.0.113.9')).statusCode).toBe(401)
    }
    // The guessing address waits, even with the right password…
    const held = await attempt(DEMO_PASSWORD, '203.0.113.9')
    expect(held.statusCode).toBe(429)
    expect(held.json().message).toMatch(
      /^Too many failed sign-ins from here\. Try again in 30 seconds/,
    )
    expect(held.headers['retry-after']).toBe('30')
    // …while the owner, from their own address, is not locked out.
    expect((await attempt(DEMO_PASSWORD, '198.51.100.20')).statusCode).toBe(200)
    // An unknown e-mail is held back alike: the wait says nothing about which accounts exist.
    for (let i = 0; i <= MAX_FAILED_SIGN_INS; i += 1) {
      await app.inject({
        method: 'POST',
        url: '/api/token/',
        remoteAddress: '203.0.113.9',
        payload: { email: 'ghost@demo.test', password: 'wrong-password-1' },
      })
    }
    const ghost = await app.inject({
      method: 'POST',
      url: '/api/token/',
      remoteAddress: '203.0.113.9',
      payload: { email: 'ghost@demo.test', password: 'wrong-password-1' },
    })
    expect(ghost.statusCode).toBe(429)
  })

  it('doubles the wait with each further failure, up to 15 minutes', () => {
    const last = new Date('2026-11-26T10:00:00Z')
    const at = (seconds: number) => new Date(last.getTime() + seconds * 1000)
    expect(signInWaitMs(MAX_FAILED_SIGN_INS - 1, last, at(0))).toBe(0)
    expect(signInWaitMs(MAX_FAILED_SIGN_INS, last, at(0))).toBe(30_000)
    expect(signInWaitMs(MAX_FAILED_SIGN_INS + 1, last, at(0))).toBe(60_000)
    expect(signInWaitMs(MAX_FAILED_SIGN_INS + 1, last, at(45))).toBe(15_000)
    expect(signInWaitMs(MAX_FAILED_SIGN_INS + 20, last, at(0))).toBe(15 * 60_000)
  })

  it('refuses a request without a token, or with a forged one, on a signed-in route', async () => {
    expect((await session(null)).statusCode).toBe(401)
    const forged = await session('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.c2ln')
    expect(forged.statusCode).toBe(401)
  })
})

describe('refresh and sign-out', () => {
  it('rotates the refresh token; reusing a spent one ends the whole session', async () => {
    const first = await signIn(app, 'backoffice@demo.test')
    const rotated = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    })
    expect(rotated.statusCode).toBe(200)
    const second = rotated.json()
    expect(second.refresh).not.toBe(first.refresh)
    expect((await session(second.access)).statusCode).toBe(200)

    // A second tab refreshing with the same token a moment later is not a theft.
    const otherTab = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    })
    expect(otherTab.statusCode).toBe(200)
    expect((await session(otherTab.json().access)).statusCode).toBe(200)
    expect((await session(second.access)).statusCode).toBe(200)

    // Past the grace window, the same token again means it leaked.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + REFRESH_REUSE_GRACE_MS + 1000)
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    })
    vi.useRealTimers()
    expect(reuse.statusCode).toBe(401)
    // The family is revoked: the newest tokens stop working too.
    expect((await session(second.access)).statusCode).toBe(401)
    const after = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: second.refresh },
    })
    expect(after.statusCode).toBe(401)
  })

  it('takes an access token until it expires, however often it was verified before', async () => {
    const { access } = await signIn(app, 'viewer@demo.test')
    expect((await session(access)).statusCode).toBe(200)
    expect((await session(access)).statusCode).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + ACCESS_TOKEN_SECONDS * 1000 - 5_000)
      expect((await session(access)).statusCode).toBe(200)
      vi.setSystemTime(Date.now() + 5_000)
      expect((await session(access)).statusCode).toBe(401)
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps the session when two tabs refresh with the same token at once', async () => {
    const tokens = await signIn(app, 'viewer@demo.test')
    const both = await Promise.all(
      [1, 2].map(() =>
        app.inject({
          method: 'POST',
          url: '/api/token/refresh/',
          payload: { refresh: tokens.refresh },
        }),
      ),
    )
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    for (const response of both) {
      expect((await session(response.json().access)).statusCode).toBe(200)
    }
  })

  it('signs out: the access and refresh tokens stop working at once', async () => {
    const tokens = await signIn(app, 'researcher@demo.test')
    const out = await as(app, tokens.access, {
      method: 'POST',
      url: '/api/token/revoke/',
      payload: { refresh: tokens.refresh },
    })
    expect(out.statusCode).toBe(200)
    expect((await session(tokens.access)).statusCode).toBe(401)
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: tokens.refresh },
    })
    expect(refresh.statusCode).toBe(401)
  })
})

describe('OTP sign-in', () => {
  const request = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/request-otp/',
      payload: { email, request_type: 'login' },
    })
  const otpSignIn = (email: string, otp: string) =>
    app.inject({ method: 'POST', url: '/api/token/otp/', payload: { email, otp } })

  it('signs in with the six digits the outbox holds', async () => {
    expect((await request('compliance@demo.test')).statusCode).toBe(200)
    const message = await lastMessage(app, 'compliance@demo.test')
    const otp = /\b(\d{6})\b/.exec(message.body)?.[1] as string
    const response = await otpSignIn('compliance@demo.test', otp)
    expect(response.statusCode).toBe(200)
    expect((await session(response.json().access)).json().user_info.roles).toEqual([
      'complianceofficer',
    ])
    // Single use.
    expect((await otpSignIn('compliance@demo.test', otp)).statusCode).toBe(401)
  })

  it('holds a resend cool-down and answers unknown addresses like known ones', async () => {
    expect((await request('nobody-otp@demo.test')).json()).toEqual(
      (await request('opsadmin@demo.test')).json(),
    )
    const again = await request('opsadmin@demo.test')
    expect(again.statusCode).toBe(429)
  })

  it('refuses a resend within the cool-down, saying how long to wait, then sends a new code', async () => {
    const email = 'researcher@demo.test'
    const codes = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/dev/outbox/?recipient=${encodeURIComponent(email)}`,
      })
      return (response.json() as { kind: string; body: string }[])
        .filter((m) => m.kind === 'otp')
        .map((m) => /\b(\d{6})\b/.exec(m.body)?.[1] as string)
    }
    const first = await request(email)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ message: 'OTP sent', resend_after_seconds: 30 })
    const [firstCode] = await codes()

    const early = await request(email)
    expect(early.statusCode).toBe(429)
    const seconds = Number(
      /^Please wait (\d+) seconds before requesting another OTP$/.exec(early.json().message)?.[1],
    )
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(30)
    expect(early.headers['retry-after']).toBe(String(seconds))
    expect(await codes()).toHaveLength(1)

    // Thirty seconds pass (the stored send time moves back).
    await database.db
      .update(otps)
      .set({ createdAt: sql`${otps.createdAt} - interval '31 seconds'` })
      .where(eq(otps.target, email))
    const resent = await request(email)
    expect(resent.statusCode).toBe(200)
    // The second code in the hour: the next wait doubles.
    expect(resent.json().resend_after_seconds).toBe(60)
    const [latest] = await codes()
    expect(await codes()).toHaveLength(2)
    const signedIn = await otpSignIn(email, latest as string)
    expect(signedIn.statusCode).toBe(200)
    expect(firstCode).toMatch(/^\d{6}$/)
  })

  it('stops accepting codes for a target after a day’s worth of wrong tries', async () => {
    const email = 'backoffice@demo.test'
    // Earlier codes of the day, used up, took OTP_DAILY_TRIES wrong tries between them.
    await database.db.insert(otps).values({
      target: email,
      mode: 'login',
      codeHash: 'an-earlier-code',
      attempts: OTP_DAILY_TRIES,
      createdAt: new Date(Date.now() - 2 * 60 * 60_000),
      expiresAt: new Date(Date.now() - 2 * 60 * 60_000 + 5 * 60_000),
    })
    expect((await request(email)).statusCode).toBe(200)
    const code = /\b(\d{6})\b/.exec((await lastMessage(app, email)).body)?.[1] as string
    // The new code is right, and still refused: a new code buys no new tries.
    const refused = await otpSignIn(email, code)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().message).toBe(BAD_OTP)
  })

  it('grows the wait between codes: 30 s, 1 min, 2 min… up to 10 min', () => {
    expect([0, 1, 2, 3, 6, 12].map((sent) => otpResendCooldownMs(sent) / 1000)).toEqual([
      0, 30, 60, 120, 600, 600,
    ])
  })

  it('checks the six-digit rule with the spec messages', async () => {
    const short = await otpSignIn('opsadmin@demo.test', '123')
    expect(short.statusCode).toBe(400)
    expect(short.json().fields.otp).toBe('Must be 6 digits')
    const empty = await otpSignIn('opsadmin@demo.test', '')
    expect(empty.json().fields.otp).toBe('OTP is required')
  })

  it('gives up on an OTP after five wrong tries', async () => {
    const message = await lastMessage(app, 'opsadmin@demo.test')
    const otp = /\b(\d{6})\b/.exec(message.body)?.[1] as string
    const wrong = otp === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1) {
      const response = await otpSignIn('opsadmin@demo.test', wrong)
      expect(response.json().message).toBe(BAD_OTP)
    }
    expect((await otpSignIn('opsadmin@demo.test', otp)).statusCode).toBe(401)
  })
})

describe('password reset', () => {
  it('e-mails a single-use link whose token sets a new password and ends old sessions', async () => {
    const old = await signIn(app, 'viewer@demo.test')
    const requested = await app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email: 'viewer@demo.test' },
    })
    expect(requested.statusCode).toBe(200)
    const message = await lastMessage(app, 'viewer@demo.test')
    const link = new URL(/(http:\/\/bonds\.test\S+)/.exec(message.body)?.[1] as string)
    expect(link.pathname).toBe('/auth/reset-password')
    const uid = link.searchParams.get('uid') as string
    const token = link.searchParams.get('token') as string
    const change = (password: string) =>
      app.inject({
        method: 'POST',
        url: `/api/change-password/${uid}/`,
        payload: { new_password1: password, new_password2: password, token },
      })
    const mismatch = await app.inject({
      method: 'POST',
      url: `/api/change-password/${uid}/`,
      payload: { new_password1: 'Another1pass', new_password2: 'Other1pass', token },
    })
    expect(mismatch.json().fields.new_password2).toBe('Passwords do not match')
    expect((await change('Viewer@2026new')).statusCode).toBe(200)
    expect((await change('Viewer@2026again')).statusCode).toBe(400)
    expect((await session(old.access)).statusCode).toBe(401)
    await expect(signIn(app, 'viewer@demo.test')).rejects.toThrow(/401/)
    await expect(signIn(app, 'viewer@demo.test', 'Viewer@2026new')).resolves.toHaveProperty(
      'access',
    )
  })

  it('answers an unknown e-mail exactly like a known one', async () => {
    const known = await app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email: 'dealer@demo.test' },
    })
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email: 'ghost@demo.test' },
    })
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
  })
})

describe('audit log', () => {
  it('records sign-ins and failed sign-ins with the IP', async () => {
    const rows = await database.db.select().from(auditLog)
    const actions = new Set(rows.map((r) => r.action))
    for (const action of [
      'sign_in',
      'sign_in_failed',
      'sign_out',
      'refresh_reuse',
      'password_changed',
    ]) {
      expect(actions).toContain(action)
    }
    expect(rows.find((r) => r.action === 'sign_in')?.ip).toBe('127.0.0.1')
  })
})

describe('rate limits', () => {
  it('limits sign-in attempts per IP', async () => {
    const limited = await buildApp(
      readConfig({
        LOG_LEVEL: 'silent',
        TOKEN_SECRET: 'x',
        AUTH_RATE_LIMIT: '3',
        DEMO_MODE: 'false',
      }),
      { web: false, database },
    )
    const statuses: number[] = []
    for (let i = 0; i < 4; i += 1) {
      const response = await limited.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'nobody@demo.test', password: 'x' },
      })
      statuses.push(response.statusCode)
    }
    await limited.close()
    expect(statuses).toEqual([401, 401, 401, 429])
  })
})

describe('trade socket', () => {
  it('authenticates a socket with a signed-in user’s access token, and refuses a revoked one', async () => {
    const { default: WebSocket } = await import('ws')
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address() as { port: number }
    const open = (token: string) =>
      new Promise<{ first: { type: string; user_id?: string } | null; code: number | null }>(
        (resolve) => {
          const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws/trade/d/`)
          socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })))
          socket.on('message', (data) => {
            resolve({ first: JSON.parse(String(data)), code: null })
            socket.close()
          })
          socket.on('close', (code) => resolve({ first: null, code }))
        },
      )
    const tokens = await signIn(app, 'broker@demo.test')
    const me = (await session(tokens.access)).json()
    const accepted = await open(tokens.access)
    expect(accepted.first).toMatchObject({ type: 'auth_ok', user_id: me.user_info.id })
    await as(app, tokens.access, { method: 'POST', url: '/api/token/revoke/', payload: {} })
    const refused = await open(tokens.access)
    expect(refused.first).toBeNull()
    expect(refused.code).toBe(4401)
  })
})
