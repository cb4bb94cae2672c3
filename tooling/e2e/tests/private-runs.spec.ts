import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { signInAs } from './sign-in.ts'

// Private runs (issue 21's Done-when, its chat half), in two browsers: the demo dealer writes
// "7.18 gs 2033 7.12/7.10 25cr" in the direct chat with the demo broker; the broker's Private runs
// tab, open all along, shows it at once as a bid at 7.12 % and an offer at 7.10 % on 7.18% GS 2033
// (IN0020230085) for ₹25 crore each, under the message it came from; the broker sends the offer to
// NSE RFQ and the venue's state shows on the line. The dealer then asks two firms at once from "On
// the exchanges" (decision 358) and the broker sees its own leg. The journeys' server keeps the
// venue open at every hour (VENUE_SESSION, decision 359): its closed session is a unit test's.

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
  await expect(offer.getByRole('cell').nth(7)).toHaveText('NSE RFQ · Initiated')
  await expect(offer.getByRole('button', { name: 'Send to RFQ' })).toBeHidden()

  // The dealer asks two firms on NSE RFQ at once, from "On the exchanges".
  await tab(dealer, 'Private runs').click()
  const exchanges = dealer.getByRole('region', { name: 'On the exchanges' })
  await exchanges.getByRole('button', { name: 'New RFQ' }).click()
  const form = dealer.getByRole('form', { name: 'New RFQ' })
  await form.getByRole('radio', { name: 'NSE RFQ' }).check({ force: true })
  await form.getByRole('combobox', { name: 'Bond for the RFQ' }).fill('7.18% GS 2033')
  await dealer
    .getByRole('option', { name: /^7\.18% GS 2033/ })
    .first()
    .click()
  await form.getByLabel('Yield (%)').fill('7.11')
  await form.getByLabel('Quantum (₹ crore)').fill('5')
  const firms = form.getByRole('combobox', { name: /^Firms to ask/ })
  for (const firm of ['Demo Securities', 'Demo Funds']) {
    await firms.fill(firm)
    await dealer.getByRole('option', { name: firm, exact: true }).click()
  }
  const sent = dealer.waitForResponse(
    (response) =>
      response.url().endsWith('/api/venue/rfq/') && response.request().method() === 'POST',
  )
  await form.getByRole('button', { name: 'Send RFQ' }).click()
  expect((await sent).status()).toBe(201)
  await expect(exchanges.getByText('RFQ sent to 2 firms.')).toBeVisible()
  const asked = exchanges.getByRole('table', { name: /Your bid for ₹5 cr · NSE RFQ/ })
  await expect(asked.getByRole('row')).toHaveCount(3)
  await expect(asked).toContainText('Demo Securities')
  await expect(asked).toContainText('Demo Funds')

  // The broker sees its own leg only, live, and may quote it.
  const leg = broker.getByRole('table', { name: /Their bid for ₹5 cr · NSE RFQ/ })
  await expect(leg.getByRole('row')).toHaveCount(2)
  await expect(leg).toContainText('NSE RFQ · Initiated')
  await expect(leg).not.toContainText('Demo Funds')
  await expect(leg.getByRole('button', { name: 'Quote Demo Capital’s RFQ' })).toBeVisible()
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
