// Accessibility of the find app (issue 5, "Quality"): axe finds no serious or critical violations on
// /find and /security/{id}, anonymous and signed in, in the light and the dark theme, on a desktop,
// a phone and a 4K desk monitor, and nothing but the scrolling tables is wider than the screen.
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoSeriousViolations } from './axe.ts'
import { signInAs } from './sign-in.ts'

/** packages/ui-kit/src/shell/theme.ts COLOR_SCHEME_STORAGE_KEY (e2e does not import the ui-kit). */
const COLOR_SCHEME_STORAGE_KEY = 'bonds-color-scheme'
const BOND_NAME = '6.54% GS 2032'

type Scheme = 'light' | 'dark'

/** The bond's security page path, as the app links to it (its id from the search endpoint). */
let securityPath: string | undefined
async function securityPathOf(page: Page): Promise<string> {
  if (securityPath) return securityPath
  const response = await page.request.get('/api/trade/finstrument/', {
    params: { searchKey: '6.54 2032' },
  })
  expect(response.ok()).toBe(true)
  const found = (await response.json()) as { id: string; display_name: string }[]
  const bond = found.find((b) => b.display_name === BOND_NAME)
  if (!bond) throw new Error(`${BOND_NAME} is not found by the search`)
  securityPath = `/security/${encodeURIComponent(bond.id)}`
  return securityPath
}

/** Open a page in a theme: the stored choice (as the toggle leaves it) and the system preference. */
async function openIn(page: Page, scheme: Scheme, path: string): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [COLOR_SCHEME_STORAGE_KEY, scheme],
  )
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
}

/** Switch the theme with the header's toggle. */
async function toggleTheme(page: Page, to: Scheme): Promise<void> {
  await page.getByRole('button', { name: 'Toggle color scheme' }).first().click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', to)
}

const other = (scheme: Scheme): Scheme => (scheme === 'light' ? 'dark' : 'light')

/** A phone and a 4K desk monitor, the layouts besides the default desktop one. */
const PHONE = { width: 360, height: 780 }
const DESK_4K = { width: 3840, height: 2160 }

/** Resize the window and check that nothing but the scrolling tables is wider than the screen. */
async function expectFitsAt(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size)
  // The layout after the resize has been painted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `page wider than the screen at ${size.width}×${size.height}`).toBe(0)
}

/**
 * The page as it stands in both themes at the desktop size, then on a phone in the second theme,
 * then on a 4K monitor back in the first: four checks of one loaded page (loading it once per
 * layout and theme cost a page load and a sign-in each).
 */
async function expectAccessibleEverywhere(
  page: Page,
  testInfo: TestInfo,
  first: Scheme,
): Promise<void> {
  await test.step(`desktop, ${first}`, () => expectNoSeriousViolations(page, testInfo))
  await test.step(`desktop, ${other(first)}`, async () => {
    await toggleTheme(page, other(first))
    await expectNoSeriousViolations(page, testInfo)
  })
  await test.step(`phone, ${other(first)}`, async () => {
    await expectFitsAt(page, PHONE)
    await expectNoSeriousViolations(page, testInfo)
  })
  await test.step(`4K desk monitor, ${first}`, async () => {
    await expectFitsAt(page, DESK_4K)
    await toggleTheme(page, first)
    await expectNoSeriousViolations(page, testInfo)
  })
}

// Each page is loaded once and checked in both themes (the toggle) and three layouts (a resize).
test('/find fits and has no serious axe violations, screener and search results, every layout and theme', async ({
  page,
}, testInfo) => {
  await openIn(page, 'light', '/find?creditRating=SOV')
  await expect(page.getByRole('heading', { level: 1, name: 'Find a bond' })).toBeVisible()
  // The screener's first page is in.
  await expect(page.locator('a[href^="/security/"]').first()).toBeVisible()
  await test.step('screener, desktop, light', () => expectNoSeriousViolations(page, testInfo))
  await page.getByPlaceholder('Search for Bonds by Name, ISIN, Issuer...').fill('6.54 2032')
  await expect(page.getByRole('option', { name: /6\.54% GS 2032/ }).first()).toBeVisible()
  await expectAccessibleEverywhere(page, testInfo, 'light')
})

/** Ask for the cash flows of 500 units and wait for the page's sections to be in. */
async function openCashFlows(page: Page): Promise<void> {
  const cashflows = page.getByRole('region', { name: 'Cash flows' })
  await cashflows.getByRole('textbox', { name: /Quantity/ }).fill('500')
  await cashflows.getByRole('button', { name: 'Show cash flows' }).click()
  await expect(cashflows.getByRole('table')).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Bonds of the same issuer' }).getByRole('link').first(),
  ).toBeVisible()
}

test('/security/{id} fits and has no serious axe violations, anonymous, every layout and theme', async ({
  page,
}, testInfo) => {
  await openIn(page, 'light', await securityPathOf(page))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOND_NAME)
  await expect(page.getByRole('region', { name: 'Trade history' })).toContainText('Sign in')
  await openCashFlows(page)
  await expectAccessibleEverywhere(page, testInfo, 'light')
})

test('/security/{id} fits and has no serious axe violations, signed in, every layout and theme', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'dealer@demo.test')
  await openIn(page, 'dark', await securityPathOf(page))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOND_NAME)
  const history = page.getByRole('region', { name: 'Trade history' })
  await expect(history.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Credit rationale' })).not.toContainText('Sign in')
  await openCashFlows(page)
  // The gated sections have loaded (no skeleton left).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expectAccessibleEverywhere(page, testInfo, 'dark')
})
