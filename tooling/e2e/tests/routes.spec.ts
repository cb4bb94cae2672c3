import { expect, test } from '@playwright/test'

const PAGES: readonly { path: string; heading: RegExp }[] = [
  { path: '/', heading: /bond/i },
  { path: '/about', heading: /about/i },
  { path: '/product/dart', heading: /dart/i },
  { path: '/product/find', heading: /find/i },
  { path: '/product/mind', heading: /mind/i },
  { path: '/privacy', heading: /privacy/i },
  { path: '/terms', heading: /terms/i },
  { path: '/find', heading: /find a bond/i },
  { path: '/security/IN0020210244', heading: /6.54% GS 2032/ },
]

for (const { path, heading } of PAGES) {
  test(`${path} answers with its page`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  })
}

test('an unknown path shows the 404 page with the path', async ({ page }) => {
  const response = await page.goto('/nope')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Page not found')).toBeVisible()
  await expect(page.getByText('/nope', { exact: true })).toBeVisible()
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
