// Where a signed-in user starts, and which products the header offers them: both read the route
// guard (`checkRouteAccess`), so neither can send a user to a page the guard refuses.
// See docs/decisions/085-landing-per-role.md.
import { checkRouteAccess, matchRoute, type RouteUser } from './route-table.ts'

/** The three products of spec section 1, in the header's order. */
export const PRODUCTS = [
  { name: 'find', href: '/find' },
  { name: 'dart', href: '/dart' },
  { name: 'mind', href: '/mind' },
] as const

/** One product the header may offer, and the page it opens for this user. */
export interface Product {
  name: (typeof PRODUCTS)[number]['name']
  href: string
}

/**
 * Where a product opens for a user who may not open its main page: dart's compliance view is
 * /surveillance (compliance officers are kept out of /dart itself).
 */
const PRODUCT_ALTERNATES: Partial<Record<Product['name'], readonly string[]>> = {
  dart: ['/surveillance'],
}

/** Whether the route guard would open this path for this user (unknown paths: no). */
export function canOpen(path: string, user: RouteUser | null): boolean {
  const match = matchRoute(path)
  return match ? checkRouteAccess(match.route, user, path).kind === 'allow' : false
}

/**
 * The landing pages in order of preference: the spec's rule first (compliance → surveillance,
 * RFQ exchanges and a trading role → dart, otherwise mind), then the Ops Admin's user management,
 * then find, which anyone may open. A page is taken only when the guard opens it for the user.
 */
const LANDING: readonly { path: string; when?: (user: RouteUser) => boolean }[] = [
  { path: '/surveillance' },
  { path: '/dart', when: (user) => user.rfqExchanges.length > 0 },
  { path: '/mind' },
  { path: '/manage-users' },
  { path: '/find' },
]

/** Where a user lands after sign-in (spec section 2, "Landing after login", and decision 085). */
export function landingPath(user: RouteUser | null): string {
  if (!user) return '/'
  const first = LANDING.find(({ path, when }) => (!when || when(user)) && canOpen(path, user))
  return first?.path ?? '/find'
}

/**
 * The products the header offers: all of them to a visitor (dart and mind ask to sign in),
 * and to a signed-in user only those the guard opens for them.
 */
export function productsFor(user: RouteUser | null): readonly Product[] {
  if (!user) return PRODUCTS
  return PRODUCTS.flatMap((product) => {
    const pages = [product.href, ...(PRODUCT_ALTERNATES[product.name] ?? [])]
    const href = pages.find((page) => canOpen(page, user))
    return href ? [{ name: product.name, href }] : []
  })
}

/**
 * Whether a sign-in's `redirect` query may be followed: a same-origin path the guard does not
 * refuse with a 401 (a page the user may not open falls back to the landing page; a premium page
 * still shows its upgrade offer, and an unknown path its 404).
 */
export function isFollowableRedirect(redirect: string, user: RouteUser): boolean {
  if (!redirect.startsWith('/') || redirect.startsWith('//')) return false
  const match = matchRoute(redirect)
  if (!match) return true
  const verdict = checkRouteAccess(match.route, user, redirect)
  return !(verdict.kind === 'denied' && verdict.status === 401)
}
