// Interim socket tokens until the accounts issue lands its access tokens: HMAC-SHA256 over the
// claims, with an expiry. The accounts issue replaces verifyTestToken with its own verifier.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** Who a token speaks for. */
export interface SocketIdentity {
  userId: string
  clientId: string | null
  roles: string[]
  /** Permissions when the socket was opened (access tokens; test tokens those they were signed with). */
  permissions?: string[]
  /** The sign-in session of the access token (test tokens have none). */
  sessionId?: string
}

/** Sign claims for `seconds` (default 15 minutes). */
export function signTestToken(claims: SocketIdentity, secret: string, seconds = 900): string {
  const body = Buffer.from(
    JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + seconds }),
  ).toString('base64url')
  const signature = createHmac('sha256', secret).update(body).digest('base64url')
  return `${body}.${signature}`
}

/** The identity in a valid, unexpired token, else null. */
export function verifyTestToken(token: string, secret: string): SocketIdentity | null {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined) return null
  const expected = createHmac('sha256', secret).update(body).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const claims = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as Partial<SocketIdentity> & {
      exp?: number
    }
    if (typeof claims.userId !== 'string' || typeof claims.exp !== 'number') return null
    if (claims.exp < Date.now() / 1000) return null
    return {
      userId: claims.userId,
      clientId: typeof claims.clientId === 'string' ? claims.clientId : null,
      roles: Array.isArray(claims.roles)
        ? claims.roles.filter((r): r is string => typeof r === 'string')
        : [],
      // The market's audience is a permission: the quotes bench signs traders in with it.
      ...(Array.isArray(claims.permissions)
        ? { permissions: claims.permissions.filter((p): p is string => typeof p === 'string') }
        : {}),
    }
  } catch {
    return null
  }
}
