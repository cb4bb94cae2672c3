import { expect, test, type Browser, type Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe.ts'
import { DEMO_PASSWORD, signInAs } from './sign-in.ts'

// RFQ in dart (issue 21): the demo dealer offers 7.18% GS 2033 in the RFQ quotes tab; the demo
// broker, in a second browser, sees it within a second, counters; the dealer accepts; both see
// the deal. A quote past its validity leaves both screens without a reload, and a user without
// trade access reads the empty list's trade-timing text. The deal is a ticket on both firms'
// Ticketing tab (decision 328). Quotes do not depend on market hours
// (decision 120: only their default expiry is the close), so the journey runs at any time.
// The dealer also sees the price of the yield typed before posting, and uploads a file of quotes:
// a bad row is named, the file fixed and posted, its quotes in the grid (decisions 287, 288).

const BOND = '7.18% GS 2033'
const BOND_ISIN = 'IN0020230085'
/** Levels no demo quote uses, so the journey finds its own rows. */
const OFFER_YIELD = '7.0311'
const COUNTER_YIELD = '7.0522'

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) })

/** A signed-in page on the RFQ quotes tab, its socket live. */
async function rfqTab(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, email)
  await page.goto('/dart')
  await tab(page, 'RFQ quotes').click()
  await expect(
    page.getByText('View all live quotes on the exchanges and execute trades on NSE and BSE RFQ.'),
  ).toBeVisible()
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible()
  return page
}

const quotes = (page: Page) => page.getByRole('table', { name: 'RFQ quotes' })
const rowWith = (page: Page, text: string) =>
  quotes(page).getByRole('row').filter({ hasText: text })

test('the dealer offers, the broker counters, the dealer accepts: both see the deal', async ({
  browser,
}, testInfo) => {
  const dealer = await rfqTab(browser, 'dealer@demo.test')
  const broker = await rfqTab(browser, 'broker@demo.test')

  // The dealer offers ₹25 cr at 7.0311%, T+1, for 15 minutes.
  await dealer.getByRole('button', { name: 'New quote' }).click()
  const form = dealer.getByRole('form', { name: 'New quote' })
  await form.getByRole('combobox', { name: 'Bond to quote' }).fill(BOND)
  await dealer
    .getByRole('option', { name: new RegExp(`^${BOND}`) })
    .first()
    .click()
  await form.getByRole('radio', { name: 'Offer (sell)' }).check({ force: true })
  await form.getByLabel('Yield (%)').fill(OFFER_YIELD)
  // The clean price the server will store, priced in the browser as the yield is typed.
  await expect(form.getByTestId('quote-other-number')).toHaveText(
    /^Price \d+\.\d{4}, settling \d{2}-\w{3}-\d{4}$/,
  )
  await form.getByLabel('Quantum (₹ crore)').fill('25')
  await expect(form.getByText('₹25,00,00,000')).toBeVisible()
  const posted = dealer.waitForResponse(
    (response) =>
      response.url().endsWith('/api/trade/eoi/') && response.request().method() === 'POST',
  )
  await form.getByRole('button', { name: 'Post quote' }).click()
  expect((await posted).status()).toBe(201)

  // The broker sees it within a second, without a reload.
  await expect(rowWith(broker, `${OFFER_YIELD}%`)).toBeVisible({ timeout: 1_000 })
  await expect(rowWith(broker, `${OFFER_YIELD}%`)).toContainText('Offer')
  await expect(rowWith(broker, `${OFFER_YIELD}%`)).toContainText('₹25 cr')

  // The broker counters at 7.0522% for ₹10 cr.
  await rowWith(broker, `${OFFER_YIELD}%`).click()
  const counter = broker.getByRole('form', { name: 'Counter-quote' })
  await counter.getByLabel('Counter yield (%)').fill(COUNTER_YIELD)
  await counter.getByLabel('Counter quantum (₹ crore)').fill('10')
  await counter.getByRole('button', { name: 'Send counter' }).click()

  // The dealer's quote shows the negotiation; the dealer opens it and accepts the counter.
  const mine = rowWith(dealer, `${OFFER_YIELD}%`)
  await expect(mine).toContainText('1 negotiating')
  await mine.click()
  const thread = dealer.getByRole('region', { name: /^Negotiation with / })
  await expect(thread).toContainText(`${COUNTER_YIELD}%`)
  const closed = dealer.waitForResponse(
    (response) =>
      /\/api\/trade\/d\/eoi\/\d+\/close\/$/.test(response.url()) &&
      response.request().method() === 'PUT',
  )
  await thread.getByRole('button', { name: /^Accept/ }).click()
  // The deal is a ticket of the dealer's, sent to the broker's firm (decision 328).
  const ticketId = ((await (await closed).json()) as { deal: { ticket_id: number } }).deal.ticket_id
  expect(ticketId).toEqual(expect.any(Number))

  // Both see the deal: ₹10 cr at the counter's yield; ₹15 cr of the offer stays in the market.
  const deal = new RegExp(`Deal: ${BOND} ${COUNTER_YIELD}% · [0-9.]+ for ₹10 cr`)
  await expect(dealer.getByText(deal)).toBeVisible()
  await expect(broker.getByText(deal)).toBeVisible()
  await expect(rowWith(broker, `${OFFER_YIELD}%`)).toContainText('₹15 cr')
  await expect(broker.getByText(`ticket ${ticketId} in Ticketing`)).toBeVisible()
  // The tab with its grid, a thread and a deal open has no serious axe violations.
  await expectNoSeriousViolations(dealer, testInfo)

  // The dealer uploads three quotes; row 3's quantum is refused, the file fixed, then posted.
  await dealer.getByRole('button', { name: 'Upload quotes' }).click()
  const header = 'finstrument_id,quote_type,quantum,yield_stored,settlement_delta'
  const csv = (last: string) => ({
    name: 'quotes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        header,
        `${BOND_ISIN},BID,50000000,7.0133%,1`,
        `${BOND_ISIN},ASK,20000000,7.0144%,1`,
        last,
      ].join('\n'),
    ),
  })
  const fileInput = dealer.locator('input[type="file"]')
  await fileInput.setInputFiles(csv(`${BOND_ISIN},BID,5000,7.0155%,1`))
  await expect(
    dealer.getByRole('table', { name: 'Quotes in the file' }).getByRole('row').nth(3),
  ).toContainText('quantum: Quantum should be at least ₹1,00,000 (1 lakh)')
  await fileInput.setInputFiles(csv(`${BOND_ISIN},BID,5000000,7.0155%,1`))
  await dealer.getByRole('button', { name: 'Post 3 quotes' }).click()
  await expect(dealer.getByText('3 quotes posted to the market.')).toBeVisible()
  // The grid is virtualised: the bond's quotes, lowest yield first, bring them into view.
  await dealer.getByLabel('Filter by bond').fill(BOND_ISIN)
  await quotes(dealer).getByRole('button', { name: /Yield/ }).click()
  for (const level of ['7.0133%', '7.0144%', '7.0155%']) {
    await expect(rowWith(dealer, level)).toBeVisible()
  }

  // The deal's ticket is on both firms' Ticketing tab: sent, the broker's firm buying.
  for (const [page, side] of [
    [broker, 'Buy'],
    [dealer, 'Sell'],
  ] as const) {
    await tab(page, 'Ticketing').click()
    await page
      .getByRole('table', { name: 'Open tickets' })
      .getByRole('button', { name: new RegExp(`^Open ticket ${ticketId}:`) })
      .click()
    const ticket = page.getByRole('region', { name: `Ticket ${ticketId}` })
    await expect(ticket.getByText('Sent', { exact: true }).first()).toBeVisible()
    await expect(ticket.getByText(side, { exact: true })).toBeVisible()
    await expect(ticket).toContainText(BOND)
  }
  await dealer.context().close()
  await broker.context().close()
})

test('a quote past its validity leaves both screens without a reload', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const dealer = await rfqTab(browser, 'dealer@demo.test')
  const broker = await rfqTab(browser, 'broker@demo.test')

  // The shortest validity the API takes: one minute.
  const api = await playwright.request.newContext({ baseURL: baseURL! })
  const tokens = await api.post('/api/token/', {
    data: { email: 'dealer@demo.test', password: DEMO_PASSWORD },
  })
  const { access } = (await tokens.json()) as { access: string }
  const quote = await api.post('/api/trade/eoi/', {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      finstrument_id: BOND_ISIN,
      quote_type: 'BID',
      quantum: 5_00_00_000,
      fixed_field: 'yield',
      yield_stored: 0.071733,
      settlement_delta: 1,
      validity: 1,
    },
  })
  expect(quote.status(), await quote.text()).toBe(201)
  await api.dispose()

  for (const page of [dealer, broker]) await expect(rowWith(page, '7.1733%')).toBeVisible()
  // Gone within the minute (and the server's one-second sweep), on both sides, no reload.
  for (const page of [dealer, broker]) {
    await expect(rowWith(page, '7.1733%')).toHaveCount(0, { timeout: 75_000 })
  }
  await dealer.context().close()
  await broker.context().close()
})

test('a user without trade access sees empty lists and the timing text', async ({ page }) => {
  await signInAs(page, 'viewer@demo.test')
  await page.goto('/dart')
  for (const [name, title] of [
    ['RFQ quotes', 'No live quotes for your account'],
    ['Public runs', 'No public runs for your account'],
  ] as const) {
    await tab(page, name).click()
    const notice = page.getByRole('alert').filter({ hasText: title })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(
      'Your account cannot trade, so live quotes and runs are not shown.',
    )
    await expect(notice).toContainText('Trading is open 09:00–17:00 IST')
  }
  await expect(page.getByRole('table', { name: 'RFQ quotes' })).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Public runs' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New quote' })).toHaveCount(0)
})
