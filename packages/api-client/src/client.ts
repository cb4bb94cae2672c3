// The HTTP client of every app: spec section 7's "Behaviour of all calls" and section 8's error
// texts. Choices the spec leaves open: docs/decisions/081-api-client-rules.md.
import { REFRESH_RETRY_CAP } from '@bonds/domain'
import type { ToastSeverity } from '@bonds/domain'
import { ApiError, errorToastText } from './errors.ts'
import {
  bodyMessage,
  carriesStatus,
  DEFAULT_TOKEN_ENDPOINTS,
  defaultRetryDelay,
  isRetryableStatus,
  requestPath,
  resolveUrl,
  statusRetries,
  fileNameFromDisposition,
  withStatus,
} from './rules.ts'
import type { HttpMethod, QueryParams } from './rules.ts'
import type { SessionTokens, TokenStore } from './tokens.ts'

/** A toast the client asks for; ui-kit shows it (the client has no UI of its own). */
export interface ApiNotice {
  severity: ToastSeverity
  summary?: string
  detail: string
}

/** Why the 401 rules logged the user out. */
export type LogoutReason =
  /** The refresh call answered 401. */
  | 'refresh-unauthorized'
  /** The refresh call failed otherwise (network, 5xx, no refresh token, no access token in it). */
  | 'refresh-failed'
  /** A URL answered 401 again after a refresh (2 retries for the same URL). */
  | 'retry-cap'

/** Endpoints the client treats specially. */
export interface ApiEndpoints {
  /** The refresh endpoint (configured at runtime, spec section 7), e.g. `api/token/refresh/`. */
  refresh: string
  /**
   * Other token endpoints (sign-in, OTP, sign-out): a 401 there is an answer, never refreshed.
   * Defaults to `DEFAULT_TOKEN_ENDPOINTS`.
   */
  token?: readonly string[]
}

/** How the refresh call is made and read (defaults: body `{ refresh }`, answer `{ access, refresh }`). */
export interface RefreshProtocol {
  body?: (refreshToken: string) => unknown
  /** The tokens of a refresh answer, or `null` when it holds no access token. */
  read?: (data: unknown) => { access: string; refresh?: string | null } | null
}

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Base URL the paths of spec section 7 are under ('' or '/' for the same origin). */
  baseUrl: string
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch
  tokens: TokenStore
  endpoints: ApiEndpoints
  /** The 401 rules ended the session: the auth package signs out. Called once per session. */
  onLogout: (reason: LogoutReason) => void
  /** Show a toast (ui-kit's `toast.show`). */
  notify: (notice: ApiNotice) => void
  refresh?: RefreshProtocol
  /** Header the access token is sent in as `Bearer <token>`; defaults to `Authorization`. */
  authHeader?: string
  /** Milliseconds before repeating a GET; defaults to `Retry-After` (≤ 10 s), else 300. */
  retryDelay?: (response: Response) => number
  /**
   * Runs the refresh under a lock held across tabs, so two tabs never spend the same rotating
   * refresh token. Defaults to the Web Locks API where the browser has it.
   */
  lock?: <T>(task: () => Promise<T>) => Promise<T>
}

/** A call. */
export interface ApiRequest {
  method: HttpMethod
  /** A path of spec section 7 (`api/client/`), resolved against the base URL, or an absolute URL. */
  url: string
  /** Sent as JSON; `FormData`, `Blob`, `URLSearchParams` and binary bodies are sent as they are. */
  body?: unknown
  query?: QueryParams
  signal?: AbortSignal
  /**
   * `json` (default) parses the answer; `blob` returns it as a `Blob`; `file` returns a
   * `DownloadedFile` (the `Blob` and the file name of its `Content-Disposition`), for downloads.
   */
  responseType?: 'json' | 'blob' | 'file'
  headers?: Record<string, string>
  /** No toasts for this call (e.g. price lookups, whose errors are ignored, spec section 8). */
  silent?: boolean
}

/** A downloaded file: its bytes and the name the server gave it (null when it gave none). */
export interface DownloadedFile {
  blob: Blob
  fileName: string | null
}

/** Options of the convenience methods. */
export type RequestOptions = Omit<ApiRequest, 'method' | 'url' | 'body'>

/** The client every app and feature package calls the API through. */
export interface ApiClient {
  /** Make a call under the rules of spec section 7; resolves to the parsed answer. */
  request<T = unknown>(request: ApiRequest): Promise<T>
  /** GET (retried once on a retryable status). */
  get<T = unknown>(url: string, options?: RequestOptions): Promise<T>
  /** POST (never retried). */
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<T>
  /** PUT (never retried). */
  put<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<T>
  /** PATCH (never retried). */
  patch<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<T>
  /** DELETE (never retried); a body, where an endpoint takes one, goes in `options.body`. */
  delete<T = unknown>(url: string, options?: RequestOptions & { body?: unknown }): Promise<T>
  /** POST for a file (the blob downloads of spec section 7): its bytes and the server's file name. */
  download(
    url: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'responseType'>,
  ): Promise<DownloadedFile>
  /**
   * Refresh the tokens now (the auth package's timer and focus refresh), sharing a refresh already
   * in flight; a failed refresh logs out like any other. Resolves whether it succeeded.
   */
  refreshSession(): Promise<boolean>
}

type RefreshOutcome = 'ok' | 'failed' | 'unauthorized'

function defaultReadTokens(data: unknown): { access: string; refresh?: string | null } | null {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a text answer has no access token either, and null throws into a failed refresh
  if (typeof data !== 'object' || data === null) return null
  const { access, refresh } = data as { access?: unknown; refresh?: unknown }
  if (typeof access !== 'string' || access === '') return null
  return { access, refresh: typeof refresh === 'string' && refresh !== '' ? refresh : null }
}

function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request('bonds-token-refresh', task) : task()
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    // Stryker disable ConditionalExpression,StringLiteral: every runtime the apps and tests run on has all three
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    // Stryker restore ConditionalExpression,StringLiteral
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  )
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text.trim() === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0 && !signal?.aborted) return Promise.resolve()
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      // Stryker disable next-line OptionalChaining: only a signal calls onAbort
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the timer's end removes the listener, and an abort fires once
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** Create the client: one per app, over the app's token store and toast area. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const { tokens, baseUrl } = options
  const authHeader = options.authHeader ?? 'Authorization'
  const retryDelay = options.retryDelay ?? defaultRetryDelay
  const lock = options.lock ?? webLock
  const refreshBody = options.refresh?.body ?? ((refresh: string) => ({ refresh }))
  const readTokens = options.refresh?.read ?? defaultReadTokens
  const refreshPath = requestPath(options.endpoints.refresh, baseUrl)
  const tokenPaths = new Set(
    [refreshPath, ...(options.endpoints.token ?? DEFAULT_TOKEN_ENDPOINTS)].map((url) =>
      requestPath(url, baseUrl),
    ),
  )

  /** Per URL: 401s in a row (with distinct access tokens), and the token of the last one counted. */
  const unauthorized = new Map<string, { count: number; token: string | null }>()
  let refreshing: Promise<RefreshOutcome> | null = null
  /** The session the user was last logged out of (its access token), so that happens once. */
  let loggedOutOf: { access: string | null } | null = null

  function logout(reason: LogoutReason): void {
    const { access } = tokens.get()
    if (loggedOutOf && loggedOutOf.access === access) return
    loggedOutOf = { access }
    unauthorized.clear()
    options.onLogout(reason)
  }

  // Any outcome but 'ok' and 'unauthorized' is a failed refresh, and anything thrown in here
  // becomes one (refreshOnce): the disables below mark mutants that change nothing a caller sees.
  async function callRefresh(staleAccess: string | null): Promise<RefreshOutcome> {
    const held = tokens.get()
    // A refresh finished (another call's, or another tab's while this one waited for the lock)
    // after the failed call was sent: the held token is already new.
    if (held.access && held.access !== staleAccess) return 'ok'
    // Stryker disable next-line StringLiteral: any outcome but 'ok' and 'unauthorized' fails
    if (!held.refresh) return 'failed'
    let response: Response
    try {
      response = await fetchImpl(resolveUrl(baseUrl, options.endpoints.refresh), {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(refreshBody(held.refresh)),
      })
      // Stryker disable next-line BlockStatement: an undefined response throws into a failed refresh
    } catch {
      // Stryker disable next-line StringLiteral: any outcome but 'ok' and 'unauthorized' fails
      return 'failed'
    }
    if (response.status === 401) return 'unauthorized'
    // Stryker disable next-line StringLiteral: any outcome but 'ok' and 'unauthorized' fails
    if (!response.ok) return 'failed'
    // Stryker disable next-line ArrowFunction: readTokens(undefined) is null too
    const pair = readTokens(await readBody(response).catch(() => null))
    // Stryker disable next-line ConditionalExpression,StringLiteral: a null pair throws into a failed refresh
    if (!pair) return 'failed'
    // Rotating refresh tokens: store both; a server that does not rotate keeps the held one.
    tokens.set({ access: pair.access, refresh: pair.refresh ?? held.refresh })
    return 'ok'
  }

  /** One refresh in flight, shared by every caller that needs it. */
  function refreshOnce(staleAccess: string | null): Promise<RefreshOutcome> {
    refreshing ??= lock(() => callRefresh(staleAccess))
      // Stryker disable next-line StringLiteral,ArrowFunction: any outcome but 'ok' and 'unauthorized' fails the same way
      .catch((): RefreshOutcome => 'failed')
      .finally(() => {
        refreshing = null
      })
    return refreshing
  }

  async function refreshOrLogout(staleAccess: string | null): Promise<boolean> {
    const outcome = await refreshOnce(staleAccess)
    if (outcome === 'ok') return true
    logout(outcome === 'unauthorized' ? 'refresh-unauthorized' : 'refresh-failed')
    return false
  }

  /** The 401 rules for a call that is not a token endpoint: retry it, or give up (and why). */
  async function onUnauthorized(
    path: string,
    sentAccess: string | null,
    retried: boolean,
  ): Promise<'retry' | 'fail' | 'logout'> {
    const held = tokens.get()
    // Nobody is signed in: the 401 is the answer (the route guard sends people to sign in).
    // Stryker disable next-line StringLiteral: the caller only tells 'retry' and 'logout' apart
    if (!held.access && !held.refresh) return 'fail'
    // Concurrent calls sent with the same token count as one 401 for their URL.
    const entry = unauthorized.get(path)
    const count = entry && entry.token === sentAccess ? entry.count : (entry?.count ?? 0) + 1
    unauthorized.set(path, { count, token: sentAccess })
    if (retried || count >= REFRESH_RETRY_CAP) {
      logout('retry-cap')
      return 'logout'
    }
    return (await refreshOrLogout(sentAccess)) ? 'retry' : 'logout'
  }

  function report(error: ApiError, silent: boolean | undefined): ApiError {
    if (!silent && !error.aborted && !error.loggedOut) {
      options.notify({ severity: 'error', detail: errorToastText(error) })
    }
    return error
  }

  async function request<T>(call: ApiRequest): Promise<T> {
    const method = call.method.toUpperCase() as HttpMethod
    const path = requestPath(call.url, baseUrl)
    const url = resolveUrl(baseUrl, call.url, call.query)
    const isTokenEndpoint = tokenPaths.has(path)
    const responseType = call.responseType ?? 'json'
    let retriesLeft = statusRetries(method)
    let retriedAfterRefresh = false

    const noResponse = (cause: unknown) =>
      report(
        new ApiError({ method, url, aborted: call.signal?.aborted === true, cause }),
        call.silent,
      )

    for (;;) {
      const sentAccess: SessionTokens['access'] = tokens.get().access
      const headers = new Headers(call.headers)
      if (responseType === 'json' && !headers.has('Accept')) {
        headers.set('Accept', 'application/json')
      }
      if (sentAccess) headers.set(authHeader, `Bearer ${sentAccess}`)
      let body: BodyInit | undefined
      if (call.body !== undefined) {
        if (isRawBody(call.body)) body = call.body
        else {
          body = JSON.stringify(call.body)
          if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
        }
      }

      let response: Response
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          body,
          credentials: 'include',
          signal: call.signal,
        })
      } catch (cause) {
        throw noResponse(cause)
      }

      if (response.status === 401 && !isTokenEndpoint) {
        const next = await onUnauthorized(path, sentAccess, retriedAfterRefresh)
        if (next === 'retry') {
          await response.body?.cancel().catch(() => undefined)
          retriedAfterRefresh = true
          continue
        }
        const error = new ApiError({
          method,
          url,
          status: response.status,
          statusText: response.statusText,
          // Stryker disable next-line ArrowFunction: ApiError stores an undefined body as null
          body: await readBody(response).catch(() => null),
          loggedOut: next === 'logout',
        })
        throw report(error, call.silent)
      }

      // Any answer but a 401 ends the URL's run of 401s.
      unauthorized.delete(path)

      if (!response.ok) {
        if (retriesLeft > 0 && isRetryableStatus(response.status)) {
          retriesLeft -= 1
          await response.body?.cancel().catch(() => undefined)
          try {
            await sleep(retryDelay(response), call.signal)
          } catch (cause) {
            throw noResponse(cause)
          }
          continue
        }
        const error = new ApiError({
          method,
          url,
          status: response.status,
          statusText: response.statusText,
          // Stryker disable next-line ArrowFunction: ApiError stores an undefined body as null
          body: await readBody(response).catch(() => null),
        })
        throw report(error, call.silent)
      }

      let data: unknown
      try {
        data =
          responseType === 'blob'
            ? await response.blob()
            : responseType === 'file'
              ? ({
                  blob: await response.blob(),
                  fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
                } satisfies DownloadedFile)
              : // Stryker disable next-line ConditionalExpression: a 204 has no body, which reads as undefined too
                response.status === 204
                ? undefined
                : ((await readBody(response)) ?? undefined)
      } catch (cause) {
        throw noResponse(cause)
      }
      if (carriesStatus(method, path, response.status)) data = withStatus(data, response.status)
      if (response.status === 207 && !call.silent) {
        const message = bodyMessage(data)
        if (message) options.notify({ severity: 'warn', detail: message })
      }
      return data as T
    }
  }

  return {
    request,
    get: (url, opts) => request({ ...opts, method: 'GET', url }),
    post: (url, body, opts) => request({ ...opts, method: 'POST', url, body }),
    put: (url, body, opts) => request({ ...opts, method: 'PUT', url, body }),
    patch: (url, body, opts) => request({ ...opts, method: 'PATCH', url, body }),
    delete: (url, opts) => request({ ...opts, method: 'DELETE', url }),
    download: (url, body, opts) =>
      request<DownloadedFile>({ ...opts, method: 'POST', url, body, responseType: 'file' }),
    async refreshSession() {
      const held = tokens.get()
      if (!held.access && !held.refresh) return false
      return refreshOrLogout(held.access)
    },
  }
}
