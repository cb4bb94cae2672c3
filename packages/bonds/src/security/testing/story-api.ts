// An API client for stories: answers by method and path from handlers (no server), optionally
// after a delay or never (to show loading states). Stories only; tests use createFakeFetch.
import { createApiClient, createMemoryTokenStore, type ApiClient } from '@bonds/api-client'

/** One answer: a JSON body (status 200 unless given), a blob, or 'never' to stay loading. */
export type StoryAnswer =
  { status?: number; body?: unknown; headers?: Record<string, string> } | 'never'

/** Handlers by `METHOD path` (path without leading slash, e.g. `POST api/cashflow/IN0020210244/`). */
export type StoryHandlers = Record<string, StoryAnswer | ((body: unknown) => StoryAnswer)>

/** An API client whose calls the handlers answer (unknown calls answer 404), after `delayMs`. */
export function storyApi(handlers: StoryHandlers, delayMs = 300): ApiClient {
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://story.test')
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname.replace(/^\/+/, '')}`
    const handler = handlers[key]
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const answer = typeof handler === 'function' ? handler(body) : handler
    if (answer === 'never') return new Promise<Response>(() => {})
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (!answer) {
      return Response.json(
        { statusCode: 404, error: 'Not Found', message: 'Not found' },
        { status: 404 },
      )
    }
    const status = answer.status ?? 200
    if (answer.body instanceof Blob) {
      return new Response(answer.body, { status, headers: answer.headers })
    }
    return answer.body === undefined
      ? new Response(null, { status })
      : Response.json(answer.body, { status, headers: answer.headers })
  }
  return createApiClient({
    baseUrl: '/',
    fetch,
    tokens: createMemoryTokenStore(),
    endpoints: { refresh: 'api/token/refresh/' },
    onLogout: () => {},
    notify: () => {},
  })
}
