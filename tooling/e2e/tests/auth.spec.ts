import { expect, test, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './sign-in.ts'

async function signInWithPassword(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

// Each role lands on the first product it can open, and the header offers only those (decision 085).
for (const { email, lands, heading, products } of [
  { email: 'dealer@demo.test', lands: '/dart', heading: /workspace/i, products: ['find', 'dart'] },
  {
    email: 'compliance@demo.test',
    lands: '/surveillance',
    heading: /surveillance/i,
    products: ['find', 'dart'],
  },
  { email: 'researcher@demo.test', lands: '/mind', heading: /mind/i, products: ['find', 'mind'] },
  {
    email: 'opsadmin@demo.test',
    lands: '/manage-users',
    heading: 'Manage users',
    products: ['find'],
  },
  { email: 'user@demo.test', lands: '/find', heading: 'Find a bond', products: ['find'] },
]) {
  test(`${email} signs in, lands on ${lands} and is offered ${products.join(' and ')}`, async ({
    page,
  }) => {
    await page.goto('/auth/login')
    await signInWithPassword(page, email)
    await expect(page).toHaveURL(lands)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const product of ['find', 'dart', 'mind']) {
      await expect(nav.getByRole('link', { name: product, exact: true })).toHaveCount(
        products.includes(product) ? 1 : 0,
      )
    }
    // Compliance's dart is its surveillance view (it may not open /dart): a way back from find.
    if (products.includes('dart')) {
      await expect(nav.getByRole('link', { name: 'dart', exact: true })).toHaveAttribute(
        'href',
        email === 'compliance@demo.test' ? '/surveillance' : '/dart',
      )
    }
  })
}

test('a signed-out visit to /dart goes to sign-in and comes back after it', async ({ page }) => {
  await page.goto('/dart')
  await expect(page).toHaveURL('/auth/login?redirect=%2Fdart')
  await signInWithPassword(page, 'viewer@demo.test')
  await expect(page).toHaveURL('/dart')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/workspace/i)
})

test('wrong credentials show the server’s message and keep the form', async ({ page }) => {
  await page.goto('/auth/login')
  await page.getByRole('textbox', { name: 'E-mail' }).fill('dealer@demo.test')
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'No active account found with the given credentials',
  )
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('dealer@demo.test')
})

test('the form checks the e-mail with the spec message before sending', async ({ page }) => {
  await page.goto('/auth/login')
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email')
  await page.getByRole('textbox', { name: 'Password' }).fill('x')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
})

test('a dealer at /surveillance and compliance at /dart see "Access Denied"', async ({ page }) => {
  await page.goto('/auth/login')
  await signInWithPassword(page, 'dealer@demo.test')
  await expect(page).toHaveURL('/dart')
  await page.goto('/surveillance')
  await expect(page.getByText('Access Denied')).toBeVisible()

  await page.goto('/auth/logout')
  await expect(page).toHaveURL('/')
  await page.goto('/auth/login')
  await signInWithPassword(page, 'compliance@demo.test')
  await expect(page).toHaveURL('/surveillance')
  await page.goto('/dart')
  await expect(page.getByText('Access Denied')).toBeVisible()
})

test('OTP sign-in reads the code from the outbox', async ({ page, request }) => {
  await page.goto('/auth/login?redirect=%2Ffind')
  await page.getByText('Use OTP').click()
  await page.getByRole('textbox', { name: 'E-mail' }).fill('backoffice@demo.test')
  await page.getByRole('button', { name: 'Send OTP' }).click()
  const otpField = page.getByRole('textbox', { name: 'OTP' })
  await expect(otpField).toBeVisible()

  await otpField.fill('12')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Must be 6 digits')).toBeVisible()

  const outbox = await request.get('/api/dev/outbox/?recipient=backoffice@demo.test')
  const [message] = (await outbox.json()) as { body: string }[]
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? ''
  await otpField.fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/find')
})

test('signing out ends the session everywhere', async ({ page }) => {
  await page.goto('/auth/login')
  await signInWithPassword(page, 'backoffice@demo.test')
  await expect(page).toHaveURL('/dart')
  await page.goto('/auth/logout')
  await expect(page).toHaveURL('/')
  await page.goto('/dart')
  await expect(page).toHaveURL('/auth/login?redirect=%2Fdart')
})

test('leaving a page while it fetches the session keeps the user signed in', async ({ page }) => {
  await page.goto('/auth/login')
  await signInWithPassword(page, 'dealer@demo.test')
  await expect(page).toHaveURL('/dart')
  // The next page's session fetch is still out when the user follows a link onwards.
  let asked!: () => void
  const fetching = new Promise<void>((resolve) => (asked = resolve))
  await page.route('**/api/session/', async (route) => {
    asked()
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await route.continue().catch(() => undefined) // the page that asked is gone
  })
  await page.goto('/find')
  await fetching
  await page.unroute('**/api/session/')
  await page.goto('/dart')
  await page.waitForLoadState('networkidle')
  await expect(page).toHaveURL('/dart')
  expect(await page.evaluate(() => localStorage.getItem('bonds-access-token'))).toBeTruthy()
})
