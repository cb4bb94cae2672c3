import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  accruedInterest,
  formatRupees,
  priceFromYield,
  roundTo,
  todayInIndia,
  tradeConsideration,
  type BondTerms,
} from '@bonds/pricing'
import { DEMO_PASSWORD, signInAs } from './sign-in.ts'

// The desk's book (issue 25's Done-when): Demo Capital's dealer (premium) uploads a 50-row file
// with two bad rows, sees both errors by row, fixes them and saves; the book's market value and
// P&L match @bonds/pricing to the paisa; an external sale of 5 crore moves the position on its
// settlement date; an offer of 10 crore reaches the market and Demo Securities' broker sees it;
// 7 crore more offered to the broker alone reaches the broker's Private runs tab; the basic client is refused with 402 and files one upgrade request. (The numbers surviving a
// restart is the API test's: `apps/api/src/modules/inventory/routes.test.ts`.)

const HEADER = 'isin,face_value,clean_price,yield,trade_date,settlement_date,book'
const GS_2033 = 'IN0020230085' // 7.18% GS 2033, semi-annual, 14 Aug 2033
const GS_2034 = 'IN0020240019' // 7.10% GS 2034: not in the demo market, so the offer stands alone
const GS_2033_TERMS: BondTerms = {
  convention: 'GSEC',
  maturityDate: '2033-08-14',
  couponRate: 0.0718,
  frequency: 2,
}
/** G-secs and SDLs of the universe for the file's other rows (face ₹100: any whole crore is a lot). */
const OTHERS = [
  'IN0020210244',
  'IN0020230077',
  'IN0020230051',
  'IN0020220151',
  'IN0020220060',
  'IN0020210095',
  'IN0020220037',
  'IN0020230010',
  'IN0020240126',
  'IN0020250042',
  'IN0020220086',
  'IN0020210194',
  'IN1920210359',
  'IN1520170227',
  'IN3120170136',
  'IN1020160074',
  'IN3320210245',
  'IN3120190084',
]

/** The latest weekday on or before today in India (a settlement that has happened). */
function lastWeekday(): string {
  const at = new Date(`${todayInIndia()}T00:00:00Z`)
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at.setUTCDate(at.getUTCDate() - 1)
  return at.toISOString().slice(0, 10)
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { access: string }).access
}

/** The 50 rows: GS 2033 (row 1) and GS 2034 (row 2) at known yields, the rest spread over the others. */
function rows(book: string, date: string, bad: boolean): string[] {
  const lines = [
    `${GS_2033},200000000,,6.9,${date},${date},${book}`,
    `${GS_2034},300000000,,6.95,${date},${date},${book}`,
  ]
  for (let i = 2; i < 50; i++) {
    const isin = OTHERS[i % OTHERS.length]
    lines.push(
      `${isin},${(1 + (i % 5)) * 10_000_000},,${(6.8 + (i % 7) / 20).toFixed(2)},${date},${date},${book}`,
    )
  }
  if (bad) {
    lines[16] = `IN9999999999,10000000,,7,${date},${date},${book}` // row 17: unknown ISIN
    lines[32] = `${OTHERS[0]},10000000,99.5,7,${date},${date},${book}` // row 33: price and yield
  }
  return [HEADER, ...lines]
}

async function chooseFile(page: Page, name: string, lines: string[]) {
  await page
    .getByRole('dialog', { name: 'Upload holdings' })
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) })
}

test('the dealer uploads, values, sells outside, offers; the basic client is offered the upgrade', async ({
  page,
  request,
  browser,
}) => {
  const book = `E2E ${Date.now().toString(36)}`
  const date = lastWeekday()
  await signInAs(page, 'dealer@demo.test')
  await page.goto('/inventory')
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible()

  // Upload: both errors by row, nothing saved; fixed, saved whole.
  await page.getByRole('button', { name: 'Upload holdings' }).click()
  await chooseFile(page, 'book.csv', rows(book, date, true))
  const errors = page.getByRole('table', { name: 'Errors by row' })
  await expect(errors.getByRole('row')).toHaveCount(3)
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^17\s*isin\s*Unknown ISIN$/)
  await expect(errors.getByRole('row').nth(2)).toHaveText(
    /^33\s*clean_price\s*Cannot provide both price and yield$/,
  )
  await chooseFile(page, 'book-fixed.csv', rows(book, date, false))
  await page.getByRole('button', { name: 'Save 50 rows' }).click()
  await expect(page.getByText('50 rows were added to the book.')).toBeVisible()
  await page.keyboard.press('Escape')

  // The book: market value and P&L to the paisa, as @bonds/pricing computes them.
  await page.getByRole('textbox', { name: 'Book' }).fill(book)
  const grid = page.getByRole('table', { name: 'Positions' })
  await expect(grid.getByRole('row', { name: new RegExp(`^${book} · `) })).toBeVisible()
  // The book's charts load with the page (Mantine charts, decision 283), each described.
  const profile = page.getByRole('group', { name: 'Maturity profile' })
  await expect(profile.locator('.recharts-surface')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Issuer concentration (data)' })).toBeVisible()
  const token = await tokenOf(request, 'dealer@demo.test')
  const answer = await request.get(`/api/inventory/?book=${encodeURIComponent(book)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const held = (
    (await answer.json()) as {
      results: {
        isin: string
        yield: number
        face_value: number
        market_value: number
        unrealised_pnl: number
        cost_clean_price: number
      }[]
    }
  ).results
  const gs = held.find((p) => p.isin === GS_2033)!
  const today = todayInIndia()
  const clean = roundTo(priceFromYield(GS_2033_TERMS, today, gs.yield).cleanPrice, 4)
  const accrued = accruedInterest(GS_2033_TERMS, today)
  const market = tradeConsideration({
    faceAmount: 200_000_000,
    cleanPrice: clean,
    accruedPer100: accrued,
  })
  const costClean = roundTo(priceFromYield(GS_2033_TERMS, date, 0.069).cleanPrice, 4)
  const cost = tradeConsideration({
    faceAmount: 200_000_000,
    cleanPrice: costClean,
    accruedPer100: accrued,
  })
  expect(gs.cost_clean_price).toBe(costClean)
  expect(gs.market_value).toBe(market.consideration / 100)
  expect(gs.unrealised_pnl).toBe((market.principal - cost.principal) / 100)
  const gsRow = grid.getByRole('row').filter({ hasText: '7.18% GS 2033' })
  await expect(gsRow).toContainText(formatRupees(market.consideration / 100))
  const pnl = (market.principal - cost.principal) / 100
  await expect(gsRow).toContainText(pnl > 0 ? `+${formatRupees(pnl)}` : formatRupees(pnl))
  await expect(gsRow).toContainText('₹20 cr')

  // An external sale of 5 crore, settled on its settlement date: the position falls to 15 crore.
  await gsRow.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Record external trade' }).click()
  const form = page.getByRole('form', { name: 'External trade' })
  await expect(form.getByRole('textbox', { name: 'ISIN' })).toHaveValue(GS_2033)
  await form.getByRole('textbox', { name: 'Face value (₹)' }).fill('5,00,00,000')
  await form.getByRole('textbox', { name: 'Yield (%)' }).fill('7')
  await form.getByLabel(/Trade date/).fill(date)
  await form.getByLabel(/Settlement date/).fill(date)
  await form.getByRole('button', { name: 'Record trade' }).click()
  await expect(form.getByText(/^Recorded: sold IN0020230085 for ₹/)).toBeVisible()
  await page.keyboard.press('Escape')
  // The dialog and its overlay gone first: the checkbox is clicked, not the overlay above it.
  await expect(page.getByRole('dialog', { name: 'Record an external trade' })).toBeHidden()
  await expect(gsRow).toContainText('₹15 cr')
  await gsRow.getByRole('checkbox').uncheck()

  // Offer 10 crore of GS 2034 to the market. What the market already offers of it is read first,
  // so the journey's count holds on a retry too (the level's yield is the price's, 6.9499 % or
  // so, not the row's 6.95 %: all the asks are counted).
  const brokerToken = await tokenOf(request, 'broker@demo.test')
  const offered = async () => {
    const depth = await request.get(`/api/quote/depth/?isin=${GS_2034}`, {
      headers: { authorization: `Bearer ${brokerToken}` },
    })
    expect(depth.status()).toBe(200)
    const { asks } = (await depth.json()) as { asks: { quantum: number }[] }
    return asks.reduce((n, a) => n + a.quantum, 0)
  }
  const offeredBefore = await offered()
  const gs34 = grid.getByRole('row').filter({ hasText: '7.10% GS 2034' })
  await gs34.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Offer to market (1)' }).click()
  const offer = page.getByRole('dialog', { name: 'Offer to market' })
  const amount = offer.getByRole('textbox', { name: /^Offer of 7.10% GS 2034/ })
  await expect(amount).toHaveValue('300000000')
  await amount.fill('10,00,00,000')
  await offer.getByRole('button', { name: 'Offer to market' }).click()
  await expect(offer.getByText('1 offer is on the market.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(gs34).toContainText('(₹10 cr reserved)')

  // Offer 7 crore more of it to a chosen counterparty: a private run to Demo Securities' broker.
  await gs34.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Offer to market (1)' }).click()
  await offer.getByText('Private run to counterparties').click()
  await offer.getByRole('textbox', { name: /^Offer of 7.10% GS 2034/ }).fill('7,00,00,000')
  await offer.getByRole('textbox', { name: /^Counterparties/ }).fill('Bharat')
  await offer.getByRole('checkbox', { name: /^Bharat.*Demo Securities/ }).check()
  await offer.getByRole('button', { name: 'Send private run' }).click()
  await expect(offer.getByText(/^1 offer is in the private run of Bharat/)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(gs34).toContainText('(₹17 cr reserved)')

  // Demo Securities' broker sees the market offer (not the private run's) in the market depth.
  await expect.poll(offered).toBe(offeredBefore + 100_000_000)

  // The basic client (Demo Securities): 402 with the inventory request type; one request filed.
  const refused = await request.get('/api/inventory/', {
    headers: { authorization: `Bearer ${brokerToken}` },
  })
  expect(refused.status()).toBe(402)
  expect(await refused.json()).toMatchObject({ request_type: 'INVENTORY_ACCESS' })
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const broker = await context.newPage()
  await signInAs(broker, 'broker@demo.test')
  // The broker's Private runs tab shows the dealer's offer: 7.10% GS 2034, an offer of ₹7 crore.
  await broker.goto('/dart')
  await broker.getByRole('tab', { name: /^Private runs/ }).click()
  await expect(
    broker
      .getByRole('row')
      .filter({ hasText: '7.10% GS 2034' })
      .filter({ hasText: '₹7 cr' })
      .filter({ hasText: 'Offer' })
      .first(),
  ).toBeVisible()
  await broker.goto('/inventory')
  await expect(broker.getByText('Upgrade to premium plan to start')).toBeVisible()
  const upgrade = broker.getByRole('button', { name: 'Request Upgrade' })
  const filed = async () => {
    const [response] = await Promise.all([
      broker.waitForResponse(
        (r) => r.url().endsWith('/ext/tickets/') && r.request().method() === 'POST',
      ),
      upgrade.click(),
    ])
    expect(response.status()).toBe(200)
    expect(response.request().postDataJSON()).toMatchObject({
      ticket_attributes: { form_type: 'INVENTORY_ACCESS' },
    })
    return (await response.json()) as { id: number; already_requested: boolean }
  }
  const first = await filed()
  const second = await filed()
  expect(second).toMatchObject({ id: first.id, already_requested: true })
  await context.close()
})
