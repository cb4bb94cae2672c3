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
  /**
   * What the browser tab says (before " · Bonds Workspace"); a page about one record (the security
   * page) names the record instead, see `documentTitle`.
   */
  title: string
  /** The page sets the tab's title itself, naming the record it shows. */
  titleFromPage?: boolean
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
  {
    path: '/',
    title: 'Bonds Workspace: search and price India’s bonds, and talk to your desk',
    access: 'public',
    layout: 'noheader',
    app: 'marketing',
  },
  { path: '/about', title: 'About', access: 'public', layout: 'noheader', app: 'marketing' },
  {
    path: '/auth/login',
    title: 'Sign in',
    access: 'unauthenticated',
    layout: 'independentblue',
    app: 'marketing',
  },
  {
    path: '/auth/logout',
    title: 'Signing out',
    access: 'public',
    layout: 'default',
    app: 'marketing',
  },
  {
    path: '/auth/forgot-password',
    title: 'Forgot password',
    access: 'public',
    layout: 'independentblue',
    app: 'marketing',
  },
  {
    path: '/auth/reset-password',
    title: 'Reset password',
    access: 'public',
    layout: 'independentblue',
    app: 'marketing',
  },
  {
    path: '/best-practices',
    title: 'Best practices',
    access: 'public',
    layout: 'default',
    app: 'marketing',
  },
  {
    path: '/chat-policy',
    title: 'Chat policy',
    access: 'public',
    layout: 'default',
    app: 'marketing',
  },
  { path: '/contact', title: 'Contact', access: 'public', layout: 'default', app: 'marketing' },
  {
    path: '/data-security',
    title: 'Data security',
    access: 'public',
    layout: 'default',
    app: 'marketing',
  },
  {
    path: '/privacy',
    title: 'Privacy policy',
    access: 'public',
    layout: 'default',
    app: 'marketing',
  },
  { path: '/terms', title: 'Terms of use', access: 'public', layout: 'default', app: 'marketing' },
  {
    path: '/product/dart',
    title: 'dart: the trading workspace',
    access: 'public',
    layout: 'productdart',
    app: 'marketing',
  },
  {
    path: '/product/find',
    title: "find: search and price India's bonds",
    access: 'public',
    layout: 'productfind',
    app: 'marketing',
  },
  {
    path: '/product/mind',
    title: 'mind: an analyst for market researchers',
    access: 'public',
    layout: 'productmind',
    app: 'marketing',
  },
  {
    path: '/client/register',
    title: 'Register',
    access: 'unauthenticated',
    layout: 'bare',
    app: 'marketing',
  },
  {
    path: '/client/transactions',
    title: 'Transactions',
    access: 'login',
    roles: TRADING_ROLES,
    layout: 'dart',
    app: 'dart',
  },
  {
    path: '/dart',
    title: 'dart workspace',
    access: 'login',
    roles: TRADING_ROLES,
    complianceRestricted: true,
    layout: 'dart',
    app: 'dart',
  },
  { path: '/find', title: 'Find a bond', access: 'public', layout: 'dart', app: 'find' },
  {
    path: '/security/:id',
    title: 'Bond',
    titleFromPage: true,
    access: 'public',
    layout: 'dart',
    app: 'find',
  },
  {
    path: '/inventory',
    title: 'Inventory',
    access: 'login',
    premium: true,
    permissions: ['inventory.has_inventory_access'],
    layout: 'dart',
    app: 'dart',
  },
  {
    path: '/manage-users',
    title: 'Manage users',
    access: 'login',
    roles: ['clientopsadmin'],
    layout: 'settings',
    app: 'dart',
  },
  {
    path: '/exchange-credentials',
    title: 'Exchange credentials',
    access: 'login',
    roles: ['clientopsadmin'],
    layout: 'settings',
    app: 'dart',
  },
  {
    path: '/surveillance',
    title: 'Surveillance',
    access: 'login',
    roles: [COMPLIANCE],
    layout: 'dart',
    app: 'dart',
  },
  { path: '/profile', title: 'Profile', access: 'login', layout: 'settings', app: 'dart' },
  {
    path: '/client/profile',
    title: 'Profile',
    access: 'login',
    layout: 'settings',
    app: 'dart',
    redirectTo: '/profile',
  },
  {
    path: '/market',
    title: 'dart workspace',
    access: 'login',
    layout: 'dart',
    app: 'dart',
    redirectTo: '/dart',
  },
  {
    path: '/trade',
    title: 'dart workspace',
    access: 'login',
    layout: 'dart',
    app: 'dart',
    redirectTo: '/dart',
  },
  {
    path: '/mind',
    title: 'mind',
    access: 'login',
    roles: ['dataviewer'],
    layout: 'mind',
    app: 'mind',
  },
  {
    path: '/mind/chat/:id',
    title: 'mind chat',
    access: 'login',
    roles: ['dataviewer'],
    layout: 'mind',
    app: 'mind',
  },
  { path: '/mind/preview', title: 'mind preview', access: 'public', layout: 'dart', app: 'mind' },
  {
    path: '/mind/public/:id',
    title: 'Shared mind chat',
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
    // Stryker disable next-line StringLiteral: got has as many parts as want (checked above)
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
  // Stryker disable next-line StringLiteral: split always gives a first part
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

/** The product's name: the end of every browser tab's title. */
export const PRODUCT_NAME = 'Bonds Workspace'

/**
 * The browser tab's title: "Manage users · Bonds Workspace". A page about one record names it
 * instead of the route ("HDFC Bank 7.95% 2032 (INE040A08468) · Bonds Workspace"); a title that
 * already names the product (the home page's) is used as it is.
 */
export function documentTitle(page: string): string {
  return page.startsWith(PRODUCT_NAME) ? page : `${page} · ${PRODUCT_NAME}`
}

/** What the security page's tab says of its bond: its name and ISIN (the ISIN alone until named). */
export function securityTitle(isin: string, name?: string): string {
  const code = isin.toUpperCase()
  return name ? `${name} (${code})` : code
}
