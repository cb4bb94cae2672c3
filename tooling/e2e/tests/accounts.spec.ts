// Accounts journeys: invitation to registration, revoked invitations, password reset, the 402
// screen's upgrade request (once per feature), OTP resend and change of e-mail, and the account
// menu.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { signInAs } from './sign-in.ts'

/** The path and query of the newest link e-mailed to `recipient` (the outbox of demo mode). */
async function linkFor(request: APIRequestContext, recipient: string, kind: string) {
  const outbox = await request.get(`/api/dev/outbox/?recipient=${encodeURIComponent(recipient)}`)
  const messages = (await outbox.json()) as { body: string; kind: string }[]
  const message = messages.find((m) => m.kind === kind)
  const link = /https?:\/\/\S+/.exec(message?.body ?? '')?.[0]
  if (!link) throw new Error(`no ${kind} link for ${recipient}`)
  const url = new URL(link)
  return url.pathname + url.search
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

test('an Ops Admin invites a user who registers through the link, then resets the password', async ({
  page,
  browser,
  request,
}) => {
  const email = `invitee.${unique()}@demo.test`
  await signInAs(page, 'opsadmin@demo.test')
  await page.goto('/manage-users')
  await expect(page.getByRole('heading', { name: 'Manage users' })).toBeVisible()
  await page.getByRole('button', { name: 'Invite user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite a user' })
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Ira')
  await dialog.getByRole('checkbox', { name: 'Dealer' }).check()
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible()

  const invitation = await linkFor(request, email, 'invitation')
  const invitee = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const tab = await invitee.newPage()
  await tab.goto(invitation)
  await expect(tab.getByRole('heading', { name: /Join Demo Capital/ })).toBeVisible()
  await expect(tab.getByRole('textbox', { name: 'First name' })).toHaveValue('Ira')
  await tab.getByRole('textbox', { name: 'Last name' }).fill('Menon')
  await tab.getByRole('textbox', { name: 'Mobile' }).fill('9876501234')
  await tab.getByRole('textbox', { name: 'PAN' }).fill('ABCDE1234F')
  await tab.getByLabel(/^Password/).fill('Welcome123')
  await tab.getByLabel('Confirm password').fill('Welcome123')
  await tab.getByRole('button', { name: 'Create account' }).click()
  // A viewer and a dealer of a client with RFQ exchanges lands in dart, signed in.
  await expect(tab).toHaveURL('/dart')
  await expect(tab.getByRole('button', { name: 'Account: Ira Menon' })).toBeVisible()

  // The link works once.
  await tab.goto('/auth/logout')
  await expect(tab).toHaveURL('/')
  await tab.goto(invitation)
  await expect(tab.getByText('Invitation URL invalid')).toBeVisible()

  // Forgot password → the e-mailed link → a new password that signs in.
  await tab.goto('/auth/forgot-password')
  await tab.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await tab.getByRole('button', { name: 'Send reset link' }).click()
  await expect(tab.getByRole('status')).toContainText('a reset link has been sent')
  await tab.goto(await linkFor(request, email, 'reset'))
  await tab.getByLabel('New password').fill('Changed456')
  await tab.getByLabel('Confirm password').fill('Changed456')
  await tab.getByRole('button', { name: 'Change password' }).click()
  await expect(tab.getByRole('status')).toContainText('Your password has been changed')
  await tab.getByRole('link', { name: 'Sign in' }).click()
  await tab.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await tab.getByRole('textbox', { name: 'Password' }).fill('Changed456')
  await tab.getByRole('button', { name: 'Sign in' }).click()
  await expect(tab).toHaveURL('/dart')
  await invitee.close()
})

test('a revoked invitation shows "Invitation URL invalid"', async ({ page, browser, request }) => {
  const email = `revoked.${unique()}@demo.test`
  await signInAs(page, 'opsadmin@demo.test')
  await page.goto('/manage-users')
  await page.getByRole('button', { name: 'Invite user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite a user' })
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await page.getByRole('button', { name: `Revoke the invitation of ${email}` }).click()
  await page.getByRole('button', { name: 'Revoke invitation' }).click()
  await expect(page.getByRole('cell', { name: email, exact: true })).toHaveCount(0)

  const invitee = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const tab = await invitee.newPage()
  await tab.goto(await linkFor(request, email, 'invitation'))
  await expect(tab.getByText('Invitation URL invalid')).toBeVisible()
  await expect(tab.getByText('If the problem persists, please contact us')).toBeVisible()
  await invitee.close()
})

/** Sign up a new basic-tier user through the lite registration (e-mail OTP first); their e-mail. */
async function newBasicUser(request: APIRequestContext): Promise<string> {
  const email = `basic.${unique()}@demo.test`
  const sent = await request.post('/api/request-otp/', {
    data: { email, request_type: 'easy_register' },
  })
  expect(sent.ok()).toBe(true)
  const outbox = await request.get(`/api/dev/outbox/?recipient=${encodeURIComponent(email)}`)
  const [message] = (await outbox.json()) as { body: string }[]
  const otp = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1]
  const checked = await request.post('/api/validate-otp/', {
    data: { email, otp, request_type: 'easy_register' },
  })
  expect(await checked.json()).toEqual({ valid: true })
  const registered = await request.post('/api/client/register-user/lite', {
    data: {
      auth_mode: 'password',
      pan: 'ABCPB1234Q',
      password: 'Demo@12345',
      identity: { first_name: 'Bela', last_name: 'Basic' },
      client_type: 'INDV',
      category: 'RTL',
      corporate_identity: null,
      contact: {
        email,
        mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
        whatsapp_consent: false,
      },
    },
  })
  expect(registered.status()).toBe(200)
  return email
}

test('a basic-tier client requests the upgrade twice from the 402 screen and files one ticket', async ({
  page,
  request,
}) => {
  // A user of their own: the rule is one open request per user and feature.
  await signInAs(page, await newBasicUser(request))
  await page.goto('/inventory')
  await expect(page.getByText('Upgrade to premium plan to start')).toBeVisible()
  const upgrade = page.getByRole('button', { name: 'Request Upgrade' })
  const filed = (click: () => Promise<void>) =>
    Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/ext/tickets/') && r.request().method() === 'POST',
      ),
      click(),
    ]).then(async ([response]) => {
      expect(response.status()).toBe(200)
      return (await response.json()) as {
        id: number
        created_at: string
        already_requested: boolean
      }
    })

  const first = await filed(() => upgrade.click())
  expect(first.already_requested).toBe(false)
  await expect(
    page.getByText('Your request has been noted. We will update you shortly via email.'),
  ).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Requested on / })).toBeVisible()

  const second = await filed(() => upgrade.click())
  // The server answered the open request: the same ticket, with the date it was filed.
  expect(second).toEqual({ ...first, already_requested: true })
  await expect(
    page.getByText(
      /^Already requested on \d{2}-[A-Z][a-z]{2}-\d{4}, \d{2}:\d{2} IST\. We will update you shortly via email\.$/,
    ),
  ).toBeVisible()
})

test('the account menu shows the settings a user may open and signs out', async ({ page }) => {
  await signInAs(page, 'dealer@demo.test')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
  await expect(page.getByText('dealer@demo.test').first()).toBeVisible()
  const settings = page.getByRole('navigation', { name: 'Settings' })
  await expect(settings.getByRole('link')).toHaveCount(1)
  await page.goto('/manage-users')
  await expect(page.getByText('Access Denied')).toBeVisible()
  await page.getByRole('button', { name: /^Account:/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
})

test('OTP sign-in: change the e-mail, wait out the countdown, resend, sign in with the new code', async ({
  page,
  request,
}) => {
  test.slow() // The server's cool-down is 30 seconds of real time.
  await page.goto('/auth/login')
  await page.getByText('Use OTP').click()
  const emailField = page.getByRole('textbox', { name: 'E-mail' })
  await emailField.fill(`typo.${unique()}@demo.test`)
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(page.getByText(/We sent a six-digit code to typo\./)).toBeVisible()

  await page.getByRole('button', { name: 'Change e-mail' }).click()
  await expect(emailField).toBeEnabled()
  await expect(emailField).toBeFocused()
  await emailField.fill('viewer@demo.test')
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(
    page.getByText('We sent a six-digit code to viewer@demo.test.', { exact: false }),
  ).toBeVisible()

  const resend = page.getByRole('button', { name: 'Resend code' })
  await expect(resend).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByText(/You can request a new code in 0:[0-3]\d/)).toBeVisible()
  await expect(
    page.getByRole('status').filter({ hasText: 'You can now request a new code.' }),
  ).toBeAttached({
    timeout: 45_000,
  })
  await expect(resend).toHaveAttribute('aria-disabled', 'false')
  await resend.click()
  await expect(page.getByText(/We sent a new six-digit code to viewer@demo.test/)).toBeVisible()

  const outbox = await request.get('/api/dev/outbox/?recipient=viewer@demo.test')
  const codes = ((await outbox.json()) as { kind: string; body: string }[])
    .filter((m) => m.kind === 'otp')
    .map((m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? '')
  expect(codes.length).toBeGreaterThanOrEqual(2)
  await page.getByRole('textbox', { name: 'OTP' }).fill(codes[0] ?? '')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/dart')
})
