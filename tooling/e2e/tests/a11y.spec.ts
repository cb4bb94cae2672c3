// Accessibility of the find app (issue 5, "Quality"): axe finds no serious or critical violations on
// /find and /security/{id}, anonymous and signed in, in the light and the dark theme.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { signInAs } from './sign-in.ts'

/** packages/ui-kit/src/shell/theme.ts COLOR_SCHEME_STORAGE_KEY (e2e does not import the ui-kit). */
const COLOR_SCHEME_STORAGE_KEY = 'bonds-color-scheme'
const BOND_NAME = '6.54% GS 2032'

type Scheme = 'light' | 'dark'
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>
type Violation = AxeResults['violations'][number]

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

/** One violation, readably: rule, impact, help, and each node's selector and what fails. */
function describe(violation: Violation): string {
  const nodes = violation.nodes
    .map((node) => {
      const summary = (node.failureSummary ?? '')
        .trim()
        .replace(/:\n\s*/g, ': ')
        .replace(/\n\s*/g, '; ')
      return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${summary}`
    })
    .join('\n')
  return `  ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`
}

/** Run axe on the page as it stands; attach every finding, fail on serious and critical ones. */
async function expectNoSeriousViolations(page: Page, testInfo: TestInfo): Promise<void> {
  // Let entrance transitions end: axe measures colour contrast on what is painted.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  const results = await new AxeBuilder({ page }).analyze()
  await testInfo.attach('axe-violations.json', {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  })
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  const minor = results.violations.filter((v) => !serious.includes(v))
  // What axe could not decide (e.g. contrast over an image or a translucent layer): for the log.
  const undecided = results.incomplete.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  if (undecided.length > 0) {
    console.log(
      `${testInfo.title}: axe could not decide (not failing):\n${undecided.map(describe).join('\n')}`,
    )
  }
  if (minor.length > 0) {
    console.log(
      `${testInfo.title}: ${minor.length} moderate/minor axe finding(s), not failing:\n${minor.map(describe).join('\n')}`,
    )
  }
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `serious or critical axe violations on ${page.url()}:\n${serious.map(describe).join('\n')}\n`,
  ).toEqual([])
}

/** Check the page as it stands, then again after the header's toggle switches the theme. */
async function expectNoSeriousViolationsInBothThemes(
  page: Page,
  testInfo: TestInfo,
  first: Scheme,
): Promise<void> {
  await expectNoSeriousViolations(page, testInfo)
  const other: Scheme = first === 'light' ? 'dark' : 'light'
  await page.getByRole('button', { name: 'Toggle color scheme' }).first().click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', other)
  await expectNoSeriousViolations(page, testInfo)
}

// Each page is loaded once and checked in both themes (the toggle), at the default desktop size;
// find.spec.ts and security-page.spec.ts check phones and a 4K monitor.
test('/find has no serious axe violations, screener and search results, light and dark', async ({
  page,
}, testInfo) => {
  await openIn(page, 'light', '/find')
  await expect(page.getByRole('heading', { level: 1, name: 'Find a bond' })).toBeVisible()
  // The screener's first page is in.
  await expect(page.locator('a[href^="/security/"]').first()).toBeVisible()
  await expectNoSeriousViolations(page, testInfo)
  await page.getByPlaceholder('Search for Bonds by Name, ISIN, Issuer...').fill('6.54 2032')
  await expect(page.getByRole('option', { name: /6\.54% GS 2032/ }).first()).toBeVisible()
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'light')
})

test('/security/{id} has no serious axe violations, anonymous, light and dark', async ({
  page,
}, testInfo) => {
  await openIn(page, 'light', await securityPathOf(page))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOND_NAME)
  await expect(page.getByRole('region', { name: 'Trade history' })).toContainText('Sign in')
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'light')
})

test('/security/{id} has no serious axe violations, signed in, dark and light', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'dealer@demo.test')
  await openIn(page, 'dark', await securityPathOf(page))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOND_NAME)
  const history = page.getByRole('region', { name: 'Trade history' })
  await expect(history.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Credit rationale' })).not.toContainText('Sign in')
  // The gated sections have loaded (no skeleton left).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'dark')
})
