// The client's rules at their edges: bodies of every kind, a caller's own headers, the refresh
// with only a refresh token left, the cross-tab lock, Retry-After waits, plain answers that carry
// a `message`. Each case is one a caller would notice going wrong.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { failure, REFRESH, setup } from './testing/client-harness.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('bodies and headers', () => {
  it.each([
    ['a Blob', () => new Blob(['bytes'], { type: 'application/pdf' })],
    ['URLSearchParams', () => new URLSearchParams({ a: '1' })],
    ['an ArrayBuffer', () => new Uint8Array([1, 2, 3]).buffer],
    ['a typed array', () => new Uint8Array([1, 2, 3])],
  ])('sends %s as it is, with no JSON Content-Type', async (_, make) => {
    const { fake, client } = setup()
    const body = make()
    fake.on('POST', 'ext/public/upload/', { body: { ok: true } })
    await expect(client.post('ext/public/upload/', body)).resolves.toEqual({ ok: true })
    expect(fake.calls[0]!.body).toBe(body)
    expect(fake.calls[0]!.headers.get('content-type')).not.toBe('application/json')
  })

  it("keeps a caller's own Content-Type and Accept", async () => {
    const { fake, client } = setup()
    fake.on('POST', 'api/x/', { body: {} })
    fake.on('GET', 'api/y/', { body: {} })
    await client.post('api/x/', 'a,b', { headers: { 'Content-Type': 'text/csv' } })
    await client.get('api/y/', { headers: { Accept: 'text/plain' } })
    expect(fake.calls[0]!.headers.get('content-type')).toBe('text/csv')
    expect(fake.calls[0]!.body).toBe('"a,b"')
    expect(fake.calls[1]!.headers.get('accept')).toBe('text/plain')
  })

  it('a body-less GET sends no Content-Type and no body; a download asks for no JSON', async () => {
    const { fake, client } = setup()
    fake.on('GET', 'api/y/', { body: {} })
    fake.on('POST', 'api/file/', { body: 'x' })
    await client.get('api/y/')
    await client.download('api/file/')
    expect(fake.calls[0]!.headers.get('content-type')).toBeNull()
    expect(fake.calls[0]!.body).toBeUndefined()
    expect(fake.calls[1]!.headers.get('accept')).toBeNull()
    expect(fake.calls[1]!.headers.get('content-type')).toBeNull()
  })

  it('sends the method upper-cased whatever case the caller used', async () => {
    const { fake, client } = setup()
    fake.on('POST', 'api/x/', { body: 1 })
    await client.request({ method: 'post' as 'POST', url: 'api/x/' })
    expect(fake.calls[0]!.method).toBe('POST')
  })
})

describe('answers', () => {
  it('a plain 200 carrying a message raises no warning and gets no status', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/x/', { body: { message: 'Saved' } })
    await expect(client.post('api/x/', {})).resolves.toEqual({ message: 'Saved' })
    expect(notices).toEqual([])
  })

  it('a 207 with a message warns once, with the message as its detail', async () => {
    const { fake, client, notices } = setup()
    fake.on('POST', 'api/x/', { status: 207, body: { message: '2 of 3 sent' } })
    await expect(client.post('api/x/', {})).resolves.toEqual({
      message: '2 of 3 sent',
      status: 207,
    })
    expect(notices).toEqual([{ severity: 'warn', detail: '2 of 3 sent' }])
  })

  it('a 204 resolves to undefined even when the server sent bytes', async () => {
    const { fake, client } = setup()
    fake.on('DELETE', 'api/x/', () => new Response(null, { status: 204 }))
    await expect(client.delete('api/x/')).resolves.toBeUndefined()
  })

  it('an answer whose body cannot be read fails as no response', async () => {
    const { fake, client, notices } = setup()
    fake.on('GET', 'api/x/', () => {
      const response = new Response('{}', { status: 200 })
      vi.spyOn(response, 'text').mockRejectedValue(new TypeError('body stream broke'))
      return response
    })
    const error = await failure(client.get('api/x/'))
    expect(error.message).toContain('<no response>')
    expect(error.aborted).toBe(false)
    expect(notices).toHaveLength(1)
  })
})

describe('refresh', () => {
  it('refreshes with only a refresh token left, and retries with the new access token', async () => {
    const { fake, client, store, logouts } = setup({ refresh: 'r1' })
    fake.on('GET', 'api/client/', { status: 401 }, { body: { id: 1 } })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    await expect(client.get('api/client/')).resolves.toEqual({ id: 1 })
    expect(fake.callsTo('POST', REFRESH)[0]!.body).toEqual({ refresh: 'r1' })
    expect(fake.calls[2]!.headers.get('authorization')).toBe('Bearer a2')
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r2' })
    expect(logouts).toEqual([])
  })

  it('refreshSession works with only a refresh token', async () => {
    const { fake, client, store } = setup({ refresh: 'r1' })
    fake.on('POST', REFRESH, { body: { access: 'a2' } })
    await expect(client.refreshSession()).resolves.toBe(true)
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r1' })
  })

  it('sends the refresh call as JSON to the resolved refresh path', async () => {
    const { fake, client } = setup(undefined, { baseUrl: 'https://bonds.test/backend/' })
    fake.on('POST', `backend/${REFRESH}`, { body: { access: 'a2', refresh: 'r2' } })
    await client.refreshSession()
    const [call] = fake.calls
    expect(call!.url).toBe(`https://bonds.test/backend/${REFRESH}`)
    expect(call!.method).toBe('POST')
    expect(call!.headers.get('content-type')).toBe('application/json')
    expect(call!.headers.get('accept')).toBe('application/json')
    expect(call!.credentials).toBe('include')
  })

  it.each([
    ['an empty access token', { access: '', refresh: 'r2' }],
    ['an access token that is not text', { access: 7, refresh: 'r2' }],
    ['no object', 'ok'],
    ['null', null],
  ])('an answer with %s is a failed refresh: logged out', async (_, body) => {
    const { fake, client, store, logouts } = setup()
    fake.on('GET', 'api/client/', { status: 401 })
    fake.on('POST', REFRESH, () => Response.json(body))
    const error = await failure(client.get('api/client/'))
    expect(error.loggedOut).toBe(true)
    expect(logouts).toEqual(['refresh-failed'])
    expect(store.get().refresh).toBe('r1')
  })

  it('an empty refresh token in the answer keeps the held one', async () => {
    const { fake, client, store } = setup()
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: '' } })
    await client.refreshSession()
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r1' })
  })

  it("runs under the browser's cross-tab lock when it has one", async () => {
    const held: string[] = []
    vi.stubGlobal('navigator', {
      locks: {
        request: async (name: string, task: () => Promise<unknown>) => {
          held.push(name)
          return task()
        },
      },
    })
    const { fake, client } = setup(undefined, { lock: undefined })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    await expect(client.refreshSession()).resolves.toBe(true)
    expect(held).toEqual(['bonds-token-refresh'])
  })

  it('refreshes without a lock where the browser has none', async () => {
    vi.stubGlobal('navigator', {})
    const { fake, client } = setup(undefined, { lock: undefined })
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 'r2' } })
    await expect(client.refreshSession()).resolves.toBe(true)
  })

  it('a lock that fails counts as a failed refresh, and the next refresh runs again', async () => {
    let calls = 0
    const { fake, client, logouts, store } = setup(undefined, {
      lock: async (task) => {
        calls += 1
        if (calls === 1) throw new Error('lock broke')
        return task()
      },
    })
    await expect(client.refreshSession()).resolves.toBe(false)
    expect(logouts).toEqual(['refresh-failed'])
    store.set({ access: 'b1', refresh: 'rb1' })
    fake.on('POST', REFRESH, { body: { access: 'b2', refresh: 'rb2' } })
    await expect(client.refreshSession()).resolves.toBe(true)
    expect(store.get()).toEqual({ access: 'b2', refresh: 'rb2' })
  })
})

describe('Retry-After', () => {
  it('waits what Retry-After says, then repeats the GET', async () => {
    vi.useFakeTimers()
    const { fake, client } = setup(undefined, { retryDelay: undefined })
    fake.on('GET', 'api/x/', { status: 503, headers: { 'Retry-After': '2' } }, { body: 'ok' })
    const pending = client.get('api/x/')
    await vi.advanceTimersByTimeAsync(1999)
    expect(fake.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(pending).resolves.toBe('ok')
    expect(fake.calls).toHaveLength(2)
  })

  it('Retry-After: 0 repeats at once; a negative one waits 300 ms', async () => {
    vi.useFakeTimers()
    const { fake, client } = setup(undefined, { retryDelay: undefined })
    fake.on('GET', 'api/x/', { status: 429, headers: { 'Retry-After': '0' } }, { body: 'now' })
    fake.on('GET', 'api/y/', { status: 429, headers: { 'Retry-After': '-5' } }, { body: 'later' })
    await expect(client.get('api/x/')).resolves.toBe('now')
    const later = client.get('api/y/')
    await vi.advanceTimersByTimeAsync(299)
    expect(fake.callsTo('GET', 'api/y/')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(later).resolves.toBe('later')
  })

  it('a call aborted before its retry fails as aborted without waiting', async () => {
    const { fake, client, notices } = setup()
    const controller = new AbortController()
    fake.on('GET', 'api/x/', () => {
      controller.abort()
      return new Response(null, { status: 503 })
    })
    const error = await failure(client.get('api/x/', { signal: controller.signal }))
    expect(error.aborted).toBe(true)
    expect(fake.calls).toHaveLength(1)
    expect(notices).toEqual([])
  })
})

describe('more refresh and answer edges', () => {
  it('a refresh token in the answer that is not text keeps the held one', async () => {
    const { fake, client, store } = setup()
    fake.on('POST', REFRESH, { body: { access: 'a2', refresh: 7 } })
    await client.refreshSession()
    expect(store.get()).toEqual({ access: 'a2', refresh: 'r1' })
  })

  it('a 5xx refresh answer fails even when its body holds tokens', async () => {
    const { fake, client, store, logouts } = setup()
    fake.on('POST', REFRESH, { status: 502, body: { access: 'a2', refresh: 'r2' } })
    await expect(client.refreshSession()).resolves.toBe(false)
    expect(logouts).toEqual(['refresh-failed'])
    expect(store.get().access).toBe('a1')
  })

  it('a server that hands back the same access token: the second 401 logs out, no second refresh', async () => {
    const { fake, client, logouts } = setup()
    fake.on('GET', 'api/client/', { status: 401 }, { status: 401 })
    fake.on('POST', REFRESH, { body: { access: 'a1', refresh: 'r2' } })
    const error = await failure(client.get('api/client/'))
    expect(error.loggedOut).toBe(true)
    expect(logouts).toEqual(['retry-cap'])
    expect(fake.callsTo('POST', REFRESH)).toHaveLength(1)
  })

  it('an answer of only whitespace is empty', async () => {
    const { fake, client } = setup()
    fake.on('GET', 'api/x/', { body: ' \n ' })
    await expect(client.get('api/x/')).resolves.toBeUndefined()
  })
})
