import { expect, test, type Browser, type Page, type WebSocketRoute } from '@playwright/test'
import { signInAs } from './sign-in.ts'

// The Chat tab and /surveillance chats (issue 20's Done-when): in two browsers the demo dealer and
// the demo broker talk (a message seen at once, a file, a buzz), the dealer's chat socket is cut
// and what the broker wrote meanwhile arrives once each on reconnect, a declined group invitation
// tells the inviter, and Demo Capital's compliance officer downloads the channel.

/** A signed-in page of its own browser context (a second browser, as far as the app knows). */
async function openAs(browser: Browser, email: string, path: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, email)
  await page.goto(path)
  return page
}

/** The chat socket of a page goes through the test, so the test can cut it and hold it down. */
async function routeChatSocket(page: Page) {
  const state = { down: false, open: [] as WebSocketRoute[] }
  await page.routeWebSocket(/\/ws\/chat\//, (socket) => {
    if (state.down) {
      void socket.close({ code: 1011, reason: 'held down by the test' })
      return
    }
    socket.connectToServer()
    state.open.push(socket)
  })
  return {
    async cut() {
      state.down = true
      for (const socket of state.open.splice(0)) await socket.close({ code: 1006, reason: 'cut' })
    },
    restore() {
      state.down = false
    },
  }
}

const chats = (page: Page) => page.getByRole('navigation', { name: 'Chats' })
const log = (page: Page) => page.getByRole('log')
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message / })

async function send(page: Page, text: string) {
  await composer(page).fill(text)
  await composer(page).press('Enter')
}

test('dealer and broker chat in two browsers; nothing is lost or doubled across a cut socket', async ({
  browser,
}) => {
  const run = Date.now().toString(36)
  const dealerContext = await browser.newContext()
  const dealer = await dealerContext.newPage()
  const socket = await routeChatSocket(dealer)
  await signInAs(dealer, 'dealer@demo.test')
  await dealer.goto('/dart')
  const broker = await openAs(browser, 'broker@demo.test', '/dart')

  // Both open their direct chat (the demo's broker–dealer chat).
  await chats(dealer)
    .getByRole('button', { name: /^Bharat/ })
    .click()
  await chats(broker).getByRole('button', { name: /^Dev/ }).click()
  await expect(log(dealer)).toContainText('Dev, call you in 5 re the balance 32s')
  await expect(log(broker)).toContainText('Ok, on the desk line')

  // The dealer writes; the broker sees it at once (well inside the usual wait).
  await send(dealer, `Need 10 cr 7.18 GS 33, show me an offer (${run})`)
  await expect(log(broker).getByText(`show me an offer (${run})`)).toBeVisible({ timeout: 5_000 })
  // The broker has the chat open, so it is read at once: the dealer's receipt says so.
  await expect(
    log(dealer)
      .locator('[data-message-id]', { hasText: `show me an offer (${run})` })
      .getByLabel('Read'),
  ).toBeVisible()

  // The broker replies with a file, and buzzes.
  await broker.locator('input[type="file"]').setInputFiles({
    name: `offer-${run}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from('security,offer_yield,cr\n7.18% GS 2033,7.0900,10\n'),
  })
  await expect(broker.getByLabel(`Attachment offer-${run}.csv`)).toBeVisible()
  await broker.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(log(dealer).getByRole('button', { name: `Download offer-${run}.csv` })).toBeVisible()
  await broker.getByRole('button', { name: 'Buzz' }).click()
  await expect(
    log(dealer)
      .getByText(/Bharat.* buzzed/)
      .last(),
  ).toBeVisible()

  // The dealer's chat goes offline; the broker writes three lines meanwhile.
  await socket.cut()
  await expect(dealer.getByText('You are offline').first()).toBeVisible()
  const meanwhile = [1, 2, 3].map((n) => `Offer ${n} at 7.09${n} (${run})`)
  for (const line of meanwhile) await send(broker, line)
  for (const line of meanwhile) await expect(log(broker).getByText(line)).toBeVisible()

  // Back online: "Connected", and each line arrives exactly once.
  socket.restore()
  await expect(dealer.getByText('Connected').first()).toBeVisible({ timeout: 30_000 })
  for (const line of meanwhile) await expect(log(dealer).getByText(line)).toHaveCount(1)

  await dealerContext.close()
  await broker.context().close()
})

test('a channel opened after a message came in opens at that message', async ({ browser }) => {
  const dealer = await openAs(browser, 'dealer@demo.test', '/dart')
  const broker = await openAs(browser, 'broker@demo.test', '/dart')
  const group = /Demo Capital × Demo Securities/
  // The dealer's workspace is open, the trading group is not; the broker writes in it.
  await expect(chats(dealer).getByRole('button', { name: group })).toBeVisible()
  await chats(broker).getByRole('button', { name: group }).click()
  const text = `Levels for the 32s, ref ${Date.now().toString(36)}`
  await send(broker, text)
  await expect(chats(dealer).getByText(text)).toBeVisible()
  // Opening it shows the newest message at the bottom, without a reload or a scroll.
  await chats(dealer).getByRole('button', { name: group }).click()
  await expect(log(dealer).getByText(text)).toBeVisible()
  await expect(dealer.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0)
})

test('a declined group invitation tells the inviter "{nickname} declined your request"', async ({
  browser,
}) => {
  const run = Date.now().toString(36)
  const dealer = await openAs(browser, 'dealer@demo.test', '/dart')
  const broker = await openAs(browser, 'broker@demo.test', '/dart')
  await expect(chats(broker).getByRole('button', { name: /^Dev/ })).toBeVisible()

  await dealer.getByRole('button', { name: 'New chat' }).click()
  const form = dealer.getByRole('dialog', { name: 'New chat' })
  await form.getByText('Group', { exact: true }).click()
  await form.getByLabel('Name').fill(`Switch desk ${run}`)
  await form.getByLabel('Search people').fill('Bharat')
  await form.getByRole('checkbox', { name: /^Bharat/ }).check()
  await form.getByRole('button', { name: 'Create group' }).click()
  await expect(dealer.getByRole('heading', { name: `Switch desk ${run}` })).toBeVisible()

  await chats(broker)
    // Named by what it shows and, unseen, its state (Chromium puts a space before the comma).
    .getByRole('button', { name: new RegExp(`^Switch desk ${run} ?, invitation$`) })
    .click()
  await broker.getByRole('button', { name: 'Decline' }).click()
  await expect(
    chats(broker).getByRole('button', { name: new RegExp(`Switch desk ${run}`) }),
  ).toHaveCount(0)

  await expect(dealer.getByText(/^Bharat.* declined your request$/).first()).toBeVisible()

  await dealer.context().close()
  await broker.context().close()
})

test('the compliance officer reads the firm’s chat, view only, and downloads it', async ({
  browser,
}) => {
  const officer = await openAs(browser, 'compliance@demo.test', '/surveillance')
  await expect(officer.getByRole('heading', { name: 'Surveillance' })).toBeVisible()
  await officer.getByRole('tab', { name: 'Chats' }).click()
  const channel = chats(officer).getByRole('button', { name: /Dev.*Bharat|Bharat.*Dev/ })
  await channel.first().click()
  await expect(log(officer)).toContainText('Ok, on the desk line')
  await expect(composer(officer)).toHaveCount(0)

  await officer.getByRole('button', { name: 'Chat actions' }).click()
  await officer.getByRole('menuitem', { name: 'Download chat' }).click()
  const downloading = officer.waitForEvent('download')
  await officer.getByRole('dialog').getByRole('button', { name: 'Download chat' }).click()
  const file = await downloading
  expect(file.suggestedFilename()).toMatch(/^chat-.*\.csv$/)
  const path = await file.path()
  const { readFile } = await import('node:fs/promises')
  expect(await readFile(path, 'utf8')).toContain('Ok, on the desk line')

  await officer.context().close()
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the Chat tab has no serious accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await page.addInitScript((value) => localStorage.setItem('bonds-color-scheme', value), scheme)
    await signInAs(page, 'dealer@demo.test')
    await page.goto('/dart')
    await chats(page)
      .getByRole('button', { name: /G-sec desk/ })
      .click()
    await expect(log(page)).toContainText('Ticket to follow')
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    )
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    const results = await new AxeBuilder({ page }).include('[data-chat-view]').analyze()
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    )
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
  })
}
