import { expect, test } from '@playwright/test'

// The error screen, status by status, as Storybook renders it in Chromium. Journeys reach each
// status once the features that raise them land (401/402 with the route guard, 410 with invitations).
const STATUSES: readonly { story: string; title: string; text?: string }[] = [
  {
    story: 'status-410',
    title: 'Invitation URL invalid',
    text: 'If the problem persists, please contact us',
  },
  {
    story: 'status-404',
    title: 'Not Found',
    text: "It looks like the page doesn't exist - please check the URL and try again",
  },
  { story: 'status-500', title: 'Internal Server Error' },
  {
    story: 'status-401',
    title: 'Access Denied',
    text: 'You do not have permissions to access this page. Please contact your administrator',
  },
  { story: 'status-402', title: 'Premium', text: 'Upgrade to premium plan to start' },
  { story: 'status-other', title: 'Something went wrong...' },
]

for (const { story, title, text } of STATUSES) {
  test(`error screen ${story} renders its title and text`, async ({ page }) => {
    await page.goto(`/iframe.html?id=ui-kit-errorscreen--${story}&viewMode=story`)
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    if (text) await expect(page.getByText(text)).toBeVisible()
    const home = page.getByRole('link', { name: 'Back to Home' })
    if (story === 'status-402') await expect(home).toHaveCount(0)
    else await expect(home).toBeVisible()
  })
}

test('error screen status-200 shows a warning icon and no Back to Home', async ({ page }) => {
  await page.goto('/iframe.html?id=ui-kit-errorscreen--status-200&viewMode=story')
  await expect(page.getByRole('img', { name: /warning/i })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveCount(0)
})
