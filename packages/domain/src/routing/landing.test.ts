import { describe, expect, it } from 'vitest'
import { canOpen, isFollowableRedirect, landingPath, productsFor, PRODUCTS } from './landing.ts'
import { checkRouteAccess, matchRoute, type RouteUser } from './route-table.ts'

const user = (
  roles: string[],
  rfqExchanges: string[] = [],
  tier: RouteUser['tier'] = 'PREMIUM',
  permissions: string[] = [],
): RouteUser => ({ roles, permissions, rfqExchanges, tier })

/** The nine demo accounts of apps/api/src/demo/accounts.ts, as the session reports them. */
const DEMO: Record<string, { user: RouteUser; lands: string; products: string[] }> = {
  'opsadmin@demo.test': {
    user: user(['clientopsadmin'], ['NSE', 'BSE']),
    lands: '/manage-users',
    products: ['find'],
  },
  'dealer@demo.test': {
    user: user(['clientdealer'], ['NSE', 'BSE']),
    lands: '/dart',
    products: ['find', 'dart'],
  },
  'viewer@demo.test': {
    user: user(['clientviewer'], ['NSE', 'BSE']),
    lands: '/dart',
    products: ['find', 'dart'],
  },
  'backoffice@demo.test': {
    user: user(['backoffice'], ['NSE', 'BSE']),
    lands: '/dart',
    products: ['find', 'dart'],
  },
  'compliance@demo.test': {
    user: user(['complianceofficer'], ['NSE', 'BSE']),
    lands: '/surveillance',
    products: ['find', 'dart'],
  },
  'researcher@demo.test': {
    user: user(['dataviewer'], ['NSE', 'BSE']),
    lands: '/mind',
    products: ['find', 'mind'],
  },
  'user@demo.test': { user: user(['user'], ['NSE', 'BSE']), lands: '/find', products: ['find'] },
  'broker@demo.test': {
    user: user(['clientdealer'], ['NSE', 'BSE'], 'BASIC'),
    lands: '/dart',
    products: ['find', 'dart'],
  },
  'investor@demo.test': {
    user: user(['user', 'dataviewer'], [], 'BASIC'),
    lands: '/mind',
    products: ['find', 'mind'],
  },
}

describe.each(Object.entries(DEMO))('%s', (_email, { user: who, lands, products }) => {
  it(`lands on ${lands}, a page the route guard opens`, () => {
    expect(landingPath(who)).toBe(lands)
    expect(checkRouteAccess(matchRoute(lands)!.route, who, lands)).toEqual({ kind: 'allow' })
  })
  it(`is offered ${products.join(', ')}, each of which the guard opens`, () => {
    const offered = productsFor(who)
    expect(offered.map((p) => p.name)).toEqual(products)
    for (const { href } of offered) {
      expect(checkRouteAccess(matchRoute(href)!.route, who, href).kind).toBe('allow')
    }
  })
  it('is offered every product whose page (or dart’s surveillance) the guard opens', () => {
    const open = PRODUCTS.filter(
      (p) => canOpen(p.href, who) || (p.name === 'dart' && canOpen('/surveillance', who)),
    ).map((p) => p.name)
    expect(productsFor(who).map((p) => p.name)).toEqual(open)
  })
})

describe('landingPath', () => {
  it('sends a logged-out user home', () => expect(landingPath(null)).toBe('/'))
  it('keeps the spec rule: compliance before dart, even with a trading role', () =>
    expect(landingPath(user(['complianceofficer', 'clientdealer'], ['NSE']))).toBe('/surveillance'))
  it('sends a trading role without RFQ exchanges to find, not to a mind it cannot open', () =>
    expect(landingPath(user(['clientdealer'], []))).toBe('/find'))
  it('sends a trading Ops Admin with RFQ exchanges to dart (the spec rule comes first)', () =>
    expect(landingPath(user(['clientopsadmin', 'clientdealer'], ['NSE']))).toBe('/dart'))
  it('sends a user with no known role to find', () => expect(landingPath(user([]))).toBe('/find'))
})

describe('productsFor', () => {
  it('offers a visitor every product (dart and mind ask to sign in)', () =>
    expect(productsFor(null)).toEqual(PRODUCTS))
  it('offers compliance dart as its surveillance view, never /dart, though it holds a trading role', () =>
    expect(productsFor(user(['complianceofficer', 'clientdealer']))).toEqual([
      { name: 'find', href: '/find' },
      { name: 'dart', href: '/surveillance' },
    ]))
})

describe('canOpen', () => {
  it('is the guard verdict', () => {
    expect(canOpen('/find', null)).toBe(true)
    expect(canOpen('/dart', null)).toBe(false)
    expect(canOpen('/manage-users', user(['clientopsadmin']))).toBe(true)
    expect(canOpen('/manage-users', user(['clientdealer']))).toBe(false)
  })
  it('opens no unknown path', () => expect(canOpen('/nope', user(['user']))).toBe(false))
})

describe('isFollowableRedirect', () => {
  const basic = user(['user'], [], 'BASIC')
  it('follows a same-origin page the user may open', () =>
    expect(isFollowableRedirect('/security/IN0020220151?tab=x', basic)).toBe(true))
  it('refuses other origins', () => {
    expect(isFollowableRedirect('//evil.example', basic)).toBe(false)
    expect(isFollowableRedirect('https://evil.example', basic)).toBe(false)
  })
  it('refuses a page the guard would deny with a 401', () =>
    expect(isFollowableRedirect('/mind', basic)).toBe(false))
  it('follows a premium page to its upgrade offer, and an unknown path to its 404', () => {
    expect(isFollowableRedirect('/inventory', user(['clientdealer'], [], 'BASIC'))).toBe(true)
    expect(isFollowableRedirect('/nope', basic)).toBe(true)
  })
})
