// The per-call rules of spec section 7 ("Behaviour of all calls") as pure functions, so each one
// is tested on its own; `client.ts` strings them together.
import { GET_RETRIES, RETRYABLE_STATUSES, WRITE_RETRIES } from '@bonds/domain'

/** The methods the client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One query parameter value; `null` and `undefined` are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | null | undefined

/** Query parameters of a request. */
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>

/** The chatter trade endpoint whose 200 answer to a POST carries its status in the data. */
export const CHATTER_TRADE_PATH = 'api/chatter/trade/'

/**
 * Token endpoints besides the configured refresh path: a 401 there answers the credentials sent,
 * it does not mean the session expired (docs/decisions/081-api-client-rules.md).
 */
export const DEFAULT_TOKEN_ENDPOINTS: readonly string[] = [
  'api/token/',
  'api/token/otp/',
  'api/token/revoke/',
  'api/request-otp/',
  'api/validate-otp/',
]

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i

function trimSlashes(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '')
}

/**
 * The path the rules compare ("the same URL", token endpoints, the chatter trade endpoint): no
 * origin, base path, query, hash or leading slash, trailing slash kept (`api/chatter/trade/`).
 */
export function requestPath(url: string, baseUrl = ''): string {
  // Stryker disable next-line Regex: `.*` runs to the end of a URL anyway (no line breaks)
  if (!ABSOLUTE.test(url)) return url.replace(/[?#].*$/, '').replace(/^\/+/, '')
  const path = new URL(url).pathname.replace(/^\/+/, '')
  const base = ABSOLUTE.test(baseUrl)
    ? trimSlashes(new URL(baseUrl).pathname)
    : trimSlashes(baseUrl)
  return base && path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path
}

/** `key=value&…` of the query (without `?`); empty when nothing is left. */
export function queryString(query: QueryParams | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue]
    for (const item of values) {
      if (item !== null && item !== undefined) params.append(key, String(item))
    }
  }
  return params.toString()
}

/** The URL a request goes to: the path under the configured base, plus the query. */
export function resolveUrl(baseUrl: string, url: string, query?: QueryParams): string {
  const full = ABSOLUTE.test(url)
    ? url
    : `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`
  const search = queryString(query)
  if (!search) return full
  return `${full}${full.includes('?') ? '&' : '?'}${search}`
}

/** How often a call with this method is repeated on a retryable status: GET once, writes never. */
export function statusRetries(method: HttpMethod): number {
  return method === 'GET' ? GET_RETRIES : WRITE_RETRIES
}

/** Whether a status is one a GET is retried on (408, 409, 425, 429, 500, 502, 503, 504). */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.includes(status)
}

/** Whether the answer's status goes into its data: any 207, or a 200 to POST the chatter trade. */
export function carriesStatus(method: HttpMethod, path: string, status: number): boolean {
  return status === 207 || (status === 200 && method === 'POST' && path === CHATTER_TRADE_PATH)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * The data with its status added (`{ ...data, status }`); an empty answer becomes `{ status }`.
 * Arrays and other values cannot carry a field and are returned as they are.
 */
export function withStatus<T>(data: T, status: number): T {
  if (data === undefined || data === null || data === '') return { status } as T
  if (isPlainObject(data)) return { ...data, status } as T
  return data
}

/** The `message` of an answer's body, if it has a non-empty one (the 207 warning text). */
export function bodyMessage(body: unknown): string | undefined {
  if (!isPlainObject(body)) return undefined
  const message = body.message
  return typeof message === 'string' && message.trim() !== '' ? message : undefined
}

/** Milliseconds to wait before repeating a GET: `Retry-After` (seconds, at most 10 s), else 300. */
export function defaultRetryDelay(response: Response): number {
  // An empty value says nothing (Number('') would read it as "at once").
  const header = response.headers.get('retry-after')?.trim()
  const seconds = header ? Number(header) : Number.NaN
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 10_000)
  return 300
}

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` before `filename="…"`),
 * without any folder part; `null` when it names none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  // Stryker disable next-line ConditionalExpression: an empty header matches no name below
  if (!header) return null
  let name: string | null = null
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header)
  // Stryker disable next-line ConditionalExpression: without a match the line below throws into the catch
  if (extended?.[2]) {
    try {
      // Stryker disable next-line Regex,MethodExpression: quotes sit only at the ends (inner ones are %22), and the name is trimmed below
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''))
      // Stryker disable next-line BlockStatement: name is still null here
    } catch {
      name = null
    }
  }
  if (name === null) {
    const plain = /(?:^|;)\s*filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header)
    // Stryker disable next-line MethodExpression: the name is trimmed below
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim()
  }
  // Stryker disable next-line OptionalChaining: split always gives a last part
  const base = name?.split(/[\\/]/).pop()?.trim() ?? ''
  return base === '' ? null : base
}
