// Who may see the security page's gated sections (spec section 6's security-data permission).
import { loginPath, PERMISSIONS } from '@bonds/domain'

/**
 * What the session allows on the security page: `checking` while the session loads, `signed-out`
 * for a visitor, `denied` for a signed-in user without the permission, `granted` otherwise.
 */
export type SecurityDataAccess = 'checking' | 'signed-out' | 'denied' | 'granted'

/** The part of the session (`useSession()` of `@bonds/auth`) the access rule reads. */
export interface SecuritySessionState {
  status: 'loading' | 'authenticated' | 'unauthenticated'
  user: { permissions: readonly string[] } | null
}

/** The access a session has to security data (`finstruments.has_security_data_access`). */
export function securityDataAccess(session: SecuritySessionState): SecurityDataAccess {
  if (session.status === 'loading') return 'checking'
  if (session.status === 'unauthenticated' || !session.user) return 'signed-out'
  return session.user.permissions.includes(PERMISSIONS.securityDataAccess) ? 'granted' : 'denied'
}

/** The sign-in page with a `redirect` back to `path` (the page and its query). */
export function signInHref(path: string): string {
  return loginPath(path)
}
