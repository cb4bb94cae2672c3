import { expect, test, type Browser, type Page } from '@playwright/test'
import { isBusinessDay, todayInIndia } from '@bonds/pricing'
import { signInAs } from './sign-in.ts'

// Tickets from chat to settlement (issue 22's Done-when), in separate browsers: the demo dealer
// makes a ticket from the deal in the trading group and sends it; the demo broker accepts the
// consideration with a custodian; Demo Capital reports straight through to the simulated NSE
// Clearing; the deal, done for T+0, settles (the server's sweep settles reported trades on their
// settlement date); both firms see the order on /client/transactions; a second ticket accepted
// twice at once leaves one winner and tells the other why.

/** A signed-in page of its own browser context (a second browser, as far as the app knows). */
async function openAs(browser: Browser, email: string, path: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, email)
  await page.goto(path)
  return page
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) })
const ticketRegion = (page: Page) => page.getByRole('region', { name: /^Ticket \d+$/ })

/** How long the server's sweep may take to settle a reported trade (it runs every 30 s). */
const SETTLEMENT_TIMEOUT_MS = 75_000

/** HH:MM on India's clock a minute ago (not before midnight). */
function minuteAgoInIndia(): string {
  const now = new Date()
  const minutes = Math.max(0, ((now.getUTCHours() * 60 + now.getUTCMinutes() + 330) % 1440) - 1)
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

const TRADING_GROUP = /Demo Capital × Demo Securities/

/** To the workspace, unless the page is there already (a full load costs seconds on 2 cores). */
async function atDart(page: Page) {
  if (new URL(page.url()).pathname !== '/dart') await page.goto('/dart')
}

/** Open the demo trading group in the Chat tab. */
async function openTradingGroup(page: Page) {
  await atDart(page)
  await tab(page, 'Chat').click()
  await page
    .getByRole('navigation', { name: 'Chats' })
    .getByRole('button', { name: TRADING_GROUP })
    .click()
}

/**
 * The broker writes the deal in the trading group ("Done …, your buy"); the dealer makes a ticket
 * from that message and sends it to the broker. Answers the ticket's id.
 */
async function agreeAndTicket(
  dealer: Page,
  broker: Page,
  crore: number,
  settlement: 'T+0' | 'T+1' = 'T+1',
): Promise<{ id: number; run: string; settlementDate: string }> {
  // Letters only: a number in the message would read as part of the deal.
  const run = Array.from(
    { length: 10 },
    () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)],
  ).join('')
  const deal = `Done ✅ ${crore} cr 6.54 GS 2032 @ 7.0395% yld, ${settlement}, your buy (ref ${run})`
  await openTradingGroup(broker)
  const composer = broker.getByRole('textbox', { name: /^Message / })
  await composer.fill(deal)
  await composer.press('Enter')

  await openTradingGroup(dealer)
  const message = dealer.getByRole('log').locator('[data-message-id]', { hasText: run })
  const form = dealer.getByRole('form', { name: 'New ticket' })
  // The other journey writes in the same group: a message arriving scrolls the list (it stays at
  // the newest), which can move the button from under a click. Click again until the form opens.
  await expect(async () => {
    if (!(await form.isVisible())) {
      await message.getByRole('button', { name: /^Create ticket from this message/ }).click()
    }
    await expect(form).toBeVisible({ timeout: 3_000 })
  }).toPass()
  // The deal is read from the message: the bond, the yield and the size.
  await expect(form.getByText('Bond:')).toBeVisible()
  await expect(form.getByRole('textbox', { name: /^Yield/ })).toHaveValue('7.0395')
  await expect(form.getByRole('textbox', { name: /^Quantum/ })).toHaveValue(String(crore * 1e7))
  await form.getByText('Buy', { exact: true }).click()
  await form.getByRole('textbox', { name: /^Trade time/ }).fill(minuteAgoInIndia())
  const created = dealer.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/chatter/trade/'),
  )
  await form.getByRole('button', { name: 'Create ticket' }).click()
  const answer = await created
  expect(answer.status()).toBe(201)
  const { id, settlement_date: settlementDate } = (await answer.json()) as {
    id: number
    settlement_date: string
  }
  await expect(form).toBeHidden()

  // The draft is on the Ticketing tab; the dealer sends it.
  const region = await openTicket(dealer, id)
  await expect(region.getByText('Draft', { exact: true }).first()).toBeVisible()
  await region.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(region.getByText('Sent', { exact: true }).first()).toBeVisible()
  return { id, run, settlementDate }
}

/** Open a ticket on the Ticketing tab. */
async function openTicket(page: Page, id: number) {
  await atDart(page)
  await tab(page, 'Ticketing').click()
  await page
    .getByRole('table', { name: 'Open tickets' })
    .getByRole('button', { name: new RegExp(`^Open ticket ${id}:`) })
    .click()
  return ticketRegion(page)
}

/** Accept the consideration with HDFC Bank as custodian (the modal stays for the caller). */
async function acceptWithCustodian(page: Page) {
  await ticketRegion(page).getByRole('button', { name: 'Accept consideration' }).click()
  const modal = page.getByRole('dialog', { name: 'Accept consideration' })
  await modal.getByRole('combobox', { name: 'Custodian' }).fill('HDFC')
  await page.getByRole('option', { name: 'HDFC Bank Limited' }).click()
  return modal
}

test('a deal agreed in the trading group becomes a ticket, an order reported to NSE Clearing and settled, on both firms’ transactions', async ({
  browser,
}) => {
  const dealer = await openAs(browser, 'dealer@demo.test', '/dart')
  const broker = await openAs(browser, 'broker@demo.test', '/dart')
  // T+0 on a settlement day (it settles today); on a weekend or market holiday the clearing
  // corporation would refuse T+0, so the deal is T+1 and stays reported in this run.
  const settlesToday = isBusinessDay('GSEC', todayInIndia())
  const { id, run, settlementDate } = await agreeAndTicket(
    dealer,
    broker,
    15,
    settlesToday ? 'T+0' : 'T+1',
  )

  // The broker sees the sent ticket, its side and the consideration, and accepts it.
  const region = await openTicket(broker, id)
  await expect(region.getByText('Sell', { exact: true })).toBeVisible()
  const consideration = region.getByRole('table', { name: 'Consideration' })
  await expect(consideration).toContainText('Stamp duty')
  const modal = await acceptWithCustodian(broker)
  await modal.getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(modal).toBeHidden()
  // The dealer hears of it at once, whatever tab is open.
  await expect(
    dealer.getByText(new RegExp(`accepted the consideration of ticket ${id} `)),
  ).toBeVisible()

  // Demo Capital reports straight through: the simulated NSE Clearing confirms with a reference.
  await expect(region.getByText('Reported', { exact: true }).first()).toBeVisible()
  await expect(region.getByText(/NCL\d{8}/).first()).toBeVisible()
  // The dealer's open ticket follows without a reload (open_tickets over the socket).
  await expect(ticketRegion(dealer).getByText('Reported', { exact: true }).first()).toBeVisible()

  // Both firms see the order on /client/transactions.
  const orderRow = (page: Page) =>
    page
      .getByRole('table', { name: 'Transactions' })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: new RegExp(`^Open ticket ${id}:`) }) })
  for (const page of [dealer, broker]) {
    await page.goto('/client/transactions')
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible()
    await expect(orderRow(page).filter({ hasText: /Reported|Settled/ })).toHaveCount(1)
  }
  // Done for today: the order settles today, and both firms see it settled.
  if (settlesToday) {
    expect(settlementDate).toBe(todayInIndia())
    for (const page of [dealer, broker]) {
      await expect(async () => {
        await page.reload()
        await expect(orderRow(page).filter({ hasText: 'Settled' })).toHaveCount(1, {
          timeout: 5_000,
        })
      }).toPass({ timeout: SETTLEMENT_TIMEOUT_MS })
    }
  } else {
    test.info().annotations.push({
      type: 'settlement',
      description: `Today is not a settlement day: the deal settles on ${settlementDate}, after this run`,
    })
  }

  // Demo Capital's compliance officer reconstructs the trade, view only, and exports it.
  const officer = await openAs(browser, 'compliance@demo.test', '/surveillance')
  await officer
    .getByRole('table', { name: 'Trades' })
    .getByRole('button', { name: new RegExp(`^Open ticket ${id}:`) })
    .click()
  await expect(
    officer.getByRole('heading', { name: `Reconstruction of order #${id}` }),
  ).toBeVisible()
  // The deal message from the chat is on the timeline with the report.
  await expect(officer.getByText(run).first()).toBeVisible()
  await expect(officer.getByText(/NSE Clearing confirmed the report/).first()).toBeVisible()
  await expect(
    officer.getByRole('button', { name: /Accept|Send|Report|Settle|Cancel/ }),
  ).toHaveCount(0)
  const downloading = officer.waitForEvent('download')
  await officer.getByRole('button', { name: 'Export PDF' }).click()
  expect((await downloading).suggestedFilename()).toBe(`trade-${id}-reconstruction.pdf`)
})

test('two simultaneous accepts of one ticket leave one winner and tell the other why', async ({
  browser,
}) => {
  const dealer = await openAs(browser, 'dealer@demo.test', '/dart')
  const first = await openAs(browser, 'broker@demo.test', '/dart')
  const { id } = await agreeAndTicket(dealer, first, 5)

  // The broker has the ticket open in two browsers and accepts in both at once.
  const second = await openAs(browser, 'broker@demo.test', '/dart')
  await openTicket(first, id)
  await openTicket(second, id)
  const modals = [await acceptWithCustodian(first), await acceptWithCustodian(second)]
  await Promise.all(
    modals.map((modal) => modal.getByRole('button', { name: 'Accept', exact: true }).click()),
  )
  // One modal closes with the order made; the other says the trade is already accepted.
  const refusals = async () => {
    let count = 0
    for (const page of [first, second]) {
      count += await page
        .getByRole('alert')
        .filter({ hasText: /This trade is already (accepted|reported)\./ })
        .count()
    }
    return count
  }
  await expect.poll(refusals).toBe(1)
  await expect(ticketRegion(first).getByText('Reported', { exact: true }).first()).toBeVisible()
})
