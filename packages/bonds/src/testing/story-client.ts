// An API client for the search and screener stories: handlers answer by method and path, from the
// query and body, after a delay (or never, to show loading); aborts are honoured as in a browser,
// and error toasts go to ui-kit's toast areas. Stories only; tests use createFakeFetch.
import { createApiClient, createMemoryTokenStore, type ApiClient } from '@bonds/api-client'
import { toast } from '@bonds/ui-kit'

/** A request as a handler sees it. */
export interface StoryRequest {
  query: URLSearchParams
  body: unknown
}

/** An answer: a JSON body (status 200 unless given), or 'never' to stay loading. */
export type StoryReply = { status?: number; body?: unknown } | 'never'

/** Handlers by `METHOD path` (no leading slash). */
export type StoryRoutes = Record<string, (request: StoryRequest) => StoryReply>

/** An API client whose calls `routes` answer after `delayMs` (unknown calls answer 404). */
export function storyClient(routes: StoryRoutes, delayMs = 250): ApiClient {
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://story.test')
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname.replace(/^\/+/, '')}`
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const reply = routes[key]?.({ query: url.searchParams, body }) ?? {
      status: 404,
      body: { statusCode: 404, message: 'Not found' },
    }
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal
      signal?.addEventListener('abort', () => reject(signal.reason))
      if (reply === 'never') return
      setTimeout(() => {
        const status = reply.status ?? 200
        resolve(
          reply.body === undefined
            ? new Response(null, { status })
            : Response.json(reply.body, { status }),
        )
      }, delayMs)
    })
  }
  return createApiClient({
    baseUrl: '/',
    fetch,
    tokens: createMemoryTokenStore(),
    endpoints: { refresh: 'api/token/refresh/' },
    onLogout: () => {},
    notify: (notice) =>
      void toast.show({
        severity: notice.severity,
        summary: notice.summary ?? '',
        detail: notice.detail,
      }),
  })
}
