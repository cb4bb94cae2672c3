// The accessibility gate's walk (issue 24): which states of the product it checks, for whom, and
// how it gets there quickly. The routes come from the route table (@bonds/domain's ROUTES, spec
// section 2) and the route guard's verdict for each account, so a new route is checked without
// anyone adding it here; a route with a parameter needs a sample path (the gate says so).
import {
  checkRouteAccess,
  documentTitle,
  productsFor,
  ROUTES,
  type RouteDefinition,
  type RouteUser,
} from '@bonds/domain'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { gateFindings } from './axe.ts'
import { DEMO_PASSWORD } from './sign-in.ts'

/** The nine demo accounts (README, "Demo accounts"): every role and both demo firms' tiers. */
export const DEMO_ACCOUNTS = [
  'dealer@demo.test',
  'viewer@demo.test',
  'backoffice@demo.test',
  'compliance@demo.test',
  'opsadmin@demo.test',
  'researcher@demo.test',
  'user@demo.test',
  'broker@demo.test',
  'investor@demo.test',
] as const

/** Who walks the product: a demo account, or a visitor who is signed out. */
export type Walker = (typeof DEMO_ACCOUNTS)[number] | 'signed out'

/** The path to open for a route, where its pattern is not one: made when the gate runs. */
type SamplePath = string | ((request: APIRequestContext) => Promise<string>)

/**
 * Paths to open for the routes with a parameter (a new one fails the gate until added here), and
 * for routes whose page needs a record: registration needs an invitation (without one it is the
 * 410 screen, which the error-screen test checks).
 */
const SAMPLE_PATHS: Readonly<Record<string, SamplePath>> = {
  '/security/:id': '/security/IN0020210244',
  '/mind/chat/:id': async (request) => (await mindChat(request)).chatPath,
  '/mind/public/:id': async (request) => (await mindChat(request)).publicPath,
  '/client/register': invitationPath,
}

/**
 * Questions whose answers show what a mind chat can hold: a count with its table, a curve (the
 * chart and its table), a priced bond with its link, and a refusal.
 */
const MIND_QUESTIONS = [
  'how many active Maharashtra SDLs mature after 2030?',
  'yield curve of PSU bonds',
  'ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026?',
  'where will the 10-year yield be next March?',
]

/** A real mind chat of the demo researcher, and its public link (made once per worker). */
let mindChatMade: Promise<{ chatPath: string; publicPath: string }> | undefined
function mindChat(request: APIRequestContext): Promise<{ chatPath: string; publicPath: string }> {
  mindChatMade ??= (async () => {
    const { access } = await sessionOf(request, 'researcher@demo.test')
    const headers = { Authorization: `Bearer ${access}` }
    let chatId: string | undefined
    for (const question of MIND_QUESTIONS) {
      const asked = await request.post('/api/mind/ask/', {
        headers,
        data: { question, ...(chatId ? { chat_id: chatId } : {}) },
      })
      if (!asked.ok()) throw new Error(`mind question "${question}": ${asked.status()}`)
      chatId = ((await asked.json()) as { chat_id: string }).chat_id
    }
    const shared = await request.post(`/api/mind/chats/${chatId}/share/`, { headers, data: {} })
    if (!shared.ok()) throw new Error(`sharing the mind chat: ${shared.status()}`)
    const { path } = (await shared.json()) as { path: string }
    return { chatPath: `/mind/chat/${chatId}`, publicPath: path }
  })()
  return mindChatMade
}

/** A fresh invitation from the demo Ops Admin: the registration link the outbox holds for it. */
async function invitationPath(request: APIRequestContext): Promise<string> {
  const { access } = await sessionOf(request, 'opsadmin@demo.test')
  const email = `a11y.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@demo.test`
  const invited = await request.post('/api/client/user/invite/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { email, first_name: 'Asha', roles: ['clientdealer'] },
  })
  if (!invited.ok()) throw new Error(`invitation of ${email}: ${invited.status()}`)
  const outbox = await request.get(`/api/dev/outbox/?recipient=${encodeURIComponent(email)}`)
  const messages = (await outbox.json()) as { body: string; kind: string }[]
  const link = /https?:\/\/\S+/.exec(messages.find((m) => m.kind === 'invitation')?.body ?? '')
  if (!link) throw new Error(`no invitation link for ${email}`)
  const url = new URL(link[0])
  return url.pathname + url.search
}

/** The path the gate opens for a route. */
export async function pathOf(route: RouteDefinition, request: APIRequestContext): Promise<string> {
  const sample = SAMPLE_PATHS[route.path]
  if (typeof sample === 'string') return sample
  if (sample) return sample(request)
  if (route.path.includes(':')) {
    throw new Error(`the accessibility gate has no sample path for ${route.path}: add one`)
  }
  return route.path
}

/** One route the gate opens for a walker, and the path it opens for it. */
export interface GateStop {
  route: RouteDefinition
  path: string
}

/** What a signed-in account changes on a marketing page: the header's products. */
function headerOf(user: RouteUser): string {
  return productsFor(user)
    .map((product) => product.href)
    .join(' ')
}

/**
 * The routes a walker may open, as the route guard decides: for a signed-in account every route it
 * allows; signed out, the public routes and the signed-out ones (sign-in, registration). Left out:
 * routes that only redirect (their target is a route of its own), and /auth/logout, which signs
 * out and moves on to the home page at once (no state of its own to check).
 *
 * The marketing app's public pages read nothing of the session but the header's products: a
 * signed-in account walks them only when no account before it (`before`, in DEMO_ACCOUNTS' order)
 * has the same header. Every other route is walked by every account that may open it.
 */
export async function stopsFor(
  user: RouteUser | null,
  request: APIRequestContext,
  before: readonly RouteUser[] = [],
): Promise<GateStop[]> {
  const headerSeen = user !== null && before.some((other) => headerOf(other) === headerOf(user))
  const routes = ROUTES.filter((route) => {
    if (route.redirectTo || route.path === '/auth/logout') return false
    if (headerSeen && route.app === 'marketing' && route.access === 'public') return false
    return checkRouteAccess(route, user).kind === 'allow'
  })
  const stops: GateStop[] = []
  for (const route of routes) stops.push({ route, path: await pathOf(route, request) })
  return stops
}

/** The error screens' titles (spec section 2, "Error screen by status"). */
export const ERROR_TITLES = {
  401: 'Access Denied',
  402: 'Premium',
  404: 'Not Found',
  410: 'Invitation URL invalid',
} as const

/**
 * A route and a demo account for which the guard answers `status`, found in the route table (the
 * first route, in its order, any account is refused with it).
 */
export async function deniedStop(
  status: 401 | 402,
  users: ReadonlyMap<Walker, RouteUser>,
  request: APIRequestContext,
): Promise<{ walker: Walker; stop: GateStop }> {
  for (const route of ROUTES) {
    if (route.redirectTo) continue
    for (const [walker, user] of users) {
      const verdict = checkRouteAccess(route, user)
      if (verdict.kind === 'denied' && verdict.status === status) {
        return { walker, stop: { route, path: await pathOf(route, request) } }
      }
    }
  }
  throw new Error(`no demo account is refused a route with ${status}`)
}

/** A demo account's tokens and its route-guard user, from the API. */
export async function sessionOf(
  request: APIRequestContext,
  email: string,
): Promise<{ access: string; refresh: string; user: RouteUser }> {
  const token = await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } })
  if (!token.ok()) throw new Error(`sign-in of ${email}: ${token.status()}`)
  const { access, refresh } = (await token.json()) as { access: string; refresh: string }
  const session = await request.get('/api/session/', {
    headers: { Authorization: `Bearer ${access}` },
  })
  if (!session.ok()) throw new Error(`session of ${email}: ${session.status()}`)
  const record = (await session.json()) as {
    user_info: { roles: string[] }
    permissions: string[]
    rfq_exchanges: string[]
    client_tier: 'BASIC' | 'PREMIUM'
  }
  const user: RouteUser = {
    roles: record.user_info.roles,
    permissions: record.permissions,
    rfqExchanges: record.rfq_exchanges,
    tier: record.client_tier,
  }
  return { access, refresh, user }
}

/** Sign a page in as a demo account (tokens where the apps keep them); its route-guard user. */
export async function signInFor(page: Page, email: string): Promise<RouteUser> {
  const { access, refresh, user } = await sessionOf(page.request, email)
  await page.addInitScript(
    ([a, r]) => {
      localStorage.setItem('bonds-access-token', a as string)
      localStorage.setItem('bonds-refresh-token', r as string)
    },
    [access, refresh],
  )
  return user
}

/** packages/ui-kit/src/shell/theme.ts COLOR_SCHEME_STORAGE_KEY (e2e does not import the ui-kit). */
const COLOR_SCHEME_STORAGE_KEY = 'bonds-color-scheme'

/** A colour scheme of the theme. */
export type Scheme = 'light' | 'dark'

/**
 * Switch the theme in place, as another tab choosing it does (the stored choice and its storage
 * event, which the theme follows): no reload, and it works on layouts without the toggle.
 */
export async function setScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      const old = localStorage.getItem(key)
      localStorage.setItem(key, value)
      window.dispatchEvent(
        new StorageEvent('storage', {
          key,
          oldValue: old,
          newValue: value,
          storageArea: localStorage,
        }),
      )
    },
    [COLOR_SCHEME_STORAGE_KEY, scheme] as const,
  )
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
}

/**
 * Open a path: a full load when another app serves it (or nothing is loaded yet), else the app's
 * own router moves there (the history entry and its popstate), as a link inside the app does.
 */
export async function openPath(page: Page, path: string, fullLoad: boolean): Promise<void> {
  if (fullLoad) {
    await page.goto(path)
    return
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, path)
}

/** Wait for a route's page: its title (or its heading, for a page titled by its record), loaded. */
export async function waitForRoute(page: Page, stop: GateStop): Promise<void> {
  if (stop.route.titleFromPage) {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  } else {
    await expect(page).toHaveTitle(documentTitle(stop.route.title))
  }
  await waitForContent(page)
}

/** Wait until nothing on the page says it is still loading. */
export async function waitForContent(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/**
 * Check the page as it stands in both themes, starting in `first` (the next state starts in the
 * other, saving a switch): every rule in the first, and in the second the rules that read colours
 * (the theme changes nothing else). The findings, each naming `where` and the theme.
 */
export async function findingsInBothThemes(
  page: Page,
  where: string,
  first: Scheme,
): Promise<string[]> {
  const second: Scheme = first === 'light' ? 'dark' : 'light'
  await waitForContent(page)
  await setScheme(page, first)
  const found = await gateFindings(page, `${where}, ${first}`)
  await setScheme(page, second)
  return [...found, ...(await gateFindings(page, `${where}, ${second}`, 'colours'))]
}

/** Fail on any finding, listing each (route, account, theme, rule, node). */
export function expectNoFindings(findings: readonly string[]): void {
  expect(
    findings,
    `serious or critical axe violations (WCAG 2.2 A/AA):\n${findings.join('\n')}\n`,
  ).toEqual([])
}
