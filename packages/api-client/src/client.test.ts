// Spec section 7 ("Behaviour of all calls") and section 8 (fetch error text, error toasts), rule by
// rule, against a scripted fetch.
import { MESSAGES } from '@bonds/domain'
import { describe, expect, it, vi } from 'vitest'
import { failure, REFRESH, setup } from './testing/client-harness.ts'
import type { FakeFetch } from './testing/fake-fetch.ts'

function bearer(fake: FakeFetch, index: number): string | null {
  return fake.calls[index]!.headers.get('authorization')
}

const errorBody = (status: number, fields?: Record<string, string>) => ({
  statusCode: status,
  error: 'Error',
  message: fields ? Object.values(fields)[0] : 'Refused',
  ...(fields ? { fields } : {}),
})

describe('every call', () => {
  it('sends credentials, the access token as a Bearer header and asks for JSON', async () => {
    const { fake, client } = setup()
    fake.on('GET', 'api/client/', { body: { id: 7 } })
    await expect(client.get('api/client/')).resolves.toEqual({ id: 7 })
    const [call] = fake.calls
    expect(call!.url).toBe('/api/client/')
    expect(call!.credentials).toBe('include')
    expect(call!.headers.get('authorization')).toBe('Bearer a1')
    expect(call!.headers.get('accept')).toBe('application/json')
  })

  it('sends no Authorization header when no token is held', async () => {
    const { fake, client } = setup({})
    fake.on('GET', 'api/trade/timings', { body: [] })
    await client.get('api/trade/timings')
    expect(bearer(fake, 0)).toBeNull()
    expect(fake.calls[0]!.credentials).toBe('include')
  })

  it('uses the configured header', async () => {
    const { fake, client } = setup(undefined, { authHeader: 'X-Access-Token' })
    fake.on('GET', 'api/client/', { body: {} })
    await client.get('api/client/')
    expect(fake.calls[0]!.headers.get('x-access-token')).toBe('Bearer a1')
    expect(bearer(fake, 0)).toBeNull()
  })

  it('reads the token at send time (a sign-in in another app counts at once)', async () => {
    const { fake, client, store } = setup({})
    fake.on('GET', 'api/client/', { body: {} }, { body: {} })
    await client.get('api/client/')
    store.set({ access: 'a9', refresh: 'r9' })
    await client.get('api/client/')
    expect(bearer(fake, 0)).toBeNull()
    expect(bearer(fake, 1)).toBe('Bearer a9')
  })

  it('sends JSON bodies and passes form data as it is', async () => {
    const { fake, client } = setup()
    fake.on('POST', 'api/im/download/', { body: {} })
    fake.on('POST', 'ext/public/upload/', { body: { file_url: '/files/x.png' } })
    await client.post('api/im/download/', { isin: 'INE002A08534' })
    expect(fake.calls[0]!.headers.get('content-type')).toBe('application/json')
    expect(fake.calls[0]!.body).toEqual({ isin: 'INE002A08534' })

    const form = new FormData()
    form.append('file', new Blob(['x']), 'x.png')
    await expect(client.post('ext/public/upload/', form)).resolves.toEqual({
      file_url: '/files/x.png',
    })
    expect(fake.calls[1]!.body).toBe(form)
    expect(fake.calls[1]!.headers.get('content-type')).toBeNull()
  })

  it('resolves paths under the base URL and adds the query', async () => {
    const { fake, client } = setup(undefined, { baseUrl: 'https://bonds.test/' })
    fake.on('GET', 'api/clients/', { body: [] })
    await client.get('api/clients/', { query: { search: 'demo', is_partner: false } })
    expect(fake.calls[0]!.url).toBe('https://bonds.test/api/clients/?search=demo&is_partner=false')
  })

  it('supports every method, with a body on DELETE where an endpoint takes one', async () => {
    const { fake, client } = setup()
    fake.on('PUT', 'api/client/1/', { body: { ok: 1 } })
    fake.on('PATCH', 'api/client/chat-terms/', { body: { ok: 2 } })
    fake.on('DELETE', 'api/remove-sb-session', { status: 204 })
    expect(await client.put('api/client/1/', { name: 'x' })).toEqual({ ok: 1 })
    expect(await client.patch('api/client/chat-terms/', {})).toEqual({ ok: 2 })
    expect(await client.delete('/api/remove-sb-session', { body: { userId: 'u1' } })).toBe(
      undefined,
    )
    expect(fake.calls.map((call) => call.method)).toEqual(['PUT', 'PATCH', 'DELETE'])
    expect(fake.calls[2]!.body).toEqual({ userId: 'u1' })
  })

  it('returns a Blob for downloads', async () => {
    const { fake, client } = setup()
    fake.on('POST', 'api/bond-details/5/download/', {
      body: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    })
    const blob = await client.post<Blob>('api/bond-details/5/download/', undefined, {
      responseType: 'blob',
    })
    expect(blob).toBeInstanceOf(Blob)
    expect(await blob.text()).toBe('%PDF-1.7')
  })

  it('downloads a file with the name of its Content-Disposition', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/quote/5/download/', {
      body: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      headers: { 'content-disposition': 'attachment; filename="IN0020210244-quote.pdf"' },
    })
    const file = await client.download('api/quote/5/download/', { quantity: 10 })
    expect(file.fileName).toBe('IN0020210244-quote.pdf')
    expect(file.blob).toBeInstanceOf(Blob)
    expect(await file.blob.text()).toBe('%PDF-1.7')
    const [call] = fake.callsTo('POST', 'api/quote/5/download/')
    expect(call!.body).toEqual({ quantity: 10 })
    expect(call!.headers.get('Accept')).toBeNull()
    expect(notices).toEqual([])
  })

  it('downloads a file without a name when the server gives none', async () => {
    const { fake, client } = setup()
    fake.on('POST', 'api/im/download/', { body: new Blob(['%PDF-1.4']) })
    const file = await client.download('api/im/download/', { isin: 'INE000000000' })
    expect(file.fileName).toBeNull()
  })

  it('rejects a failed download with ApiError, toasting its message unless silent', async () => {
    const { fake, client, notices } = setup()
    const missing = {
      status: 404,
      body: {
        statusCode: 404,
        message: 'No information memorandum is available for this bond yet',
      },
    }
    fake.on('POST', 'api/im/download/', missing, missing)
    const error = await failure(client.download('api/im/download/', { isin: 'IN0020210244' }))
    expect(error.status).toBe(404)
    expect(notices).toEqual([{ severity: 'error', detail: MESSAGES.generic4xx }])
    const quiet = await failure(
      client.download('api/im/download/', { isin: 'IN0020210244' }, { silent: true }),
    )
    expect(quiet.body).toMatchObject({ message: missing.body.message })
    expect(notices).toHaveLength(1)
  })

  it('passes the signal through', async () => {
    const { fake, client } = setup()
    const controller = new AbortController()
    fake.on('GET', 'api/client/', { body: {} })
    await client.get('api/client/', { signal: controller.signal })
    expect(fake.calls[0]!.signal).toBe(controller.signal)
  })
})

describe('retry rule: GET once on 408, 409, 425, 429, 500, 502, 503, 504; writes never', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('GET is retried once on %i', async (status) => {
    const { fake, client, notices } = setup()
    fake.on('GET', 'api/trade/eoi/', { status }, { body: [{ id: 1 }] })
    await expect(client.get('api/trade/eoi/')).resolves.toEqual([{ id: 1 }])
    expect(fake.calls).toHaveLength(2)
    expect(notices).toEqual([])
  })

  it('GET is retried only once', async () => {
    const { fake, client, notices } = setup()
    fake.on('GET', 'api/trade/eoi/', { status: 503 }, { status: 503 })
    const error = await failure(client.get('api/trade/eoi/'))
    expect(error.status).toBe(503)
    expect(fake.calls).toHaveLength(2)
    expect(notices).toEqual([{ severity: 'error', detail: MESSAGES.genericError }])
  })

  it.each([400, 403, 404, 410, 501])('GET is not retried on %i', async (status) => {
    const { fake, client } = setup()
    fake.on('GET', 'api/trade/eoi/', { status, body: errorBody(status) })
    await failure(client.get('api/trade/eoi/'))
    expect(fake.calls).toHaveLength(1)
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s is never retried', async (method) => {
    const { fake, client } = setup()
    fake.on(method, 'api/eoi/add/', { status: 503 }, { body: {} })
    await failure(client.request({ method, url: 'api/eoi/add/', body: {} }))
    expect(fake.calls).toHaveLength(1)
  })

  it('waits the retry delay, and an abort while waiting ends the call untoasted', async () => {
    vi.useFakeTimers()
    try {
      const { fake, client, notices } = setup(undefined, { retryDelay: () => 5000 })
      fake.on('GET', 'api/trade/eoi/', { status: 503 }, { body: [] })
      const controller = new AbortController()
      const pending = failure(client.get('api/trade/eoi/', { signal: controller.signal }))
      await vi.advanceTimersByTimeAsync(1000)
      expect(fake.calls).toHaveLength(1)
      controller.abort()
      const error = await pending
      expect(error.aborted).toBe(true)
      expect(fake.calls).toHaveLength(1)
      expect(notices).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('401 rule: refresh, retry once, log out at 2 retries for one URL or on failed refresh', () => {
  it('refreshes with the refresh token, stores the rotated pair and retries with the new token', async () => {
    const { fake, client, store, logouts, notices } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { body: { id: 1 } })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2', access_expires_in: 300 } })
    await expect(client.get('api/client/')).resolves.toEqual({ id: 1 })

    const refresh = fake.callsTo('POST', REFRESH)
    expect(refresh).toHaveLength(1)
    expect(refresh[0]!.body).toEqual({ refresh: 'r1' })
    expect(refresh[0]!.headers.get('authorization')).toBeNull()
    expect(refresh[0]!.credentials).toBe('include')
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r2' })
    expect(bearer(fake, 0)).toBe('Bearer a1')
    expect(bearer(fake, 2)).toBe('Bearer a2')
    expect(logouts).toEqual([])
    expect(notices).toEqual([])
  })

  it('retries writes after a refresh too (the write never reached a handler)', async () => {
    const { fake, client } = setup()
    fake.on('POST', 'api/eoi/add/', { status: 401 }, { status: 201, body: { id: 3 } })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    await expect(client.post('api/eoi/add/', { quantum: 1 })).resolves.toEqual({ id: 3 })
    expect(fake.callsTo('POST', 'api/eoi/add/')).toHaveLength(2)
  })

  it('shares one refresh between concurrent 401s', async () => {
    const { fake, client, store } = setup()
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    fake.on('GET', 'api/client/', { status: 401 }, { body: 'client' })
    fake.on('GET', 'api/trade/eoi/', { status: 401 }, { body: 'eoi' })
    fake.on('GET', 'api/orders/unified/', { status: 401 }, { body: 'orders' })
    fake.on('POST', REFRESH, async () => {
      await gate
      return Response.json({ access: 'a2', refresh: 'r2' })
    })
    const results = Promise.all([
      client.get('api/client/'),
      client.get('api/trade/eoi/'),
      client.get('api/orders/unified/'),
    ])
    await vi.waitFor(() => expect(fake.calls).toHaveLength(4))
    release()
    await expect(results).resolves.toEqual(['client', 'eoi', 'orders'])
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(1)
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r2' })
  })

  it('concurrent 401s on the same URL count once and do not log out', async () => {
    const { fake, client, logouts } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { status: 401 }, { body: 1 }, { body: 2 })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    await expect(
      Promise.all([client.get('api/client/'), client.get('api/client/')]),
    ).resolves.toEqual([1, 2])
    expect(logouts).toEqual([])
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(1)
  })

  it('a 401 for a token refreshed meanwhile (here or in another tab) retries without refreshing', async () => {
    const { fake, client, store } = setup()
    fake.on('GET', 'api/client/', () => {
      store.set({ access: 'a2', refresh: 'r2' })
      return new Response(null, { status: 401 })
    })
    fake.on('GET', 'api/client/', { body: 'ok' })
    await expect(client.get('api/client/')).resolves.toBe('ok')
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(0)
    expect(bearer(fake, 1)).toBe('Bearer a2')
  })

  it('runs the refresh under the cross-tab lock and skips it when another tab refreshed first', async () => {
    const { fake, client, store } = setup(undefined, {
      lock: async (task) => {
        // The other tab held the lock and rotated the tokens.
        store.set({ access: 'a2', refresh: 'r2' })
        return task()
      },
    })
    fake.on('GET', 'api/client/', { status: 401 }, { body: 'ok' })
    await expect(client.get('api/client/')).resolves.toBe('ok')
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(0)
    expect(bearer(fake, 1)).toBe('Bearer a2')
  })

  it('logs out when the retried call answers 401 again (2 retries for the same URL)', async () => {
    const { fake, client, logouts, notices } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { status: 401 })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    const error = await failure(client.get('api/client/'))
    expect(error.status).toBe(401)
    expect(error.loggedOut).toBe(true)
    expect(logouts).toEqual(['retry-cap'])
    expect(fake.calls).toHaveLength(3)
    expect(notices).toEqual([])
  })

  it("a URL's count starts again once it answers anything but 401", async () => {
    const { fake, client, logouts } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { body: 1 }, { status: 401 }, { body: 2 })
    fake.on('GET', 'api/client/', { status: 401 }, { status: 403 }, { status: 401 }, { body: 3 })
    for (const access of ['a2', 'a3', 'a4', 'a5']) {
      fake.on('POST', REFRESH, { body: { access, refresh: `r-${access}` } })
    }
    await expect(client.get('api/client/')).resolves.toBe(1)
    await expect(client.get('api/client/')).resolves.toBe(2)
    await failure(client.get('api/client/'))
    await expect(client.get('api/client/')).resolves.toBe(3)
    expect(logouts).toEqual([])
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(4)
  })

  it('counts 401s per URL across calls: the next 401 after an unanswered retry logs out', async () => {
    const { fake, client, logouts } = setup()
    const controller = new AbortController()
    fake.on('GET', 'api/client/', { status: 401 }, { status: 401 })
    fake.on('POST', REFRESH, () => {
      controller.abort()
      return Response.json({ access: 'a2', refresh: 'r2' })
    })
    const aborted = await failure(client.get('api/client/', { signal: controller.signal }))
    expect(aborted.aborted).toBe(true)
    expect(logouts).toEqual([])
    const error = await failure(client.get('api/client/'))
    expect(error.loggedOut).toBe(true)
    expect(logouts).toEqual(['retry-cap'])
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(1)
  })

  it('401s on other URLs do not count towards a URL', async () => {
    const { fake, client, logouts } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { body: 1 })
    fake.on('GET', 'api/trade/eoi/', { status: 401 }, { body: 2 })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    fake.on('POST', REFRESH, { body: { access: 'a3', refresh: 'r3' } })
    await client.get('api/client/')
    await client.get('api/trade/eoi/')
    expect(logouts).toEqual([])
  })

  it('a 401 on the refresh call logs out', async () => {
    const { fake, client, logouts, notices } = setup()
    fake.on('GET', 'api/client/', { status: 401 })
    fake.on('POST', REFRESH, { status: 401, body: errorBody(401) })
    const error = await failure(client.get('api/client/'))
    expect(error.loggedOut).toBe(true)
    expect(logouts).toEqual(['refresh-unauthorized'])
    expect(notices).toEqual([])
    expect(fake.calls).toHaveLength(2)
  })

  it.each([
    ['a 5xx', { status: 500 }],
    ['a network failure', 'network-error'],
    ['an answer without an access token', { body: { detail: 'x' } }],
  ] as const)('a failed refresh (%s) logs out', async (_, answer) => {
    const { fake, client, logouts } = setup()
    fake.on('GET', 'api/client/', { status: 401 })
    fake.on('POST', REFRESH, answer)
    const error = await failure(client.get('api/client/'))
    expect(error.loggedOut).toBe(true)
    expect(logouts).toEqual(['refresh-failed'])
  })

  it('without a refresh token a 401 logs out', async () => {
    const { fake, client, logouts } = setup({ access: 'a1' })
    fake.on('GET', 'api/client/', { status: 401 })
    await failure(client.get('api/client/'))
    expect(logouts).toEqual(['refresh-failed'])
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(0)
  })

  it('logs out once for a burst of failing calls', async () => {
    const { fake, client, logouts } = setup()
    fake.on('GET', 'api/client/', { status: 401 })
    fake.on('GET', 'api/trade/eoi/', { status: 401 })
    fake.on('POST', REFRESH, { status: 401 })
    await Promise.allSettled([client.get('api/client/'), client.get('api/trade/eoi/')])
    expect(logouts).toEqual(['refresh-unauthorized'])
  })

  it('logs out again for a later session', async () => {
    const { fake, client, logouts, store } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { status: 401 })
    fake.on('POST', REFRESH, { status: 401 }, { status: 401 })
    await failure(client.get('api/client/'))
    store.set({ access: 'b1', refresh: 'rb1' })
    await failure(client.get('api/client/'))
    expect(logouts).toEqual(['refresh-unauthorized', 'refresh-unauthorized'])
  })

  it('with no token held a 401 is an ordinary error: no refresh, no logout', async () => {
    const { fake, client, logouts, notices } = setup({})
    fake.on('GET', 'api/client/', { status: 401, body: errorBody(401) })
    const error = await failure(client.get('api/client/'))
    expect(error.loggedOut).toBe(false)
    expect(logouts).toEqual([])
    expect(fake.calls).toHaveLength(1)
    expect(notices).toEqual([{ severity: 'error', detail: MESSAGES.generic4xx }])
  })

  it.each([
    'api/token/',
    'api/token/otp/',
    'api/token/revoke/',
    'api/request-otp/',
    'api/validate-otp/',
    REFRESH,
  ])('a 401 on the token endpoint %s is the answer: no refresh, no logout', async (path) => {
    const { fake, client, logouts, notices } = setup()
    fake.on('POST', path, {
      status: 401,
      body: errorBody(401, { password: 'Invalid email or password' }),
    })
    const error = await failure(client.post(path, {}))
    expect(error.status).toBe(401)
    expect(error.loggedOut).toBe(false)
    expect(fake.calls).toHaveLength(1)
    expect(logouts).toEqual([])
    expect(notices).toEqual([{ severity: 'error', detail: 'Invalid email or password' }])
  })

  it('takes the token endpoints from the configuration', async () => {
    const { fake, client, logouts } = setup(undefined, {
      endpoints: { refresh: REFRESH, token: ['auth/sign-in'] },
    })
    fake.on('POST', 'auth/sign-in', { status: 401 })
    fake.on('POST', 'api/token/', { status: 401 })
    fake.on('POST', REFRESH, { status: 401 })
    await failure(client.post('auth/sign-in', {}))
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(0)
    await failure(client.post('api/token/', {}))
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(1)
    expect(logouts).toEqual(['refresh-unauthorized'])
  })

  it.each([
    [403, 'role or permission missing'],
    [402, 'premium feature'],
  ])('%i (%s) is an ordinary 4xx: no refresh, no logout', async (status) => {
    const { fake, client, logouts, notices } = setup()
    fake.on('GET', 'api/inventory/', { status, body: errorBody(status) })
    const error = await failure(client.get('api/inventory/'))
    expect(error.status).toBe(status)
    expect(fake.calls).toHaveLength(1)
    expect(logouts).toEqual([])
    expect(notices).toEqual([{ severity: 'error', detail: MESSAGES.generic4xx }])
  })

  it('a GET refreshed after a 401 still gets its one retry on a retryable status', async () => {
    const { fake, client } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { status: 503 }, { body: 'ok' })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    await expect(client.get('api/client/')).resolves.toBe('ok')
  })

  it('keeps the held refresh token when the server does not rotate it', async () => {
    const { fake, client, store } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { body: 'ok' })
    fake.on('POST', REFRESH, { body: { access: 'a2' } })
    await client.get('api/client/')
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r1' })
  })

  it('speaks another refresh protocol when configured', async () => {
    const { fake, client, store } = setup(undefined, {
      refresh: {
        body: (token) => ({ refresh_token: token }),
        read: (data) => {
          const { token, refresh_token } = data as { token: string; refresh_token: string }
          return { access: token, refresh: refresh_token }
        },
      },
    })
    fake.on('GET', 'api/client/', { status: 401 }, { body: 'ok' })
    fake.on('POST', REFRESH, { body: { token: 'a2', refresh_token: 'r2' } })
    await client.get('api/client/')
    expect(fake.callsTo('POST', REFRESH)[0]!.body).toEqual({ refresh_token: 'r1' })
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r2' })
  })
})

describe('refreshSession (the auth timer and focus refresh)', () => {
  it('refreshes and shares a refresh already in flight', async () => {
    const { fake, client, store } = setup()
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    await expect(Promise.all([client.refreshSession(), client.refreshSession()])).resolves.toEqual([
      true,
      true,
    ])
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(1)
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r2' })
  })

  it('a 401 on it logs out', async () => {
    const { fake, client, logouts } = setup()
    fake.on('POST', REFRESH, { status: 401 })
    await expect(client.refreshSession()).resolves.toBe(false)
    expect(logouts).toEqual(['refresh-unauthorized'])
  })

  it('does nothing when no token is held', async () => {
    const { fake, client, logouts } = setup({})
    await expect(client.refreshSession()).resolves.toBe(false)
    expect(fake.calls).toHaveLength(0)
    expect(logouts).toEqual([])
  })
})

describe('207 rule and the chatter trade endpoint', () => {
  it('a 207 adds its status into the data and shows a warning toast with its message', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/chatter/invite-users', {
      status: 207,
      body: { message: '2 of 3 users invited', invited: ['u1', 'u2'] },
    })
    await expect(
      client.post('api/chatter/invite-users', { sendbird_user_ids: [] }),
    ).resolves.toEqual({ message: '2 of 3 users invited', invited: ['u1', 'u2'], status: 207 })
    expect(notices).toEqual([{ severity: 'warn', detail: '2 of 3 users invited' }])
  })

  it('a 207 on any method counts, and one without a message shows no toast', async () => {
    const { fake, client, notices } = setup()
    fake.on('GET', 'api/trade/cluster/', { status: 207, body: { rows: [] } })
    await expect(client.get('api/trade/cluster/')).resolves.toEqual({ rows: [], status: 207 })
    expect(notices).toEqual([])
  })

  it('a silent call shows no 207 toast but still gets the status', async () => {
    const { fake, client, notices } = setup()
    fake.on('PUT', 'api/eoi/update/3/', { status: 207, body: { message: 'partly' } })
    const data = await client.put('api/eoi/update/3/', {}, { silent: true })
    expect(data).toEqual({ message: 'partly', status: 207 })
    expect(notices).toEqual([])
  })

  it('a 200 on POST to the chatter trade endpoint adds the status, quietly', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/chatter/trade/', { body: { id: 'T1' } })
    await expect(client.post('api/chatter/trade/', {})).resolves.toEqual({ id: 'T1', status: 200 })
    expect(notices).toEqual([])
  })

  it('other 200s, GET on the chatter trade endpoint and its sub-paths are untouched', async () => {
    const { fake, client } = setup()
    fake.on('GET', 'api/chatter/trade/', { body: { results: [] } })
    fake.on('POST', 'api/chatter/trade/manual-ticket/', { body: { id: 'T2' } })
    fake.on('POST', 'api/eoi/add/', { body: { id: 1 } })
    expect(await client.get('api/chatter/trade/')).toEqual({ results: [] })
    expect(await client.post('api/chatter/trade/manual-ticket/', {})).toEqual({ id: 'T2' })
    expect(await client.post('/api/eoi/add/', {})).toEqual({ id: 1 })
  })
})

describe('errors and error toasts (spec section 8)', () => {
  it('fails with "[METHOD] url: status statusText" and the parsed body', async () => {
    const { fake, client } = setup()
    const body = errorBody(400, { pan: 'Please enter a valid PAN (10 Digits).' })
    fake.on('POST', 'api/client/register/', { status: 400, body })
    const error = await failure(client.post('api/client/register/', {}))
    expect(error.message).toBe('[POST] /api/client/register/: 400 Bad Request')
    expect(error.status).toBe(400)
    expect(error.body).toEqual(body)
    expect(error.fields).toEqual({ pan: 'Please enter a valid PAN (10 Digits).' })
  })

  it('fails with "<no response>" on a network failure and toasts the generic text', async () => {
    const { fake, client, notices } = setup()
    fake.on('GET', 'api/client/', 'network-error')
    const error = await failure(client.get('api/client/', { query: { a: 1 } }))
    expect(error.message).toBe('[GET] /api/client/?a=1: <no response>')
    expect(error.cause).toBeInstanceOf(TypeError)
    expect(error.aborted).toBe(false)
    expect(fake.calls).toHaveLength(1)
    expect(notices).toEqual([{ severity: 'error', detail: MESSAGES.genericError }])
  })

  it('a 4xx body toasts its first field error', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/eoi/add/', {
      status: 400,
      body: errorBody(400, { quantum: 'Cannot be zero', price: 'Price is required' }),
    })
    await failure(client.post('api/eoi/add/', {}))
    expect(notices).toEqual([{ severity: 'error', detail: 'Cannot be zero' }])
  })

  it('a 4xx body without field errors toasts "Something went wrong!"', async () => {
    const { fake, client, notices } = setup()
    fake.on('GET', 'api/orders/9/', { status: 404, body: errorBody(404) })
    await failure(client.get('api/orders/9/'))
    expect(notices).toEqual([{ severity: 'error', detail: 'Something went wrong!' }])
  })

  it('a 4xx with an empty body toasts "Something went wrong, Please try again."', async () => {
    const { fake, client, notices } = setup()
    fake.on('DELETE', 'api/remove-sb-session', { status: 404 })
    await failure(client.delete('api/remove-sb-session'))
    expect(notices).toEqual([
      { severity: 'error', detail: 'Something went wrong, Please try again.' },
    ])
  })

  it('a non-4xx response toasts "Something went wrong, Please try again."', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/eoi/add/', { status: 500, body: errorBody(500, { x: 'not shown' }) })
    await failure(client.post('api/eoi/add/', {}))
    expect(notices).toEqual([{ severity: 'error', detail: MESSAGES.genericError }])
  })

  it('reads an error body of a download as JSON', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/quote/5/download/', {
      status: 400,
      body: errorBody(400, { settlement_date: 'Enter a valid date' }),
    })
    const error = await failure(client.post('api/quote/5/download/', {}, { responseType: 'blob' }))
    expect(error.fields).toEqual({ settlement_date: 'Enter a valid date' })
    expect(notices).toEqual([{ severity: 'error', detail: 'Enter a valid date' }])
  })

  it('a silent call (price lookups) shows no toast but still fails', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/quote/5/', { status: 400, body: errorBody(400, { bond_yield: 'x' }) })
    fake.on('POST', 'api/quote/market/5/', 'network-error')
    await failure(client.post('api/quote/5/', {}, { silent: true }))
    await failure(client.post('api/quote/market/5/', {}, { silent: true }))
    expect(notices).toEqual([])
  })

  it('an aborted call fails with aborted set and no toast', async () => {
    const { fake, client, notices } = setup()
    const controller = new AbortController()
    controller.abort()
    fake.on('GET', 'api/chatter/user/search', { body: [] })
    const error = await failure(
      client.get('api/chatter/user/search', { signal: controller.signal }),
    )
    expect(error.aborted).toBe(true)
    expect(error.message).toBe('[GET] /api/chatter/user/search: <no response>')
    expect(notices).toEqual([])
  })

  it('a body that is not JSON is kept as text', async () => {
    const { fake, client, notices } = setup()
    fake.on(
      'GET',
      'api/client/',
      { status: 502, body: '<html>Bad gateway</html>' },
      {
        status: 502,
        body: '<html>Bad gateway</html>',
      },
    )
    const error = await failure(client.get('api/client/'))
    expect(error.body).toBe('<html>Bad gateway</html>')
    expect(notices).toEqual([{ severity: 'error', detail: MESSAGES.genericError }])
  })
})

describe('answers', () => {
  it('an empty 2xx resolves to undefined, a text answer to its text', async () => {
    const { fake, client } = setup()
    fake.on('POST', 'api/client/user/invite/revoke/', { status: 204 })
    fake.on('POST', 'api/issue-sb-session-token', { body: 'session-token' })
    await expect(client.post('api/client/user/invite/revoke/', { invitee_id: 1 })).resolves.toBe(
      undefined,
    )
    await expect(client.post('/api/issue-sb-session-token', { userId: 'u' })).resolves.toBe(
      'session-token',
    )
  })
})
