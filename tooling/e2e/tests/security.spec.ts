import { expect, test } from '@playwright/test'

// Every app runs under the server's strict Content-Security-Policy without a single violation.
for (const path of ['/', '/about', '/find', '/security/IN0020210244', '/dart', '/mind', '/nope']) {
  test(`${path} loads with no CSP violation and no console error`, async ({ page }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    // Counted from before the first byte, so nothing the page does at start goes unseen.
    await page.addInitScript(() => {
      const count = { violations: 0 }
      Object.assign(window, { __csp: count })
      document.addEventListener('securitypolicyviolation', () => (count.violations += 1))
    })
    const response = await page.goto(path)
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
    await expect(page.getByRole('heading').first()).toBeVisible()
    // The app has started (it loads its session and the page's data) once the network is quiet.
    await page.waitForLoadState('networkidle')
    const violations = await page.evaluate(
      () => (window as unknown as { __csp: { violations: number } }).__csp.violations,
    )
    expect(violations).toBe(0)
    // The 404 page's document answers 404, which the browser reports as a console error.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([])
  })
}
