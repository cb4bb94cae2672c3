// Every endpoint goes through the app's client: section 7's rules hold, and failures arrive as
// plain errors a screen can read (status, the server's body, whether the user was logged out).
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../client.ts'
import { createFakeFetch } from '../testing/fake-fetch.ts'
import { createMemoryTokenStore } from '../tokens.ts'
import { baseApi } from './base-api.ts'
import { ApiError } from '../errors.ts'
import { failureOf, isApiQueryError, toQueryError } from './base-query.ts'
import { createAppStore } from './store.ts'

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    client: build.query<{ name: string }, void>({ query: () => 'api/client/' }),
    invite: build.mutation<{ status?: number; message?: string }, { email: string }>({
      query: (body) => ({ url: 'api/client/user/invite/', method: 'POST', body }),
    }),
  }),
})

function setup() {
  const fake = createFakeFetch()
  const notices: string[] = []
  const api = createApiClient({
    baseUrl: '',
    fetch: fake.fetch,
    tokens: createMemoryTokenStore({ access: 'a1', refresh: 'r1' }),
    endpoints: { refresh: 'api/token/refresh/' },
    onLogout: () => {},
    notify: (notice) => notices.push(`${notice.severity}: ${notice.detail}`),
    retryDelay: () => 0,
  })
  return { fake, notices, store: createAppStore({ api, listen: false }) }
}

describe('the base query', () => {
  it('sends the call with the session token and answers with the data', async () => {
    const { fake, store } = setup()
    fake.on('GET', 'api/client/', { body: { name: 'Demo Capital' } })
    const result = await store.dispatch(testApi.endpoints.client.initiate())
    expect(result.data).toEqual({ name: 'Demo Capital' })
    expect(fake.calls[0]?.headers.get('authorization')).toBe('Bearer a1')
  })

  it('retries a GET once on a retryable status (section 7), through the client', async () => {
    const { fake, store } = setup()
    fake.on('GET', 'api/client/', { status: 503 }, { body: { name: 'Demo Capital' } })
    const result = await store.dispatch(testApi.endpoints.client.initiate())
    expect(result.data).toEqual({ name: 'Demo Capital' })
    expect(fake.callsTo('GET', 'api/client/')).toHaveLength(2)
  })

  it('keeps a 207 answer’s status in the data and shows its warning', async () => {
    const { fake, store, notices } = setup()
    fake.on('POST', 'api/client/user/invite/', {
      status: 207,
      body: { message: 'Invited; the e-mail will follow' },
    })
    const result = await store.dispatch(testApi.endpoints.invite.initiate({ email: 'a@b.in' }))
    expect(result.data).toEqual({ message: 'Invited; the e-mail will follow', status: 207 })
    expect(notices).toEqual(['warn: Invited; the e-mail will follow'])
  })

  it('gives a failed call as its status and the server’s body, with the error toast shown', async () => {
    const { fake, store, notices } = setup()
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Please enter a valid email address.',
      fields: { email: 'Please enter a valid email address.' },
    }
    fake.on('POST', 'api/client/user/invite/', { status: 400, body })
    const result = await store.dispatch(testApi.endpoints.invite.initiate({ email: 'x' }))
    expect(result.error).toEqual({
      status: 400,
      message: '[POST] /api/client/user/invite/: 400 Bad Request',
      body,
      loggedOut: false,
    })
    expect(notices).toEqual(['error: Please enter a valid email address.'])
  })

  it('tells a network failure from an answer', async () => {
    const { fake, store } = setup()
    fake.on('GET', 'api/client/', 'network-error', 'network-error')
    const result = await store.dispatch(testApi.endpoints.client.initiate())
    expect(result.error).toMatchObject({ status: 'NETWORK', body: null })
  })

  it('turns anything thrown into a plain error', () => {
    expect(toQueryError(new Error('boom'))).toEqual({
      status: 'NETWORK',
      message: 'boom',
      body: null,
      loggedOut: false,
    })
  })

  it('reads a failure the same way from a mutation’s unwrap() and from the client', async () => {
    const { fake, store } = setup()
    const body = {
      statusCode: 409,
      error: 'Conflict',
      message: 'A client needs at least one Ops Admin',
      fields: { roles: ['A client needs at least one Ops Admin'] },
    }
    fake.on('POST', 'api/client/user/invite/', { status: 409, body })
    const thrown: unknown = await store
      .dispatch(testApi.endpoints.invite.initiate({ email: 'a@b.in' }))
      .unwrap()
      .catch((error: unknown) => error)
    expect(isApiQueryError(thrown)).toBe(true)
    const expected = {
      status: 409,
      body,
      fields: { roles: 'A client needs at least one Ops Admin' },
    }
    expect(failureOf(thrown)).toEqual(expected)
    const direct = new ApiError({ method: 'POST', url: '/x', status: 409, body })
    expect(failureOf(direct)).toEqual(expected)
    expect(failureOf(toQueryError(new Error('boom')))).toEqual({
      status: undefined,
      body: null,
      fields: {},
    })
    expect(failureOf(new Error('boom'))).toBeNull()
    expect(isApiQueryError({ status: 500, message: 'x' })).toBe(false)
  })
})
