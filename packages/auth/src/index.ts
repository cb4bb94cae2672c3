/** The session: loading, authenticated, unauthenticated; sign-in, OTP, sign-out, refresh. */
export { AUTH_ENDPOINTS, afterSignInPath, createSession, routeUserOf } from './session.ts'
export type { Session, SessionState, SessionStatus } from './session.ts'
/** One API client and session per app, and the route guard. */
export { createAppSession } from './app-session.ts'
export type { AppSession } from './app-session.ts'
/** React: the provider and hooks. */
export { SessionProvider, useSession, useSessionActions } from './react.tsx'
