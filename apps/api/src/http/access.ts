// Who may call a route, declared beside the route (`config: { access }`) and checked here on every
// request, whatever the UI hides. A route under /api without a declaration fails at start-up.
import type { Permission, Role } from '@bonds/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isLoopback } from '../config.ts'
import { HttpError } from './errors.ts'

/** The signed-in caller, loaded fresh on each request (role changes apply at once). */
export interface AuthUser {
  id: string
  clientId: string
  email: string
  roles: readonly string[]
  permissions: readonly string[]
  tier: 'BASIC' | 'PREMIUM'
  sessionId: string
  /** The product's own staff (`users.is_staff`), whatever their firm and roles. */
  isStaff?: boolean
}

/** A rule for signed-in callers: roles any-of, permissions all-of, compliance blocked, premium. */
export interface AccessRule {
  roles?: readonly Role[]
  permissions?: readonly Permission[]
  /** Compliance officers are refused (spec section 2). */
  complianceRestricted?: boolean
  /** Needs a PREMIUM client (402 otherwise, checked before the permissions, as the route guard does). */
  premium?: boolean
  /** The support ticket type a 402's "Request Upgrade" files (spec section 2: inventory has its own). */
  upgradeRequestType?: string
  /** The product's staff only (`is_staff`); roles do not matter. */
  staff?: boolean
  /** The product's staff pass the role rule too (they act for any firm). */
  staffToo?: boolean
}

/**
 * `public`: anyone (a caller's token is still read, for per-user answers). `user`: any signed-in
 * user. A rule: signed in and passing it. `demo`: a demo-mode reader (the outbox) that answers
 * callers on this machine only; the server registers such routes in demo mode alone.
 */
export type Access = 'public' | 'user' | 'demo' | AccessRule

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    user: AuthUser | null
  }
}

/** Reads an access token into the caller, or null for a missing, expired or revoked one. */
export type Authenticate = (token: string) => Promise<AuthUser | null>

const COMPLIANCE: Role = 'complianceofficer'
const UNDECLARED_OK = ['/api/docs']

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? null
}

/** The verdict of a rule for a caller (null: allowed); `loopback`: the caller is on this machine. */
export function accessError(access: Access, user: AuthUser | null, loopback: boolean) {
  if (access === 'public') return null
  if (access === 'demo') {
    return loopback
      ? null
      : new HttpError(403, 'The outbox answers requests from this machine only.')
  }
  if (!user) return new HttpError(401, 'Authentication credentials were not provided.')
  if (access === 'user') return null
  if (access.staff && !user.isStaff) {
    return new HttpError(403, 'Only the product’s staff may do this.')
  }
  const staffPass = access.staffToo === true && user.isStaff === true
  if (access.roles && !staffPass && !access.roles.some((role) => user.roles.includes(role))) {
    return new HttpError(403, 'You do not have permission to perform this action.')
  }
  // A basic-tier client is offered the upgrade before being told it lacks a permission.
  if (access.premium && user.tier !== 'PREMIUM') {
    const extra = access.upgradeRequestType
      ? { request_type: access.upgradeRequestType }
      : undefined
    return new HttpError(402, 'Upgrade to premium plan to start', undefined, undefined, extra)
  }
  if (access.permissions && !access.permissions.every((p) => user.permissions.includes(p))) {
    return new HttpError(403, 'You do not have permission to perform this action.')
  }
  if (access.complianceRestricted && user.roles.includes(COMPLIANCE)) {
    return new HttpError(403, 'Compliance users cannot perform this action.')
  }
  return null
}

/** The caller of a request, or a 401 (for handlers of routes that may also be called anonymously). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, 'Authentication credentials were not provided.')
  return request.user
}

/**
 * Register the access check: every /api and /ext route must declare `config.access`; each request
 * reads its bearer token and is refused (401, 402, 403) before its body is even validated.
 */
export function registerAccess(
  app: FastifyInstance,
  { authenticate }: { authenticate: Authenticate },
): void {
  app.decorateRequest('user', null)
  app.addHook('onRoute', (route) => {
    const guarded = route.url.startsWith('/api') || route.url.startsWith('/ext')
    if (!guarded || UNDECLARED_OK.some((prefix) => route.url.startsWith(prefix))) return
    const config = route.config as { access?: Access } | undefined
    if (!config?.access) {
      throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`)
    }
  })
  app.addHook('onRequest', async (request) => {
    const token = bearer(request)
    request.user = token ? await authenticate(token) : null
    const access = request.routeOptions.config.access
    if (!access) return
    if (token && !request.user && access !== 'public') {
      throw new HttpError(401, 'Given token not valid for any token type')
    }
    // The socket's own address: a forwarded header or a proxy's idea of the client never counts.
    const loopback = isLoopback(request.socket.remoteAddress)
    const error = accessError(access, request.user, loopback)
    if (error) throw error
  })
}
