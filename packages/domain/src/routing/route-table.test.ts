import { describe, expect, it } from 'vitest'
import {
  checkRouteAccess,
  documentTitle,
  loginPath,
  matchRoute,
  ROUTES,
  securityTitle,
  type RouteUser,
} from './route-table.ts'

const user = (
  roles: string[],
  rfqExchanges: string[] = [],
  permissions: string[] = [],
  tier: RouteUser['tier'] = 'PREMIUM',
): RouteUser => ({
  roles,
  permissions,
  rfqExchanges,
  tier,
})
const route = (path: string) => {
  const found = ROUTES.find((r) => r.path === path)
  if (!found) throw new Error(`no route ${path}`)
  return found
}

describe('matchRoute', () => {
  it('matches static and parameterised paths, with or without a trailing slash', () => {
    expect(matchRoute('/find')?.route.app).toBe('find')
    expect(matchRoute('/find/')?.route.path).toBe('/find')
    expect(matchRoute('/security/IN0020220151')).toMatchObject({
      route: { path: '/security/:id', app: 'find', layout: 'dart' },
      params: { id: 'IN0020220151' },
    })
    expect(matchRoute('/mind/public/abc')?.route.hideChatSidebar).toBe(true)
    expect(matchRoute('/?x=1')?.route.path).toBe('/')
  })

  it('matches nothing for unknown paths and malformed escapes', () => {
    expect(matchRoute('/nope')).toBeUndefined()
    expect(matchRoute('/security')).toBeUndefined()
    expect(matchRoute('/security/a/b')).toBeUndefined()
    expect(matchRoute('/security/%E0%A4%A')).toBeUndefined()
  })

  it('gives each route one owning app and no duplicate paths', () => {
    const paths = ROUTES.map((r) => r.path)
    expect(new Set(paths).size).toBe(paths.length)
  })
})

describe('checkRouteAccess', () => {
  it('sends a logged-out visitor of a login page to sign-in with the path', () => {
    expect(checkRouteAccess(route('/dart'), null, '/dart')).toEqual({
      kind: 'login',
      redirect: '/auth/login?redirect=%2Fdart',
    })
    expect(loginPath()).toBe('/auth/login')
  })
  it('sends a signed-in user away from unauthenticated-only pages', () => {
    expect(checkRouteAccess(route('/auth/login'), user(['user']))).toEqual({ kind: 'home' })
    expect(checkRouteAccess(route('/auth/login'), null)).toEqual({ kind: 'allow' })
  })
  it('lets anyone open public pages', () =>
    expect(checkRouteAccess(route('/find'), null)).toEqual({ kind: 'allow' }))
  it('needs any one of the roles', () => {
    expect(checkRouteAccess(route('/dart'), user(['clientviewer']))).toEqual({ kind: 'allow' })
    expect(checkRouteAccess(route('/dart'), user(['dataviewer']))).toEqual({
      kind: 'denied',
      status: 401,
    })
  })
  it('needs all the permissions', () => {
    expect(checkRouteAccess(route('/inventory'), user(['clientdealer']))).toEqual({
      kind: 'denied',
      status: 401,
    })
    expect(
      checkRouteAccess(
        route('/inventory'),
        user(['clientdealer'], [], ['inventory.has_inventory_access']),
      ),
    ).toEqual({ kind: 'allow' })
  })
  it('offers a basic-tier client the upgrade on premium pages before any permission check', () => {
    const basic = user(['clientdealer'], ['NSE'], ['inventory.has_inventory_access'], 'BASIC')
    expect(checkRouteAccess(route('/inventory'), basic)).toEqual({ kind: 'denied', status: 402 })
    expect(checkRouteAccess(route('/inventory'), user(['dataviewer'], [], [], 'BASIC'))).toEqual({
      kind: 'denied',
      status: 402,
    })
    expect(checkRouteAccess(route('/dart'), user(['clientdealer'], ['NSE'], [], 'BASIC'))).toEqual({
      kind: 'allow',
    })
  })
  it('blocks compliance from compliance-restricted pages', () =>
    expect(checkRouteAccess(route('/dart'), user(['complianceofficer', 'clientdealer']))).toEqual({
      kind: 'denied',
      status: 401,
    }))
  it('keeps surveillance to compliance and user management to ops admin', () => {
    expect(checkRouteAccess(route('/surveillance'), user(['clientdealer']))).toEqual({
      kind: 'denied',
      status: 401,
    })
    expect(checkRouteAccess(route('/surveillance'), user(['complianceofficer']))).toEqual({
      kind: 'allow',
    })
    expect(checkRouteAccess(route('/manage-users'), user(['clientopsadmin']))).toEqual({
      kind: 'allow',
    })
    expect(checkRouteAccess(route('/profile'), user(['user']))).toEqual({ kind: 'allow' })
  })
})

describe('documentTitle', () => {
  it('gives every page route its own title, ending in the product name', () => {
    const pages = ROUTES.filter((r) => !r.redirectTo)
    const titles = pages.map((r) => documentTitle(r.title))
    expect(new Set(titles).size).toBe(titles.length)
    for (const title of titles) expect(title).toMatch(/Bonds Workspace/)
    expect(documentTitle(route('/manage-users').title)).toBe('Manage users · Bonds Workspace')
  })

  it('uses a title that already names the product as it is', () => {
    expect(documentTitle(route('/').title)).toBe(route('/').title)
  })

  it('names a bond by its name and ISIN, and by its ISIN until the name is known', () => {
    expect(securityTitle('ine040a08468', 'HDFC Bank 7.95% 2032')).toBe(
      'HDFC Bank 7.95% 2032 (INE040A08468)',
    )
    expect(securityTitle('IN0020220151')).toBe('IN0020220151')
  })
})
