// Accounts journeys: invitation to registration, revoked invitations, password reset, the 402
// screen's upgrade request and the account menu.
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

test('a basic-tier client sees the 402 screen on a premium page and requests the upgrade', async ({
  page,
}) => {
  await signInAs(page, 'broker@demo.test')
  await page.goto('/inventory')
  await expect(page.getByText('Upgrade to premium plan to start')).toBeVisible()
  await page.getByRole('button', { name: 'Request Upgrade' }).click()
  await expect(
    page.getByText('Your request has been noted. We will update you shortly via email.'),
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
