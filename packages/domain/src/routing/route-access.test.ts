// The route table read back against spec section 2 (the route table and route guard) and
// section 6 (roles and permissions): every route's access, layout and owning app, and what each
// role may open, row by row. The expected rows are written out here from the spec, not taken
// from ROUTES, so a changed row in the table fails a named cell.
import { describe, expect, it } from 'vitest'
import { ROLE_DISPLAY_NAMES, ROLES, TRADING_ROLES, PERMISSIONS, type Role } from './roles.ts'
import { checkRouteAccess, ROUTES, type RouteDefinition, type RouteUser } from './route-table.ts'
import { LAYOUT_NAMES } from '../app-shell.ts'

type Access = RouteDefinition['access']
/** path, access, layout, app, redirect (spec section 2; apps per the architecture). */
const SPEC_ROUTES: readonly [string, Access, string, string, string?][] = [
  ['/', 'public', 'noheader', 'marketing'],
  ['/about', 'public', 'noheader', 'marketing'],
  ['/auth/login', 'unauthenticated', 'independentblue', 'marketing'],
  ['/auth/logout', 'public', 'default', 'marketing'],
  ['/auth/forgot-password', 'public', 'independentblue', 'marketing'],
  ['/auth/reset-password', 'public', 'independentblue', 'marketing'],
  ['/best-practices', 'public', 'default', 'marketing'],
  ['/chat-policy', 'public', 'default', 'marketing'],
  ['/contact', 'public', 'default', 'marketing'],
  ['/data-security', 'public', 'default', 'marketing'],
  ['/privacy', 'public', 'default', 'marketing'],
  ['/terms', 'public', 'default', 'marketing'],
  ['/product/dart', 'public', 'productdart', 'marketing'],
  ['/product/find', 'public', 'productfind', 'marketing'],
  ['/product/mind', 'public', 'productmind', 'marketing'],
  ['/client/register', 'unauthenticated', 'bare', 'marketing'],
  ['/client/transactions', 'login', 'dart', 'dart'],
  ['/dart', 'login', 'dart', 'dart'],
  ['/find', 'public', 'dart', 'find'],
  ['/security/:id', 'public', 'dart', 'find'],
  ['/inventory', 'login', 'dart', 'dart'],
  ['/manage-users', 'login', 'settings', 'dart'],
  ['/exchange-credentials', 'login', 'settings', 'dart'],
  ['/surveillance', 'login', 'dart', 'dart'],
  ['/profile', 'login', 'settings', 'dart'],
  ['/client/profile', 'login', 'settings', 'dart', '/profile'],
  ['/market', 'login', 'dart', 'dart', '/dart'],
  ['/trade', 'login', 'dart', 'dart', '/dart'],
  ['/mind', 'login', 'mind', 'mind'],
  ['/mind/chat/:id', 'login', 'mind', 'mind'],
  ['/mind/preview', 'public', 'dart', 'mind'],
  ['/mind/public/:id', 'public', 'mind', 'mind'],
]

// What each role (a PREMIUM client's user holding that one role and no page permission) gets on
// each route: A opens it, H is sent home (signed-out-only pages), 401 is refused. Columns in the
// order of ROLES: user, clientdealer, clientviewer, complianceofficer, clientopsadmin,
// backoffice, dataviewer. Routes every signed-in user opens are left out (checked below).
const A = 'A'
const H = 'H'
const R = 401
type Cell = typeof A | typeof H | typeof R
const BY_ROLE: Readonly<Record<string, readonly Cell[]>> = {
  '/auth/login': [H, H, H, H, H, H, H],
  '/client/register': [H, H, H, H, H, H, H],
  // Trading roles (Dealer, Trade Viewer, Back Office) may open /dart and /client/transactions.
  '/client/transactions': [R, A, A, R, R, A, R],
  '/dart': [R, A, A, R, R, A, R],
  // The page-level permission inventory.has_inventory_access is needed, whatever the role.
  '/inventory': [R, R, R, R, R, R, R],
  // Ops Admin alone.
  '/manage-users': [R, R, R, R, A, R, R],
  '/exchange-credentials': [R, R, R, R, A, R, R],
  // Compliance Officer alone.
  '/surveillance': [R, R, R, A, R, R, R],
  // Market Researcher alone: the analyst chat routes, except the public shared chat.
  '/mind': [R, R, R, R, R, R, A],
  '/mind/chat/:id': [R, R, R, R, R, R, A],
}

const signedIn = (
  roles: string[],
  permissions: string[] = [],
  tier: RouteUser['tier'] = 'PREMIUM',
) => ({ roles, permissions, rfqExchanges: ['NSE'], tier }) satisfies RouteUser
const verdict = (route: RouteDefinition, user: RouteUser | null): Cell | 402 | string => {
  const result = checkRouteAccess(route, user)
  if (result.kind === 'allow') return A
  if (result.kind === 'home') return H
  if (result.kind === 'denied') return result.status
  return `login ${result.redirect}`
}
const byPath = (path: string): RouteDefinition => {
  const found = ROUTES.find((route) => route.path === path)
  if (!found) throw new Error(`no route ${path}`)
  return found
}

describe('the route table against spec section 2', () => {
  it('has exactly the spec’s routes, each with its access, layout, app and redirect', () => {
    expect(ROUTES.map((route) => route.path)).toEqual(SPEC_ROUTES.map(([path]) => path))
    for (const [path, access, layout, app, redirectTo] of SPEC_ROUTES) {
      const route = byPath(path)
      expect({ access: route.access, layout: route.layout, app: route.app }, path).toEqual({
        access,
        layout,
        app,
      })
      expect(route.redirectTo, path).toBe(redirectTo)
      expect(route.title.trim(), path).not.toBe('')
      expect(LAYOUT_NAMES, path).toContain(route.layout)
    }
  })

  it('hides the chat sidebar on the shared public chat alone, and lets only the security page title itself', () => {
    expect(ROUTES.filter((r) => r.hideChatSidebar).map((r) => r.path)).toEqual(['/mind/public/:id'])
    expect(ROUTES.filter((r) => r.titleFromPage).map((r) => r.path)).toEqual(['/security/:id'])
    expect(ROUTES.filter((r) => r.premium).map((r) => r.path)).toEqual(['/inventory'])
    expect(ROUTES.filter((r) => r.complianceRestricted).map((r) => r.path)).toEqual(['/dart'])
  })

  it('sends a signed-out visitor of every login route to sign in, carrying the path', () => {
    for (const [path, access] of SPEC_ROUTES) {
      const expected =
        access === 'login' ? `login /auth/login?redirect=${encodeURIComponent(path)}` : A
      expect(verdict(byPath(path), null), path).toBe(expected)
    }
  })

  it('lets each role open what section 6 gives it, and nothing more', () => {
    for (const [path, access] of SPEC_ROUTES) {
      const row = BY_ROLE[path]
      for (const [column, role] of ROLES.entries()) {
        // Unlisted routes: public ones and those needing only a login open for everyone.
        const expected = row ? row[column] : access === 'unauthenticated' ? H : A
        expect(verdict(byPath(path), signedIn([role])), `${role} on ${path}`).toBe(expected)
      }
    }
  })

  it('opens the inventory to a premium user holding its permission, of any role', () => {
    for (const role of ROLES) {
      const holder = signedIn([role], [PERMISSIONS.inventoryAccess])
      expect(verdict(byPath('/inventory'), holder), role).toBe(A)
      expect(verdict(byPath('/inventory'), { ...holder, tier: 'BASIC' }), role).toBe(402)
    }
    // Every permission listed is needed, not any one of them.
    const partial = signedIn(['clientdealer'], [PERMISSIONS.canTrade])
    expect(
      verdict(
        {
          ...byPath('/inventory'),
          permissions: [PERMISSIONS.inventoryAccess, PERMISSIONS.canTrade],
        },
        partial,
      ),
    ).toBe(R)
  })

  it('blocks a compliance officer from /dart even with a trading role, but not from transactions', () => {
    for (const trading of TRADING_ROLES) {
      const both = signedIn(['complianceofficer', trading])
      expect(verdict(byPath('/dart'), both), trading).toBe(R)
      expect(verdict(byPath('/client/transactions'), both), trading).toBe(A)
    }
  })
})

describe('the roles of spec section 6', () => {
  it('lists the role values in the spec’s order with their display names', () => {
    const expected: [Role, string][] = [
      ['user', 'Basic role'],
      ['clientdealer', 'Dealer'],
      ['clientviewer', 'Trade Viewer'],
      ['complianceofficer', 'Compliance Officer'],
      ['clientopsadmin', 'Ops Admin'],
      ['backoffice', 'Back Office'],
      ['dataviewer', 'Market Researcher'],
    ]
    expect(ROLES.map((role) => [role, ROLE_DISPLAY_NAMES[role]])).toEqual(expected)
    expect(Object.keys(ROLE_DISPLAY_NAMES)).toHaveLength(ROLES.length)
  })

  it('names the trading roles Dealer, Trade Viewer and Back Office', () => {
    expect(TRADING_ROLES.map((role) => ROLE_DISPLAY_NAMES[role])).toEqual([
      'Dealer',
      'Trade Viewer',
      'Back Office',
    ])
  })

  it('spells the permissions as the spec does', () => {
    expect(PERMISSIONS).toEqual({
      inventoryAccess: 'inventory.has_inventory_access',
      securityDataAccess: 'finstruments.has_security_data_access',
      viewClient: 'client.view_client',
      canTrade: 'client.can_trade',
      priceOverride: 'eoi.price_override',
    })
  })
})
