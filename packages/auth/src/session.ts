// The session of spec section 4 (Authentication): loading → authenticated | unauthenticated.
// One per app; the four apps share the tokens (same origin), so a sign-in or sign-out in one is
// seen by the others.
import { isApiError, type ApiClient, type TokenStore } from '@bonds/api-client'
import {
  isFollowableRedirect,
  landingPath,
  SESSION_REFRESH_MS,
  type LoggedInUser,
  type RouteUser,
  type TokenPair,
} from '@bonds/domain'

/** Where the session stands. */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated'

/** A snapshot of the session. */
export interface SessionState {
  status: SessionStatus
  user: LoggedInUser | null
}

/** The auth endpoints (spec section 7 and decision 080). */
export const AUTH_ENDPOINTS = {
  signIn: 'api/token/',
  otpSignIn: 'api/token/otp/',
  requestOtp: 'api/request-otp/',
  refresh: 'api/token/refresh/',
  signOut: 'api/token/revoke/',
  session: 'api/session/',
  resetPassword: 'api/reset-password/',
  changePassword: (userId: string) => `api/change-password/${encodeURIComponent(userId)}/`,
  validateInvite: 'api/client/user/invite/validate/',
  register: 'api/client/register/',
} as const

/** The subset of the logged-in user record the route guard reads. */
export function routeUserOf(user: LoggedInUser): RouteUser
/** The subset of the logged-in user record the route guard reads (none when signed out). */
export function routeUserOf(user: LoggedInUser | null): RouteUser | null
export function routeUserOf(user: LoggedInUser | null): RouteUser | null {
  if (!user) return null
  return {
    roles: user.user_info.roles,
    permissions: user.permissions,
    rfqExchanges: user.rfq_exchanges,
    tier: user.client_tier,
  }
}

/**
 * Where a user goes after sign-in: a same-origin `redirect` query the route guard opens for them,
 * else the landing rule (decision 085).
 */
export function afterSignInPath(user: LoggedInUser, redirect: string | null): string {
  const routeUser = routeUserOf(user)
  if (redirect && isFollowableRedirect(redirect, routeUser)) return redirect
  return landingPath(routeUser)
}

/** The session over an API client and the shared token store. */
export function createSession({ api, tokens }: { api: ApiClient; tokens: TokenStore }) {
  let state: SessionState = { status: 'loading', user: null }
  let loading: Promise<LoggedInUser | null> | null = null
  const listeners = new Set<() => void>()

  function set(next: SessionState) {
    state = next
    for (const listener of [...listeners]) listener()
  }

  async function fetchUser(): Promise<LoggedInUser | null> {
    try {
      const user = await api.get<LoggedInUser>(AUTH_ENDPOINTS.session, { silent: true })
      set({ status: 'authenticated', user })
      return user
    } catch (error) {
      // A call that got no answer (the page navigated away during it, the connection dropped)
      // says nothing about the session: the token stays for the next try, and a user already
      // signed in stays so. Clearing it there signed the user out of every app on a reload or a
      // link followed while the session was being fetched.
      if (isApiError(error) && error.status === undefined) {
        if (state.status !== 'authenticated') set({ status: 'unauthenticated', user: null })
        return state.user
      }
      // A failed session fetch clears the session and the token (spec section 4).
      tokens.clear()
      set({ status: 'unauthenticated', user: null })
      return null
    }
  }

  /** Load the session; with no token held it is not fetched unless forced. */
  function load(force = false): Promise<LoggedInUser | null> {
    if (!force && !tokens.get().access) {
      set({ status: 'unauthenticated', user: null })
      return Promise.resolve(null)
    }
    loading ??= fetchUser().finally(() => {
      loading = null
    })
    return loading
  }

  async function signedIn(pair: TokenPair): Promise<LoggedInUser> {
    tokens.set({ access: pair.access, refresh: pair.refresh })
    const user = await load(true)
    if (!user) throw new Error('The session could not be loaded after sign-in')
    return user
  }

  return {
    /** The API client the session signs in with (for the account screens). */
    api,
    /** The current snapshot (for useSyncExternalStore). */
    get: (): SessionState => state,
    /** Listen for changes; returns the unsubscribe. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    load,
    /** The user once the session has loaded (route loaders wait on this). */
    ready(): Promise<LoggedInUser | null> {
      if (loading) return loading
      if (state.status === 'loading') return load()
      return Promise.resolve(state.user)
    },
    /** Password sign-in; errors (ApiError) are the caller's to show. */
    async signIn(email: string, password: string): Promise<LoggedInUser> {
      const pair = await api.post<TokenPair>(
        AUTH_ENDPOINTS.signIn,
        { email, password },
        { silent: true },
      )
      return signedIn(pair)
    },
    /** Ask for a login OTP by e-mail; the seconds before another may be asked for. */
    async requestOtp(email: string): Promise<{ resendAfterSeconds: number }> {
      const answer = await api.post<{ resend_after_seconds?: number }>(
        AUTH_ENDPOINTS.requestOtp,
        { email, request_type: 'login' },
        { silent: true },
      )
      return { resendAfterSeconds: answer?.resend_after_seconds ?? 0 }
    },
    /** OTP sign-in. */
    async signInWithOtp(email: string, otp: string): Promise<LoggedInUser> {
      const pair = await api.post<TokenPair>(
        AUTH_ENDPOINTS.otpSignIn,
        { email, otp },
        { silent: true },
      )
      return signedIn(pair)
    },
    /** Sign out: the server ends the session, then everything local is cleared. */
    async signOut(): Promise<void> {
      const { access, refresh } = tokens.get()
      if (access || refresh) {
        try {
          await api.post(AUTH_ENDPOINTS.signOut, refresh ? { refresh } : {}, { silent: true })
        } catch {
          // Signed out locally whatever the server says.
        }
      }
      tokens.clear()
      set({ status: 'unauthenticated', user: null })
    },
    /**
     * Keep the session fresh: every 240 s and when the window regains focus (spec section 4);
     * follow sign-in and sign-out in other apps and tabs. Returns the stop function.
     */
    start(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
      // Public pages too show who is signed in: load once now (no call without a token).
      void load()
      const refresh = () => {
        if (tokens.get().access) void load(true)
      }
      const timer = setInterval(refresh, SESSION_REFRESH_MS)
      target.addEventListener('focus', refresh)
      const unsubscribe = tokens.subscribe((next) => {
        if (!next.access && state.status === 'authenticated') {
          set({ status: 'unauthenticated', user: null })
        } else if (next.access && state.status === 'unauthenticated') {
          void load(true)
        }
      })
      return () => {
        clearInterval(timer)
        target.removeEventListener('focus', refresh)
        unsubscribe()
      }
    },
  }
}

/** The session's type. */
export type Session = ReturnType<typeof createSession>
