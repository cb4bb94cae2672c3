// The client over a scripted fetch, for this package's own tests: a memory token store, the
// notices and log-outs it reports, and no wait before a repeated GET.
import { expect } from 'vitest'
import { createApiClient } from '../client.ts'
import type { ApiClientOptions, ApiNotice, LogoutReason } from '../client.ts'
import { ApiError } from '../errors.ts'
import { createMemoryTokenStore } from '../tokens.ts'
import type { SessionTokens } from '../tokens.ts'
import { createFakeFetch } from './fake-fetch.ts'

/** The refresh endpoint the harness configures. */
export const REFRESH = 'api/token/refresh/'

/** A client with `tokens` stored, over a fresh scripted fetch. */
export function setup(
  tokens: Partial<SessionTokens> = { access: 'a1', refresh: 'r1' },
  extra: Partial<ApiClientOptions> = {},
) {
  const fake = createFakeFetch()
  const store = createMemoryTokenStore(tokens)
  const notices: ApiNotice[] = []
  const logouts: LogoutReason[] = []
  const client = createApiClient({
    baseUrl: '',
    fetch: fake.fetch,
    tokens: store,
    endpoints: { refresh: REFRESH },
    onLogout: (reason) => logouts.push(reason),
    notify: (notice) => notices.push(notice),
    retryDelay: () => 0,
    ...extra,
  })
  return { fake, store, client, notices, logouts }
}

/** Rejection of a call, as an `ApiError`. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}
