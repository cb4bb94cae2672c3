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

// Wide tables on a 360 px phone (issue 16): each scrolls inside its card, never the page, with a
// shadow at the edge that has more columns beyond it. The pictures are the story book's visual
// tests: `--update-snapshots` rewrites them after a deliberate change (commit the new PNGs).
const PHONE_TABLES: readonly { story: string; region: string; last: string; shot: string }[] = [
  {
    story: 'bonds-security-sameissuerbonds--phone-360',
    region: 'Bonds of the same issuer',
    last: 'Rating',
    shot: 'more-bonds-360',
  },
  {
    story: 'auth-settings-userstable--phone-360',
    region: 'Users and invitations',
    last: 'Status',
    shot: 'manage-users-360',
  },
  {
    story: 'auth-settings-userstable--phone-360-dark',
    region: 'Users and invitations',
    last: 'Status',
    shot: 'manage-users-360-dark',
  },
]

for (const { story, region: name, last, shot } of PHONE_TABLES) {
  test(`${shot}: the table scrolls inside its card on a 360 px phone`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(`/iframe.html?id=${story}&viewMode=story`)
    const region = page.getByRole('region', { name })
    await expect(region.getByRole('row').nth(3)).toBeVisible()
    const widths = await region.evaluate((el) => ({
      content: el.scrollWidth,
      box: el.clientWidth,
      page: document.documentElement.scrollWidth,
    }))
    expect(widths.content).toBeGreaterThan(widths.box)
    expect(widths.page).toBeLessThanOrEqual(360)
    const lastHeader = region.getByRole('columnheader', { name: last })
    await expect(lastHeader).not.toBeInViewport()
    const frame = page.getByTestId('phone-frame')
    await expect(frame).toHaveScreenshot(`${shot}.png`, { animations: 'disabled' })

    // Scrolled to the far edge, the last columns come into view inside the card.
    await region.evaluate((el) => {
      el.scrollLeft = el.scrollWidth
    })
    await expect(lastHeader).toBeInViewport()
    await expect(frame).toHaveScreenshot(`${shot}-scrolled.png`, { animations: 'disabled' })
  })
}

// Every story passes Storybook's accessibility addon (issue 24): the addon runs axe after each story
// renders, with the rules of tooling/storybook/.storybook/preview.tsx, and reports a violation as
// the story's failure. One page walks the stories through Storybook's own channel (no reload per
// story); the stories are split into groups that run side by side.

/** A story's outcome as Storybook reports it when the story has finished. */
interface StoryFinished {
  storyId: string
  status: 'success' | 'error'
  reporters: {
    type: string
    status: string
    result?: {
      error?: unknown
      violations?: {
        id: string
        impact?: string
        nodes: { target: string[]; failureSummary?: string }[]
      }[]
    }
  }[]
}

/** How many groups the stories are checked in (tests that run side by side). */
const STORY_GROUPS = 4

for (let group = 0; group < STORY_GROUPS; group += 1) {
  test(`stories pass the accessibility addon, group ${group + 1} of ${STORY_GROUPS}`, async ({
    page,
  }) => {
    const index = (await (await page.request.get('/index.json')).json()) as {
      entries: Record<string, { id: string; type: string }>
    }
    const ids = Object.values(index.entries)
      .filter((entry) => entry.type === 'story')
      .map((entry) => entry.id)
      .sort()
      .filter((_, i) => i % STORY_GROUPS === group)
    expect(ids.length).toBeGreaterThan(0)
    await page.goto('/iframe.html')
    await page.waitForFunction(() => '__STORYBOOK_ADDONS_CHANNEL__' in window)
    const failures: string[] = []
    for (const storyId of ids) {
      const finished = await page.evaluate(
        (id) =>
          new Promise<StoryFinished>((resolve) => {
            const channel = (
              window as unknown as {
                __STORYBOOK_ADDONS_CHANNEL__: {
                  on: (event: string, listener: (e: StoryFinished) => void) => void
                  off: (event: string, listener: (e: StoryFinished) => void) => void
                  emit: (event: string, payload: unknown) => void
                }
              }
            ).__STORYBOOK_ADDONS_CHANNEL__
            const done = (event: StoryFinished) => {
              if (event.storyId !== id) return
              channel.off('storyFinished', done)
              resolve(JSON.parse(JSON.stringify(event)) as StoryFinished)
            }
            channel.on('storyFinished', done)
            channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
          }),
        storyId,
      )
      const a11y = finished.reporters.find((report) => report.type === 'a11y')
      if (!a11y) {
        failures.push(
          `${storyId}: the accessibility addon did not report (story ${finished.status})`,
        )
        continue
      }
      if (a11y.status !== 'failed') continue
      if (a11y.result?.error) failures.push(`${storyId}: axe failed: ${String(a11y.result.error)}`)
      for (const violation of a11y.result?.violations ?? []) {
        for (const node of violation.nodes) {
          failures.push(
            `${storyId}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
          )
        }
      }
    }
    expect(failures, `accessibility addon violations:\n${failures.join('\n')}\n`).toEqual([])
  })
}
