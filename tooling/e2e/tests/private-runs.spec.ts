import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { signInAs } from './sign-in.ts'

// Private runs (issue 21's Done-when, its chat half), in two browsers: the demo dealer writes
// "7.18 gs 2033 7.12/7.10 25cr" in the direct chat with the demo broker; the broker's Private runs
// tab, open all along, shows it at once as a bid at 7.12 % and an offer at 7.10 % on 7.18% GS 2033
// (IN0020230085) for ₹25 crore each, under the message it came from; the broker sends the offer to
// NSE RFQ and the venue's state shows on the line.

/** A signed-in page of its own browser context (a second browser, as far as the app knows). */
async function openAs(browser: Browser, email: string, path: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, email)
  await page.goto(path)
  return page
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) })
const chats = (page: Page) => page.getByRole('navigation', { name: 'Chats' })
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message / })

/** The grid's line rows (not the message headings, which span every column). */
const lineRows = (page: Page): Locator =>
  page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Exchange' }) })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Dismiss / }) })

/** Whether the venues' session (09:00–17:00 IST, weekdays) is under way now. */
function venueOpenNow(): boolean {
  const now = new Date()
  const india = new Date(now.getTime() + 330 * 60_000)
  const minutes = india.getUTCHours() * 60 + india.getUTCMinutes()
  const weekday = india.getUTCDay() !== 0 && india.getUTCDay() !== 6
  return weekday && minutes >= 9 * 60 && minutes < 17 * 60
}

test('a quote written in a chat appears in the recipient’s private run and goes to NSE RFQ', async ({
  browser,
}) => {
  const dealer = await openAs(browser, 'dealer@demo.test', '/dart')
  const broker = await openAs(browser, 'broker@demo.test', '/dart')

  // The broker watches the Private runs tab; what is there already is counted.
  await tab(broker, 'Private runs').click()
  await expect(
    broker.getByText('Quotes from across your chats will be displayed here.'),
  ).toBeVisible()
  const grid = broker.getByRole('table').filter({
    has: broker.getByRole('columnheader', { name: 'Exchange' }),
  })
  // The run has loaded (the grid, or the empty run's words) before its lines are counted.
  await expect(grid.or(broker.getByText(/^No quotes yet\./))).toBeVisible()
  const before = await lineRows(broker).count()

  // The dealer writes in their direct chat.
  await tab(dealer, 'Chat').click()
  await chats(dealer)
    .getByRole('button', { name: /^Bharat/ })
    .click()
  await composer(dealer).fill('7.18 gs 2033 7.12/7.10 25cr')
  await composer(dealer).press('Enter')

  // Both sides join the broker's run at once, newest message first, under the dealer's message.
  await expect(lineRows(broker)).toHaveCount(before + 2, { timeout: 10_000 })
  const heading = grid.getByRole('row').nth(1)
  await expect(heading).toContainText('Dev Dealer · Demo Capital')
  // The newest lines on the bond, side by side (rows re-render as the run refreshes).
  const onBond = lineRows(broker).filter({ hasText: '7.18% GS 2033' })
  const [bid, offer] = [
    onBond.filter({ hasText: 'Bid' }).first(),
    onBond.filter({ hasText: 'Offer' }).first(),
  ]
  await expect(lineRows(broker).nth(0)).toContainText('Bid')
  await expect(lineRows(broker).nth(1)).toContainText('Offer')
  for (const [row, side, level] of [
    [bid, 'Bid', '7.1200%'],
    [offer, 'Offer', '7.1000%'],
  ] as const) {
    await expect(row).toContainText('7.18% GS 2033')
    await expect(row).toContainText('IN0020230085')
    await expect(row.getByRole('cell').nth(1)).toHaveText(side)
    await expect(row.getByRole('cell').nth(2)).toHaveText(level)
    await expect(row.getByRole('cell').nth(4)).toHaveText('₹25 cr')
    await expect(row).toContainText('In run')
  }

  // The broker sends the offer to NSE RFQ (the broker bids for it on the exchange).
  await offer.getByRole('button', { name: 'Send to RFQ' }).click()
  await broker.getByRole('menuitem', { name: 'NSE RFQ' }).click()
  if (venueOpenNow()) {
    await expect(offer.getByRole('cell').nth(7)).toHaveText('NSE RFQ · Initiated')
    await expect(offer.getByRole('button', { name: 'Send to RFQ' })).toBeHidden()
  } else {
    // Outside the venues' session the exchange refuses, and says when it is open.
    await expect(broker.getByRole('alert')).toContainText(
      'NSE RFQ is closed: its session is 09:00–17:00 IST on business days',
    )
    await expect(offer.getByRole('cell').nth(7)).toHaveText('—')
  }
})

test('a user without trade access sees an empty private run and no actions', async ({
  browser,
}) => {
  const viewer = await openAs(browser, 'viewer@demo.test', '/dart')
  await tab(viewer, 'Private runs').click()
  await expect(
    viewer.getByText(
      'No quotes yet. Runs and quotes your counterparties send you in chat appear here as they arrive.',
    ),
  ).toBeVisible()
  await expect(viewer.getByRole('button', { name: 'Send to RFQ' })).toHaveCount(0)
})
