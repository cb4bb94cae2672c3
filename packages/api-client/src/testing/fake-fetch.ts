// A scripted `fetch` for unit tests of the client and of packages built on it: answers are queued
// per method and path, every call is recorded, and a call nobody scripted fails loudly.

/** One recorded call. */
export interface FakeCall {
  method: string
  /** The URL as the client sent it. */
  url: string
  /** Path without origin, query or leading slash (`api/client/`). */
  path: string
  /** Query parameters of the URL. */
  query: URLSearchParams
  headers: Headers
  /** JSON bodies parsed; other bodies as sent. */
  body: unknown
  credentials: RequestCredentials | undefined
  signal: AbortSignal | undefined
}

/** A scripted answer: a JSON reply, a network failure, or a function building the `Response`. */
export type FakeAnswer =
  | {
      status?: number
      statusText?: string
      /** Serialised as JSON unless a string or `Blob`; omitted for an empty body. */
      body?: unknown
      headers?: Record<string, string>
    }
  | 'network-error'
  | ((call: FakeCall) => Response | Promise<Response>)

/** A fake `fetch` with its script and record. */
export interface FakeFetch {
  fetch: typeof fetch
  /** Every call, in order. */
  calls: FakeCall[]
  /** Queue answers for `METHOD path`, used one per call in order. */
  on(method: string, path: string, ...answers: FakeAnswer[]): FakeFetch
  /** The recorded calls to `METHOD path`. */
  callsTo(method: string, path: string): FakeCall[]
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  207: 'Multi-Status',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  425: 'Too Early',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

function pathOf(url: string): string {
  const parsed = new URL(url, 'http://fake.test')
  return parsed.pathname.replace(/^\/+/, '')
}

function key(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/^\/+/, '')}`
}

function parseBody(body: BodyInit | null | undefined, headers: Headers): unknown {
  if (typeof body === 'string' && headers.get('content-type')?.includes('json')) {
    return JSON.parse(body) as unknown
  }
  return body ?? undefined
}

function reply(answer: Exclude<FakeAnswer, 'network-error' | ((call: FakeCall) => unknown)>) {
  const status = answer.status ?? 200
  const empty = answer.body === undefined || status === 204
  const isRaw = typeof answer.body === 'string' || answer.body instanceof Blob
  const headers = new Headers(answer.headers)
  if (!empty && !isRaw && !headers.has('content-type')) {
    headers.set('content-type', 'application/json')
  }
  const body = empty ? null : isRaw ? (answer.body as string | Blob) : JSON.stringify(answer.body)
  return new Response(body, {
    status,
    statusText: answer.statusText ?? STATUS_TEXT[status] ?? '',
    headers,
  })
}

/** A `fetch` that answers from a script; unscripted calls reject with a descriptive error. */
export function createFakeFetch(): FakeFetch {
  const queues = new Map<string, FakeAnswer[]>()
  const calls: FakeCall[] = []

  const fake = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init.method ?? 'GET').toUpperCase()
    const headers = new Headers(init.headers)
    const call: FakeCall = {
      method,
      url,
      path: pathOf(url),
      query: new URL(url, 'http://fake.test').searchParams,
      headers,
      body: parseBody(init.body, headers),
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    }
    calls.push(call)
    if (init.signal?.aborted) throw init.signal.reason
    const answer = queues.get(key(method, call.path))?.shift()
    if (answer === undefined) throw new Error(`fake fetch: nothing scripted for ${method} ${url}`)
    if (answer === 'network-error') throw new TypeError('fetch failed')
    if (typeof answer === 'function') return answer(call)
    return reply(answer)
  }

  const api: FakeFetch = {
    fetch: fake as typeof fetch,
    calls,
    on(method, path, ...answers) {
      const queue = queues.get(key(method, path)) ?? []
      queue.push(...answers)
      queues.set(key(method, path), queue)
      return api
    },
    callsTo(method, path) {
      return calls.filter((call) => key(call.method, call.path) === key(method, path))
    },
  }
  return api
}
