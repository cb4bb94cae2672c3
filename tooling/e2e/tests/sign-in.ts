// Sign a browser page in through the API (for journeys that are not about signing in).
import type { Page } from '@playwright/test'

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Demo@12345'

/** Sign in as a demo account: the tokens go where the apps keep them. */
export async function signInAs(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/token/', {
    data: { email, password: DEMO_PASSWORD },
  })
  if (!response.ok()) throw new Error(`sign-in of ${email}: ${response.status()}`)
  const { access, refresh } = (await response.json()) as { access: string; refresh: string }
  await page.addInitScript(
    ([a, r]) => {
      localStorage.setItem('bonds-access-token', a as string)
      localStorage.setItem('bonds-refresh-token', r as string)
    },
    [access, refresh],
  )
}
