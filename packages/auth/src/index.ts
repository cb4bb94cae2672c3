/** The session: loading, authenticated, unauthenticated; sign-in, OTP, sign-out, refresh. */
export { AUTH_ENDPOINTS, afterSignInPath, createSession, routeUserOf } from './session.ts'
export type { Session, SessionState, SessionStatus } from './session.ts'
/** One API client and session per app, the route guard and the 402 screen's upgrade request. */
export {
  ACCESS_REQUESTED_TEXT,
  createAppSession,
  SUPPORT_TICKETS_PATH,
  upgradeFormType,
} from './app-session.ts'
export type { AppSession } from './app-session.ts'
/** React: the provider and hooks, and the root every app renders. */
export { SessionProvider, shellAccountOf, useApi, useSession, useSessionActions } from './react.tsx'
export { BondsApp, startBondsApp } from './app-root.tsx'
export type { BondsAppProps, StartBondsAppOptions } from './app-root.tsx'
/** Account forms: a failed call's message and its field errors. */
export { failureMessage, GENERIC_FAILURE, serverFieldErrors } from './screens/form.ts'
