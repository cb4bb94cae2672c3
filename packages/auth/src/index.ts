/** The auth endpoints the session calls (sign-in, OTP, refresh, sign-out, the session record). */
export { AUTH_ENDPOINTS } from './session.ts'
/** One API client and session per app, the route guard and the 402 screen's upgrade request. */
export { createAppSession } from './app-session.ts'
/** React: the provider and hooks, and the root every app renders. */
export { SessionProvider, useSession, useSessionActions } from './react.tsx'
export { BondsApp, startBondsApp } from './app-root.tsx'
export type { BondsAppProps, StartBondsAppOptions } from './app-root.tsx'
/** A user's password change (`POST api/change-password/{userId}/`): the settings' profile uses it. */
export { useChangePasswordMutation } from './api/password.ts'
/** Account forms: a failed call's message and its field errors. */
export { failureMessage, serverFieldErrors } from './screens/form.ts'
