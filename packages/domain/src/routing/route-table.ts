// The route table of spec section 2 as data, and the pure rules around it: matching a path,
// the route guard (the landing page and the header's products are in landing.ts).
import type { AppName, LayoutName } from '../app-shell.ts'
import { TRADING_ROLES, type Permission, type Role } from './roles.ts'

/** Who may open a route: anyone, signed-in users, or only signed-out users. */
export type RouteAccess = 'public' | 'login' | 'unauthenticated'

/** One row of the route table. */
export interface RouteDefinition {
  /** Path pattern in React Router syntax, e.g. `/security/:id`. */
  path: string
  access: RouteAccess
  /** The user needs any one of these roles (none listed: no role check). */
  roles?: readonly Role[]
  /** The user needs all of these page-level permissions. */
  permissions?: readonly Permission[]
  /** Compliance officers are blocked. */
  complianceRestricted?: boolean
  /** A premium feature: a basic-tier client sees the 402 screen. */
  premium?: boolean
  layout: LayoutName
  /** The app that owns and serves the route. */
  app: AppName
  /** The chat sidebar of the mind layout is hidden (shared public chats). */
  hideChatSidebar?: boolean
  /** The route only redirects here (`/market`, `/trade`). */
  redirectTo?: string
}

/** The subset of the logged-in user record the route rules read. */
export interface RouteUser {
  roles: readonly string[]
  permissions: readonly string[]
  rfqExchanges: readonly string[]
  /** The client's tier; premium routes need PREMIUM. */
  tier: 'BASIC' | 'PREMIUM'
}

const COMPLIANCE: Role = 'complianceofficer'

/** Every route of spec section 2 (see docs/decisions/003-route-gaps.md for the "not shown" rows). */
export const ROUTES: readonly RouteDefinition[] = [
  { path: '/', access: 'public', layout: 'noheader', app: 'marketing' },
  { path: '/about', access: 'public', layout: 'noheader', app: 'marketing' },
  { path: '/auth/login', access: 'unauthenticated', layout: 'independentblue', app: 'marketing' },
  { path: '/auth/logout', access: 'public', layout: 'default', app: 'marketing' },
  { path: '/auth/forgot-password', access: 'public', layout: 'independentblue', app: 'marketing' },
  { path: '/auth/reset-password', access: 'public', layout: 'independentblue', app: 'marketing' },
  { path: '/best-practices', access: 'public', layout: 'default', app: 'marketing' },
  { path: '/chat-policy', access: 'public', layout: 'default', app: 'marketing' },
  { path: '/contact', access: 'public', layout: 'default', app: 'marketing' },
  { path: '/data-security', access: 'public', layout: 'default', app: 'marketing' },
  { path: '/privacy', access: 'public', layout: 'default', app: 'marketing' },
  { path: '/terms', access: 'public', layout: 'default', app: 'marketing' },
  { path: '/product/dart', access: 'public', layout: 'productdart', app: 'marketing' },
  { path: '/product/find', access: 'public', layout: 'productfind', app: 'marketing' },
  { path: '/product/mind', access: 'public', layout: 'productmind', app: 'marketing' },
  { path: '/client/register', access: 'unauthenticated', layout: 'bare', app: 'marketing' },
  {
    path: '/client/transactions',
    access: 'login',
    roles: TRADING_ROLES,
    layout: 'dart',
    app: 'dart',
  },
  {
    path: '/dart',
    access: 'login',
    roles: TRADING_ROLES,
    complianceRestricted: true,
    layout: 'dart',
    app: 'dart',
  },
  { path: '/find', access: 'public', layout: 'dart', app: 'find' },
  { path: '/security/:id', access: 'public', layout: 'dart', app: 'find' },
  {
    path: '/inventory',
    access: 'login',
    premium: true,
    permissions: ['inventory.has_inventory_access'],
    layout: 'dart',
    app: 'dart',
  },
  {
    path: '/manage-users',
    access: 'login',
    roles: ['clientopsadmin'],
    layout: 'settings',
    app: 'dart',
  },
  {
    path: '/exchange-credentials',
    access: 'login',
    roles: ['clientopsadmin'],
    layout: 'settings',
    app: 'dart',
  },
  { path: '/surveillance', access: 'login', roles: [COMPLIANCE], layout: 'dart', app: 'dart' },
  { path: '/profile', access: 'login', layout: 'settings', app: 'dart' },
  {
    path: '/client/profile',
    access: 'login',
    layout: 'settings',
    app: 'dart',
    redirectTo: '/profile',
  },
  { path: '/market', access: 'login', layout: 'dart', app: 'dart', redirectTo: '/dart' },
  { path: '/trade', access: 'login', layout: 'dart', app: 'dart', redirectTo: '/dart' },
  { path: '/mind', access: 'login', roles: ['dataviewer'], layout: 'mind', app: 'mind' },
  { path: '/mind/chat/:id', access: 'login', roles: ['dataviewer'], layout: 'mind', app: 'mind' },
  { path: '/mind/preview', access: 'public', layout: 'dart', app: 'mind' },
  {
    path: '/mind/public/:id',
    access: 'public',
    layout: 'mind',
    app: 'mind',
    hideChatSidebar: true,
  },
]

/** A route that matched a path, with the values of its parameters. */
export interface RouteMatch {
  route: RouteDefinition
  params: Record<string, string>
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const got = pathname.split('/').filter(Boolean)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (const [i, part] of want.entries()) {
    const value = got[i] ?? ''
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value)
      } catch {
        return null
      }
    } else if (part !== value) {
      return null
    }
  }
  return params
}

/** The route a path belongs to (a trailing slash is tolerated), or undefined for a 404. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const path = pathname.split(/[?#]/)[0] ?? ''
  for (const route of ROUTES) {
    const params = matchPattern(route.path, path)
    if (params) return { route, params }
  }
  return undefined
}

/** The sign-in page, carrying the page to come back to. */
export function loginPath(redirect?: string): string {
  return redirect ? `/auth/login?redirect=${encodeURIComponent(redirect)}` : '/auth/login'
}

/** The route guard's verdict for one route and user. */
export type RouteAccessResult =
  | { kind: 'allow' }
  | { kind: 'login'; redirect: string }
  | { kind: 'home' }
  | { kind: 'denied'; status: 401 | 402 }

/** The route guard of spec section 2; `path` is the page asked for, kept for the redirect. */
export function checkRouteAccess(
  route: RouteDefinition,
  user: RouteUser | null,
  path: string = route.path,
): RouteAccessResult {
  if (route.access === 'unauthenticated') return user ? { kind: 'home' } : { kind: 'allow' }
  if (route.access === 'public') return { kind: 'allow' }
  if (!user) return { kind: 'login', redirect: loginPath(path) }
  if (route.roles && !route.roles.some((role) => user.roles.includes(role))) {
    return { kind: 'denied', status: 401 }
  }
  // A basic-tier client is offered the upgrade before being told it lacks a permission.
  if (route.premium && user.tier !== 'PREMIUM') return { kind: 'denied', status: 402 }
  if (route.permissions && !route.permissions.every((p) => user.permissions.includes(p))) {
    return { kind: 'denied', status: 401 }
  }
  if (route.complianceRestricted && user.roles.includes(COMPLIANCE)) {
    return { kind: 'denied', status: 401 }
  }
  return { kind: 'allow' }
}
