// One API client and one session per app, over the token store the four apps share.
import {
  createApiClient,
  createLocalStorageTokenStore,
  type ApiClient,
  type ApiNotice,
  type TokenStore,
} from '@bonds/api-client'
import { checkRouteAccess, type RouteAccessResult, type RouteDefinition } from '@bonds/domain'
import { AUTH_ENDPOINTS, createSession, routeUserOf, type Session } from './session.ts'

/** What an app needs: the API client and the session. */
export interface AppSession {
  api: ApiClient
  session: Session
  tokens: TokenStore
  /** The route guard of spec section 2 for a route and the path asked for. */
  guard(route: RouteDefinition, path: string): Promise<RouteAccessResult>
}

/** Build an app's session; `notify` shows toasts (ui-kit's `toast.show`). */
export function createAppSession(options: {
  notify: (notice: ApiNotice) => void
  tokens?: TokenStore
  fetch?: typeof fetch
}): AppSession {
  const tokens = options.tokens ?? createLocalStorageTokenStore()
  // The client's logout callback only runs after the session below exists.
  const current: { session?: Session } = {}
  const api = createApiClient({
    baseUrl: '/',
    tokens,
    endpoints: { refresh: AUTH_ENDPOINTS.refresh },
    notify: options.notify,
    onLogout: () => void current.session?.signOut(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const session = createSession({ api, tokens })
  current.session = session
  return {
    api,
    session,
    tokens,
    async guard(route, path) {
      const user = route.access === 'public' ? null : await session.ready()
      return checkRouteAccess(route, routeUserOf(user), path)
    },
  }
}
