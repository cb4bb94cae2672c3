// One API client and one session per app, over the token store the four apps share.
import {
  createApiClient,
  createAppStore,
  createLocalStorageTokenStore,
  type ApiClient,
  type ApiNotice,
  type AppStore,
  type TokenStore,
} from '@bonds/api-client'
import { checkRouteAccess, type RouteAccessResult, type RouteDefinition } from '@bonds/domain'
import { toast } from '@bonds/ui-kit'
import { AUTH_ENDPOINTS, createSession, routeUserOf, type Session } from './session.ts'

/** What an app needs: the API client, the session and the store. */
export interface AppSession {
  api: ApiClient
  session: Session
  tokens: TokenStore
  /** The app's one store: the API's cache (every feature's endpoints) and its slices. */
  store: AppStore
  /** The route guard of spec section 2 for a route and the path asked for. */
  guard(route: RouteDefinition, path: string): Promise<RouteAccessResult>
}

/** Show an API notice as a ui-kit toast. */
function toastNotice(notice: ApiNotice): void {
  void toast.show({
    severity: notice.severity,
    summary: notice.summary ?? '',
    detail: notice.detail,
  })
}

/** Build an app's session; notices become ui-kit toasts unless `notify` is given. */
export function createAppSession(
  options: {
    notify?: (notice: ApiNotice) => void
    tokens?: TokenStore
    fetch?: typeof fetch
  } = {},
): AppSession {
  const notify = options.notify ?? toastNotice
  const tokens = options.tokens ?? createLocalStorageTokenStore()
  // The client's logout callback only runs after the session below exists.
  const current: { session?: Session } = {}
  const api = createApiClient({
    baseUrl: '/',
    tokens,
    endpoints: { refresh: AUTH_ENDPOINTS.refresh },
    notify,
    onLogout: () => void current.session?.signOut(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const session = createSession({ api, tokens })
  current.session = session
  const browser = typeof window !== 'undefined'
  const store = createAppStore({
    api,
    listen: browser,
    ...(browser
      ? {
          // The socket's code (and the message schemas it checks frames with) loads when a
          // screen first streams: find never does, so its first load carries none of it.
          openTradeSocket: async () => {
            const { openTradeSocket } = await import('./trade-socket.ts')
            return openTradeSocket(api, tokens)
          },
        }
      : {}),
  })
  return {
    api,
    session,
    tokens,
    store,
    async guard(route, path) {
      const user = route.access === 'public' ? null : await session.ready()
      return checkRouteAccess(route, routeUserOf(user), path)
    },
  }
}
