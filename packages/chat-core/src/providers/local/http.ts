// The REST half of the local provider: the calls of decision 160 through an HTTP port. In the apps
// the port is `@bonds/api-client`'s client (its retry and 401 rules); `createFetchChatHttp` is a
// plain one for scripts and tests.
import { ChatProviderError } from '../../model/errors.ts'

/** One call. */
export interface ChatHttpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** A path such as `/api/chat/channels/`. */
  url: string
  body?: unknown
  query?: Readonly<Record<string, string | number | boolean | undefined>>
  headers?: Record<string, string>
}

/** The HTTP port: `@bonds/api-client`'s `ApiClient` has this shape. */
export interface ChatHttp {
  request<T = unknown>(request: ChatHttpRequest): Promise<T>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Any failure of a call as a provider error ('request' with the server's message, or 'network'). */
export function asProviderError(error: unknown): ChatProviderError {
  if (error instanceof ChatProviderError) return error
  if (isRecord(error) && typeof error.status === 'number') {
    const body = isRecord(error.body) ? error.body : {}
    const message =
      typeof body.message === 'string' && body.message
        ? body.message
        : error instanceof Error
          ? error.message
          : 'Request failed'
    const fields = isRecord(body.fields) ? (body.fields as Record<string, string>) : undefined
    return new ChatProviderError('request', message, error.status, fields)
  }
  return new ChatProviderError('network', error instanceof Error ? error.message : String(error))
}

/** Make a call, turning its failure into a provider error. */
export async function call<T>(http: ChatHttp, request: ChatHttpRequest): Promise<T> {
  try {
    return await http.request<T>(request)
  } catch (error) {
    throw asProviderError(error)
  }
}

/** A fetch-based HTTP port with a bearer access token. */
export function createFetchChatHttp(options: {
  baseUrl: string
  accessToken: () => string | null
  fetch?: typeof fetch
}): ChatHttp {
  const run = options.fetch ?? fetch
  return {
    async request<T>(request: ChatHttpRequest): Promise<T> {
      const url = new URL(request.url, options.baseUrl)
      for (const [key, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) url.searchParams.set(key, String(value))
      }
      const headers: Record<string, string> = { ...request.headers }
      const token = options.accessToken()
      if (token) headers.authorization = `Bearer ${token}`
      let body: Blob | string | undefined
      if (request.body instanceof Blob) body = request.body
      else if (request.body !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(request.body)
      }
      const response = await run(url, { method: request.method, headers, body })
      const text = await response.text()
      const parsed: unknown = text ? JSON.parse(text) : null
      if (!response.ok) {
        throw Object.assign(new Error(`[${request.method}] ${url}: ${response.status}`), {
          status: response.status,
          body: parsed,
        })
      }
      return parsed as T
    },
  }
}
