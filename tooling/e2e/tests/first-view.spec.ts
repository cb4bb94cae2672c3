// The find app's prerendered first views: the page arrives readable in the HTML the server sends,
// the app hydrates it (nothing on screen is replaced), in the reader's colour scheme before any
// script of the app has run, and its heading never leaves the screen, even on a slow CPU.
import { expect, test, type Page } from '@playwright/test'

const BOND = '/security/IN0020210244'

/** Chromium's CPU slowdown for the hand-over checks: a busy 2-core machine, or a cheap phone. */
const CPU_SLOWDOWN = 4
/** The CPU is slowed on purpose in these checks: each state takes that much longer to come. */
const slowCpuExpect = expect.configure({ timeout: 90_000 })

/**
 * Before any byte of the page: watch every change to the document, and count the moments the page
 * has no readable first-level heading after it first had one (none in the DOM, hidden, or hidden
 * from assistive technology), the heading elements removed, and the layout shift.
 */
async function watchHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch = { seen: false, lost: 0, removed: 0, shift: 0 }
    Object.assign(window, { __headingWatch: watch })
    const readable = () => {
      const h1 = document.querySelector('h1')
      return (
        h1 !== null &&
        h1.checkVisibility() &&
        h1.closest('[aria-hidden="true"], [inert]') === null &&
        (h1.textContent ?? '').trim() !== ''
      )
    }
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
            watch.removed += 1
      if (readable()) watch.seen = true
      else if (watch.seen) watch.lost += 1
    }).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['inert', 'aria-hidden', 'hidden', 'style'],
    })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[])
        if (!entry.hadRecentInput) watch.shift += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

async function headingWatch(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __headingWatch: Record<string, number | boolean> }).__headingWatch,
  )
}

/** Console errors and warnings of the page (a hydration mismatch, a missing hydrate fallback). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

async function slowDownCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
}

test('the security page arrives readable, with the bond named, and the app adopts it', async ({
  page,
}) => {
  const html = await (await page.request.get(BOND)).text()
  expect(html).toContain(
    '<div id="root" data-first-view-path="/security/IN0020210244" data-first-view-name="6.54% GS 2032">',
  )
  expect(html).toMatch(/<h1[^>]*>6\.54% GS 2032<\/h1>/)
  expect(html).not.toContain('id="prerender"')

  const problems = consoleProblems(page)
  await page.goto(BOND)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('6.54% GS 2032')
  await expect(page.getByRole('region', { name: 'Trade history' })).toBeVisible()
  await expect(page.locator('h1')).toHaveCount(1)
  expect(problems).toEqual([])
})

for (const { path, heading, ready } of [
  {
    path: BOND,
    heading: '6.54% GS 2032',
    ready: (page: Page) => page.getByRole('region', { name: 'Trade history' }),
  },
  {
    path: '/find',
    heading: 'Find a bond',
    // Out of reach (inert) until the app has taken the page over.
    ready: (page: Page) => page.getByRole('combobox', { name: 'Search bonds' }),
  },
]) {
  test(`${path}: the heading never leaves the screen from the first byte to the app's own render (CPU ${CPU_SLOWDOWN}× slower)`, async ({
    page,
  }) => {
    const problems = consoleProblems(page)
    await slowDownCpu(page)
    await watchHeading(page)
    await page.goto(path, { waitUntil: 'commit' })
    // Readable as soon as it is parsed, long before the app has started.
    await slowCpuExpect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await slowCpuExpect(ready(page)).toBeVisible()
    const watch = await headingWatch(page)
    expect(watch.seen).toBe(true)
    expect(watch.lost).toBe(0)
    // The security page's loading heading gives way to the loaded page's, in one commit.
    expect(watch.removed).toBeLessThanOrEqual(path === BOND ? 1 : 0)
    expect(watch.shift).toBeLessThan(0.1)
    expect(problems).toEqual([])
  })
}

test('/find: the search takes input once the app has taken the page over', async ({ page }) => {
  await slowDownCpu(page)
  await page.goto('/find', { waitUntil: 'commit' })
  await slowCpuExpect(page.getByRole('heading', { level: 1 })).toHaveText('Find a bond')
  const search = page.getByRole('combobox', { name: 'Search bonds' })
  // The field is inert (out of reach) until then, so nothing typed early is lost.
  await slowCpuExpect(search).not.toHaveAttribute('inert')
  await search.fill('6.54 2032')
  await slowCpuExpect(page.getByRole('option').first()).toContainText('6.54% GS 2032')
})

test('the first view is in the stored colour scheme before the app loads', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('bonds-color-scheme', 'dark'))
  // No script of the app runs: only the page's own inline scheme script (allowed by its hash).
  await page.route('**/*.js', (route) => route.abort())
  await page.goto(BOND)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('6.54% GS 2032')
})

test('/find with a screen in its URL is rendered by the app, not from the unfiltered view', async ({
  page,
}) => {
  const html = await (await page.request.get('/find?sort=yield&order=desc')).text()
  expect(html).toContain('<div id="root"></div>')
})

test('an unknown bond gets the plain page and the app\'s "Page not found"', async ({ page }) => {
  const html = await (await page.request.get('/security/NOSUCHBOND1')).text()
  expect(html).not.toContain('data-first-view-path')
  await page.goto('/security/NOSUCHBOND1')
  await expect(page.getByText('Page not found')).toBeVisible()
})
