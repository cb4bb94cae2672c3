// The accessibility gate (issue 24): every route of the route table, as every demo account the
// route guard lets open it and signed out, in the light and the dark theme; the error screens
// (401, 402, 404, 410); the account menu, the help modal and the main dialogs opened. axe's
// WCAG 2.2 A and AA rules; any serious or critical violation fails the test, naming the route,
// the account, the theme and the node. One test per account (they run side by side), one page
// each: a route of the app already loaded is reached by its router, the theme switched in place.
import type { RouteUser } from '@bonds/domain'
import { expect, test, type Page } from '@playwright/test'
import {
  DEMO_ACCOUNTS,
  expectNoFindings,
  deniedStop,
  ERROR_TITLES,
  findingsInBothThemes,
  openPath,
  sessionOf,
  signInFor,
  stopsFor,
  waitForContent,
  waitForRoute,
  type Scheme,
  type Walker,
} from './a11y-gate.ts'

const other = (scheme: Scheme): Scheme => (scheme === 'light' ? 'dark' : 'light')

/** A dialog or menu the gate opens on a page, for the accounts that have it. */
interface Opened {
  name: string
  path: string
  /** Open it on the loaded page, and wait for it. */
  open: (page: Page) => Promise<void>
  when: (user: RouteUser) => boolean
}

async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account:/ }).click()
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
}

const OPENED: readonly Opened[] = [
  // /profile: every signed-in account may open it, and its app gives the menu the support modal.
  { name: 'account menu', path: '/profile', open: openAccountMenu, when: () => true },
  {
    name: 'help and support modal',
    path: '/profile',
    open: async (page) => {
      await openAccountMenu(page)
      await page.getByRole('menuitem', { name: 'Help and support' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
    },
    when: () => true,
  },
  {
    name: 'invite dialog',
    path: '/manage-users',
    open: async (page) => {
      await page.getByRole('button', { name: 'Invite user' }).click()
      await expect(page.getByRole('dialog', { name: 'Invite a user' })).toBeVisible()
    },
    when: (user) => user.roles.includes('clientopsadmin'),
  },
]

for (const walker of ['signed out', ...DEMO_ACCOUNTS] as const satisfies readonly Walker[]) {
  test(`accessibility gate: every route ${walker} may open, light and dark`, async ({ page }) => {
    const user = walker === 'signed out' ? null : await signInFor(page, walker)
    // The accounts before this one, for the pages one account checks for all with its header.
    const index = walker === 'signed out' ? 0 : DEMO_ACCOUNTS.indexOf(walker)
    const before = await Promise.all(
      DEMO_ACCOUNTS.slice(0, index).map(
        async (email) => (await sessionOf(page.request, email)).user,
      ),
    )
    const findings: string[] = []
    let scheme: Scheme = 'light'
    let app: string | undefined
    for (const stop of await stopsFor(user, page.request, before)) {
      await test.step(stop.path, async () => {
        await openPath(page, stop.path, stop.route.app !== app)
        app = stop.route.app
        await waitForRoute(page, stop)
        findings.push(...(await findingsInBothThemes(page, `${stop.path} as ${walker}`, scheme)))
        scheme = other(scheme)
      })
    }
    if (user) {
      for (const opened of OPENED.filter((o) => o.when(user))) {
        await test.step(opened.name, async () => {
          await page.goto(opened.path)
          await waitForContent(page)
          await opened.open(page)
          const where = `${opened.name} on ${opened.path} as ${walker}`
          findings.push(...(await findingsInBothThemes(page, where, scheme)))
          scheme = other(scheme)
          // Escape closes it.
          await page.keyboard.press('Escape')
          await expect(page.getByRole('dialog').or(page.getByRole('menu'))).toHaveCount(0)
        })
      }
    }
    expectNoFindings(findings)
  })
}

test('accessibility gate: the error screens 401, 402, 404 and 410, light and dark', async ({
  page,
  browser,
  request,
}) => {
  const findings: string[] = []
  // 404 in the marketing app and inside another app, and 410: signed out.
  for (const [status, path] of [
    [404, '/no-such-page'],
    [404, '/security'],
    [410, '/client/register?invite_code=not-an-invitation'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: ERROR_TITLES[status] })).toBeVisible()
    findings.push(
      ...(await findingsInBothThemes(page, `${status} at ${path}, signed out`, 'light')),
    )
  }
  // 401 and 402: a route and an account the route table refuses with them.
  const users = new Map<Walker, RouteUser>()
  for (const email of DEMO_ACCOUNTS) users.set(email, (await sessionOf(request, email)).user)
  for (const status of [401, 402] as const) {
    const { walker, stop } = await deniedStop(status, users, request)
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const tab = await context.newPage()
    await signInFor(tab, walker)
    await tab.goto(stop.path)
    await expect(tab.getByRole('heading', { name: ERROR_TITLES[status] })).toBeVisible()
    await waitForContent(tab)
    findings.push(
      ...(await findingsInBothThemes(tab, `${status} at ${stop.path} as ${walker}`, 'dark')),
    )
    await context.close()
  }
  expectNoFindings(findings)
})
