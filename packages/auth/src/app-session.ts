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
import {
  checkRouteAccess,
  SUPPORT_TICKET_TYPES,
  type RouteAccessResult,
  type RouteDefinition,
  type SupportTicket,
  type TicketFormType,
} from '@bonds/domain'
import { toast, type UpgradeRequestOutcome } from '@bonds/ui-kit'
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
  /**
   * The 402 screen's "Request Upgrade": an access-request support ticket for the page's feature,
   * or the open one already on file (decision 086); undefined when the call failed (toasted).
   */
  requestUpgrade(path: string): Promise<UpgradeRequestOutcome | undefined>
}

/** Where support tickets go (decision 080). */
export const SUPPORT_TICKETS_PATH = 'ext/tickets/'
/** The access request's success text (spec section 8). */
export const ACCESS_REQUESTED_TEXT =
  'Your request has been noted. We will update you shortly via email.'

/** The ticket form an upgrade request uses: inventory has its own (spec section 2). */
export function upgradeFormType(path: string): TicketFormType {
  return path === '/inventory' || path.startsWith('/inventory?') || path.startsWith('/inventory/')
    ? 'INVENTORY_ACCESS'
    : 'REQUEST_ACCESS'
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
    async requestUpgrade(path) {
      const user = await session.ready()
      const info = user?.user_info
      let ticket: SupportTicket
      try {
        ticket = await api.post<SupportTicket>(SUPPORT_TICKETS_PATH, {
          ticket_type_id: SUPPORT_TICKET_TYPES.access.id,
          contacts: info
            ? [{ email: info.email, name: `${info.first_name} ${info.last_name}`.trim() }]
            : [],
          ticket_attributes: {
            form_type: upgradeFormType(path),
            page: path,
            client: user?.name ?? null,
            client_tier: user?.client_tier ?? null,
          },
        })
      } catch {
        // The client has shown the error toast.
        return undefined
      }
      // A second click is answered on the screen ("Already requested on …"), not by a toast.
      if (!ticket.already_requested) notify({ severity: 'success', detail: ACCESS_REQUESTED_TEXT })
      return { requestedAt: ticket.created_at, alreadyRequested: ticket.already_requested }
    },
  }
}
