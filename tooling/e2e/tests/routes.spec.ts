import { expect, test } from '@playwright/test'
import { signInAs } from './sign-in.ts'

const PAGES: readonly { path: string; heading: RegExp; title: string }[] = [
  {
    path: '/',
    heading: /bond/i,
    title: 'Bonds Workspace: search and price India’s bonds, and talk to your desk',
  },
  { path: '/about', heading: /about/i, title: 'About · Bonds Workspace' },
  {
    path: '/product/dart',
    heading: /dart/i,
    title: 'dart: the trading workspace · Bonds Workspace',
  },
  {
    path: '/product/find',
    heading: /find/i,
    title: "find: search and price India's bonds · Bonds Workspace",
  },
  {
    path: '/product/mind',
    heading: /mind/i,
    title: 'mind: an analyst for market researchers · Bonds Workspace',
  },
  { path: '/privacy', heading: /privacy/i, title: 'Privacy policy · Bonds Workspace' },
  { path: '/terms', heading: /terms/i, title: 'Terms of use · Bonds Workspace' },
  { path: '/find', heading: /find a bond/i, title: 'Find a bond · Bonds Workspace' },
  {
    path: '/security/IN0020210244',
    heading: /6.54% GS 2032/,
    title: '6.54% GS 2032 (IN0020210244) · Bonds Workspace',
  },
]

for (const { path, heading, title } of PAGES) {
  test(`${path} answers with its page and its own title`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page).toHaveTitle(title)
  })
}

test('the firm’s dart pages are real pages with their own titles', async ({ page }) => {
  await signInAs(page, 'dealer@demo.test')
  for (const [path, title] of [
    ['/client/transactions', 'Transactions'],
    ['/inventory', 'Inventory'],
  ] as const) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page).toHaveTitle(`${title} · Bonds Workspace`)
  }
  // The inventory holds Demo Capital's demo book (demo mode).
  await expect(page.getByRole('table', { name: 'Positions' })).toBeVisible()
})

test('an unknown path shows the 404 page with the path', async ({ page }) => {
  const response = await page.goto('/nope')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Page not found')).toBeVisible()
  await expect(page.getByText('/nope', { exact: true })).toBeVisible()
  await expect(page).toHaveTitle('Not Found · Bonds Workspace')
})

test('an unknown path inside an app shows that app the 404 page', async ({ page }) => {
  await page.goto('/find')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const response = await page.goto('/security')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Page not found')).toBeVisible()
})

test('hashed assets are cached for good and pages are not', async ({ request, page }) => {
  const home = await request.get('/')
  expect(home.headers()['cache-control']).toContain('no-cache')
  const version = await request.get('/version.json')
  expect(version.headers()['cache-control']).toContain('no-cache')
  expect(typeof (await version.json()).version).toBe('string')
  const latest = await request.get('/find/builds/latest.json')
  expect(typeof (await latest.json()).id).toBe('string')
  const [script] = await Promise.all([
    page.waitForResponse((r) => /\/assets\/.+\.js$/.test(r.url())),
    page.goto('/find'),
  ])
  expect(script.headers()['cache-control']).toContain('immutable')
})
