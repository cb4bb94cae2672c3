import { expect, test } from '@playwright/test'

// Every app runs under the server's strict Content-Security-Policy without a single violation.
for (const path of ['/', '/about', '/find', '/security/IN0020210244', '/dart', '/mind', '/nope']) {
  test(`${path} loads with no CSP violation and no console error`, async ({ page }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    const response = await page.goto(path)
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
    await expect(page.getByRole('heading').first()).toBeVisible()
    const violations = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let count = 0
          document.addEventListener('securitypolicyviolation', () => (count += 1))
          setTimeout(() => resolve(count), 300)
        }),
    )
    expect(violations).toBe(0)
    // The 404 page's document answers 404, which the browser reports as a console error.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([])
  })
}
