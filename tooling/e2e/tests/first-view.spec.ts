// The find app's prerendered first views: in the HTML the server sends, replaced by the app in
// one step, in the reader's colour scheme before any script of the app has run.
import { expect, test } from '@playwright/test'

const BOND = '/security/IN0020210244'

test('the security page arrives with the bond named, then the app takes over', async ({ page }) => {
  const html = await (await page.request.get(BOND)).text()
  expect(html).toContain('<div id="prerender" inert aria-hidden="true">')
  expect(html).toMatch(/<h1[^>]*>6\.54% GS 2032<\/h1>/)

  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(BOND)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('6.54% GS 2032')
  await expect(page.locator('#prerender')).toHaveCount(0)
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page.getByRole('heading', { name: 'Trade history' })).toBeVisible()
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([])
})

test('/find arrives with its first view, and the app replaces it', async ({ page }) => {
  const html = await (await page.request.get('/find')).text()
  expect(html).toMatch(/<h1[^>]*>Find a bond<\/h1>/)
  await page.goto('/find')
  await expect(page.getByRole('table', { name: 'Bonds' }).getByRole('link').first()).toBeVisible()
  await expect(page.locator('#prerender')).toHaveCount(0)
  await expect(page.locator('h1')).toHaveCount(1)
})

test('the first view is in the stored colour scheme before the app loads', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('bonds-color-scheme', 'dark'))
  // No script of the app runs: only the page's own inline scheme script (allowed by its hash).
  await page.route('**/*.js', (route) => route.abort())
  await page.goto(BOND)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.locator('#prerender h1')).toHaveText('6.54% GS 2032')
  await expect(page.locator('#root')).toBeHidden()
})

test('an unknown bond gets the plain page and the app\'s "Page not found"', async ({ page }) => {
  const html = await (await page.request.get('/security/NOSUCHBOND1')).text()
  expect(html).not.toContain('id="prerender"')
})
