import { createMemoryTokenStore } from '@bonds/api-client'
import { createFakeFetch } from '@bonds/api-client/testing'
import { ROUTES, SESSION_REFRESH_MS, type LoggedInUser } from '@bonds/domain'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppSession } from './app-session.ts'
import { AUTH_ENDPOINTS, afterSignInPath, routeUserOf } from './session.ts'
import { opsAdmin } from './testing/users.ts'

/** Demo Capital's dealer with these roles and RFQ exchanges (the fixture, re-cast). */
function user(roles: string[], rfq: string[] = []): LoggedInUser {
  const base = opsAdmin()
  return opsAdmin({
    user_info: { ...base.user_info, id: 'u1', unique_id: 'u1', email: 'dealer@demo.test', roles },
    allowed_exchanges: [],
    rfq_exchanges: rfq as LoggedInUser['rfq_exchanges'],
  })
}

const route = (path: string) => ROUTES.find((r) => r.path === path)!

function setup(initial?: { access: string; refresh: string }) {
  const fake = createFakeFetch()
  const tokens = createMemoryTokenStore(initial)
  const app = createAppSession({ notify: vi.fn(), tokens, fetch: fake.fetch })
  return { fake, ...app }
}

describe('session', () => {
  it('is unauthenticated without a token and does not fetch the session', async () => {
    const { session, fake } = setup()
    expect(session.get().status).toBe('loading')
    await expect(session.ready()).resolves.toBeNull()
    expect(session.get().status).toBe('unauthenticated')
    expect(fake.calls).toHaveLength(0)
  })

  it('signs in: stores both tokens, loads the session record', async () => {
    const { session, fake, tokens } = setup()
    fake
      .on('POST', 'api/token/', { body: { access: 'a1', refresh: 'r1', access_expires_in: 900 } })
      .on('GET', 'api/session/', { body: user(['clientdealer'], ['NSE']) })
    const signedIn = await session.signIn('dealer@demo.test', 'Demo@12345')
    expect(signedIn.user_info.email).toBe('dealer@demo.test')
    expect(tokens.get()).toEqual({ access: 'a1', refresh: 'r1' })
    expect(session.get().status).toBe('authenticated')
    expect(fake.callsTo('GET', 'api/session/')[0]?.headers.get('authorization')).toBe('Bearer a1')
  })

  it('clears the token when the session fetch fails', async () => {
    const { session, fake, tokens } = setup({ access: 'stale', refresh: 'r' })
    fake
      .on('GET', 'api/session/', { status: 401, body: { message: 'Token is invalid' } })
      .on('POST', 'api/token/refresh/', { status: 401, body: {} })
      .on('POST', 'api/token/revoke/', { body: { detail: 'Signed out' } })
    await expect(session.load()).resolves.toBeNull()
    expect(session.get().status).toBe('unauthenticated')
    expect(tokens.get().access).toBeNull()
  })

  it('keeps the token when the session fetch gets no answer (page left, connection dropped)', async () => {
    const { session, fake, tokens } = setup({ access: 'a', refresh: 'r' })
    fake
      .on('GET', 'api/session/', { body: user(['dataviewer']) })
      .on('GET', 'api/session/', 'network-error')
      .on('GET', 'api/session/', 'network-error')
    await session.load()
    // A refresh with no answer: still signed in, token kept.
    await expect(session.load(true)).resolves.toMatchObject({
      user_info: { email: expect.any(String) },
    })
    expect(session.get().status).toBe('authenticated')
    expect(tokens.get()).toEqual({ access: 'a', refresh: 'r' })
    // A first load with no answer: not known to be signed in, but the token is kept for the next try.
    const fresh = setup({ access: 'a', refresh: 'r' })
    fresh.fake.on('GET', 'api/session/', 'network-error', 'network-error')
    await expect(fresh.session.load()).resolves.toBeNull()
    expect(fresh.session.get().status).toBe('unauthenticated')
    expect(fresh.tokens.get()).toEqual({ access: 'a', refresh: 'r' })
  })

  it('signs out on the server and locally', async () => {
    const { session, fake, tokens } = setup({ access: 'a', refresh: 'r' })
    fake.on('POST', 'api/token/revoke/', { body: { detail: 'Signed out' } })
    await session.signOut()
    expect(fake.callsTo('POST', 'api/token/revoke/')[0]?.body).toEqual({ refresh: 'r' })
    expect(tokens.get()).toEqual({ access: null, refresh: null })
    expect(session.get().status).toBe('unauthenticated')
  })

  it('loads the session once on start, so public pages know who is signed in', async () => {
    const { session, fake } = setup({ access: 'a', refresh: 'r' })
    fake.on('GET', 'api/session/', { body: user(['dataviewer']) })
    const stop = session.start(new EventTarget() as unknown as Window)
    await session.ready()
    expect(session.get().status).toBe('authenticated')
    expect(fake.callsTo('GET', 'api/session/')).toHaveLength(1)
    stop()
    const anonymous = setup()
    anonymous.session.start(new EventTarget() as unknown as Window)()
    await anonymous.session.ready()
    expect(anonymous.session.get().status).toBe('unauthenticated')
    expect(anonymous.fake.calls).toHaveLength(0)
  })

  it('follows a sign-out made in another app or tab', async () => {
    const { session, fake, tokens } = setup({ access: 'a', refresh: 'r' })
    fake.on('GET', 'api/session/', { body: user(['dataviewer']) })
    await session.load()
    const stop = session.start(new EventTarget() as unknown as Window)
    tokens.clear()
    expect(session.get().status).toBe('unauthenticated')
    stop()
  })
})

describe('guard', () => {
  it('sends a signed-out visitor of /dart to the login page with the path', async () => {
    const { guard } = setup()
    await expect(guard(route('/dart'), '/dart')).resolves.toEqual({
      kind: 'login',
      redirect: '/auth/login?redirect=%2Fdart',
    })
  })

  it('denies a dealer /surveillance and a compliance officer /dart', async () => {
    const dealer = setup({ access: 'a', refresh: 'r' })
    dealer.fake.on('GET', 'api/session/', { body: user(['clientdealer'], ['NSE']) })
    await expect(dealer.guard(route('/surveillance'), '/surveillance')).resolves.toEqual({
      kind: 'denied',
      status: 401,
    })
    const compliance = setup({ access: 'a', refresh: 'r' })
    compliance.fake.on('GET', 'api/session/', { body: user(['complianceofficer', 'clientdealer']) })
    await expect(compliance.guard(route('/dart'), '/dart')).resolves.toEqual({
      kind: 'denied',
      status: 401,
    })
  })

  it('sends a signed-in user away from /auth/login, and lets anyone see public pages', async () => {
    const { guard, fake } = setup({ access: 'a', refresh: 'r' })
    fake.on('GET', 'api/session/', { body: user(['dataviewer']) })
    await expect(guard(route('/auth/login'), '/auth/login')).resolves.toEqual({ kind: 'home' })
    await expect(guard(route('/find'), '/find')).resolves.toEqual({ kind: 'allow' })
  })
})

describe('afterSignInPath', () => {
  it('follows a same-origin redirect, else the landing rule', () => {
    const dealer = user(['clientdealer'], ['NSE'])
    expect(afterSignInPath(dealer, '/security/IN0020210244')).toBe('/security/IN0020210244')
    expect(afterSignInPath(dealer, '//evil.example')).toBe('/dart')
    expect(afterSignInPath(user(['complianceofficer']), null)).toBe('/surveillance')
    expect(afterSignInPath(user(['dataviewer']), null)).toBe('/mind')
  })
  it('lands the Ops Admin and the basic role where their roles open a page', () => {
    expect(afterSignInPath(user(['clientopsadmin'], ['NSE']), null)).toBe('/manage-users')
    expect(afterSignInPath(user(['user'], ['NSE']), null)).toBe('/find')
  })
  it('drops a redirect to a page the guard would deny, for the landing page', () => {
    expect(afterSignInPath(user(['user']), '/mind')).toBe('/find')
    expect(afterSignInPath(user(['dataviewer']), '/mind/chat/c1')).toBe('/mind/chat/c1')
  })
})

describe('keeping the session fresh (spec section 4: every 240 s and on focus)', () => {
  // Only the interval is faked: the fake fetch and the client's promises run as they do.
  afterEach(() => {
    vi.useRealTimers()
  })
  const signedInWithTimer = async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const app = setup({ access: 'a', refresh: 'r' })
    for (let i = 0; i < 6; i += 1)
      app.fake.on('GET', 'api/session/', { body: user(['dataviewer']) })
    const target = new EventTarget()
    const stop = app.session.start(target as unknown as Window)
    await app.session.ready()
    const fetches = () => app.fake.callsTo('GET', 'api/session/').length
    return { ...app, target, stop, fetches }
  }

  it('refetches the session at 240 s exactly, not a millisecond before, and every 240 s after', async () => {
    const { session, stop, fetches } = await signedInWithTimer()
    expect(fetches()).toBe(1)
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS - 1)
    expect(fetches()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await session.ready()
    expect(fetches()).toBe(2)
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS)
    expect(fetches()).toBe(3)
    expect(session.get().status).toBe('authenticated')
    // Stopped: no more ticks, no more focus refreshes.
    stop()
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS * 2)
    expect(fetches()).toBe(3)
  })

  it('refetches when the window regains focus, until stopped', async () => {
    const { session, target, stop, fetches } = await signedInWithTimer()
    target.dispatchEvent(new Event('focus'))
    await session.ready()
    expect(fetches()).toBe(2)
    stop()
    target.dispatchEvent(new Event('focus'))
    await session.ready()
    expect(fetches()).toBe(2)
  })

  it('does not call the server on a tick or a focus once the token is gone', async () => {
    const { session, tokens, target, stop, fetches } = await signedInWithTimer()
    tokens.clear()
    expect(session.get()).toEqual({ status: 'unauthenticated', user: null })
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS)
    target.dispatchEvent(new Event('focus'))
    await session.ready()
    expect(fetches()).toBe(1)
    stop()
  })

  it('follows a sign-in made in another tab, and not a token refreshed while signed in', async () => {
    const { session, tokens, stop, fetches } = await signedInWithTimer()
    // A refreshed pair while signed in: nothing to load.
    tokens.set({ access: 'a2', refresh: 'r2' })
    await session.ready()
    expect(fetches()).toBe(1)
    tokens.clear()
    expect(session.get().status).toBe('unauthenticated')
    // Signed in again elsewhere: the session is loaded with the new token.
    tokens.set({ access: 'a3', refresh: 'r3' })
    await session.ready()
    expect(fetches()).toBe(2)
    expect(session.get().status).toBe('authenticated')
    stop()
  })
})

describe('the session’s other calls', () => {
  it('asks for a login OTP by e-mail and says when another may be asked for', async () => {
    const { session, fake } = setup()
    fake
      .on('POST', 'api/request-otp/', { body: { resend_after_seconds: 30 } })
      .on('POST', 'api/request-otp/', { body: {} })
    await expect(session.requestOtp('dealer@demo.test')).resolves.toEqual({
      resendAfterSeconds: 30,
    })
    expect(fake.callsTo('POST', 'api/request-otp/')[0]?.body).toEqual({
      email: 'dealer@demo.test',
      request_type: 'login',
    })
    await expect(session.requestOtp('dealer@demo.test')).resolves.toEqual({ resendAfterSeconds: 0 })
  })

  it('signs in with an OTP: stores both tokens and loads the session', async () => {
    const { session, fake, tokens } = setup()
    fake
      .on('POST', 'api/token/otp/', {
        body: { access: 'a1', refresh: 'r1', access_expires_in: 900 },
      })
      .on('GET', 'api/session/', { body: user(['dataviewer']) })
    await expect(session.signInWithOtp('dealer@demo.test', '123456')).resolves.toMatchObject({
      user_info: { roles: ['dataviewer'] },
    })
    expect(fake.callsTo('POST', 'api/token/otp/')[0]?.body).toEqual({
      email: 'dealer@demo.test',
      otp: '123456',
    })
    expect(tokens.get()).toEqual({ access: 'a1', refresh: 'r1' })
  })

  it('fails a sign-in whose session cannot be loaded', async () => {
    const { session, fake } = setup()
    fake
      .on('POST', 'api/token/', { body: { access: 'a1', refresh: 'r1', access_expires_in: 900 } })
      .on('GET', 'api/session/', 'network-error', 'network-error')
    await expect(session.signIn('dealer@demo.test', 'Demo@12345')).rejects.toThrow(
      'The session could not be loaded after sign-in',
    )
  })

  it('signs out locally whatever the server says, and without a call when no token is held', async () => {
    const held = setup({ access: 'a', refresh: 'r' })
    held.fake.on('POST', 'api/token/revoke/', { status: 500, body: {} })
    await held.session.signOut()
    expect(held.tokens.get()).toEqual({ access: null, refresh: null })
    expect(held.session.get()).toEqual({ status: 'unauthenticated', user: null })
    const none = setup()
    await none.session.signOut()
    expect(none.fake.calls).toHaveLength(0)
    expect(none.session.get().status).toBe('unauthenticated')
  })

  it('shares one session fetch between callers while it is under way', async () => {
    const { session, fake } = setup({ access: 'a', refresh: 'r' })
    fake.on('GET', 'api/session/', { body: user(['dataviewer']) })
    const first = session.load()
    expect(session.ready()).toBe(first)
    expect(session.load()).toBe(first)
    await first
    expect(fake.callsTo('GET', 'api/session/')).toHaveLength(1)
    await expect(session.ready()).resolves.toMatchObject({ user_info: { roles: ['dataviewer'] } })
  })

  it('reads the route guard’s user from the session record, none when signed out', () => {
    const record = user(['clientdealer'], ['NSE'])
    expect(routeUserOf(record)).toEqual({
      roles: ['clientdealer'],
      permissions: record.permissions,
      rfqExchanges: ['NSE'],
      tier: record.client_tier,
    })
    expect(routeUserOf(null)).toBeNull()
    expect(AUTH_ENDPOINTS.changePassword('u/1')).toBe('api/change-password/u%2F1/')
  })
})

describe('the session’s calls are silent', () => {
  it('shows no notice of its own when a sign-in, an OTP, a sign-out or the session fetch fails', async () => {
    const fake = createFakeFetch()
    const notify = vi.fn()
    const tokens = createMemoryTokenStore({ access: 'a', refresh: 'r' })
    const { session } = createAppSession({ notify, tokens, fetch: fake.fetch })
    const refused = { status: 400, body: { message: 'Invalid credentials' } }
    fake
      .on('GET', 'api/session/', { status: 500, body: {} })
      .on('POST', 'api/token/', refused)
      .on('POST', 'api/request-otp/', refused)
      .on('POST', 'api/token/otp/', refused)
      .on('POST', 'api/token/revoke/', { status: 500, body: {} })
    await session.load()
    tokens.set({ access: 'a', refresh: 'r' })
    await session.signOut()
    await expect(session.signIn('dealer@demo.test', 'x')).rejects.toBeTruthy()
    await expect(session.requestOtp('dealer@demo.test')).rejects.toBeTruthy()
    await expect(session.signInWithOtp('dealer@demo.test', '1')).rejects.toBeTruthy()
    expect(notify).not.toHaveBeenCalled()
  })
})
