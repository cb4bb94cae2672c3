import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { signInAs } from './sign-in.ts'

const BOND = '/security/IN0020210244'

const priceOf = async (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''))

test('the security page prices 6.54% GS 2032 from a yield, and from a price after the switch', async ({
  page,
}) => {
  await page.goto('/security/IN0020210244')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('6.54% GS 2032')
  await expect(page.getByRole('cell', { name: 'Government of India' }).first()).toBeVisible()

  const yieldField = page.getByRole('textbox', { name: 'Yield (%)' })
  await yieldField.fill('6.68')
  const price = page.getByRole('status', { name: 'Price', exact: true })
  await expect(price).toHaveText(/\d+\.\d{4}/)
  const at668 = await priceOf(await price.textContent())
  expect(at668).toBeGreaterThan(95)
  expect(at668).toBeLessThan(105)

  // A higher yield, a lower price: computed in the browser as the user types.
  await yieldField.fill('7.5')
  await expect.poll(async () => priceOf(await price.textContent())).toBeLessThan(at668)

  // Switch the fixed field from the keyboard.
  await page.getByRole('radio', { name: 'Yield' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Price' })).toBeChecked()
  const priceField = page.getByRole('textbox', { name: 'Price (per ₹100)' })
  await priceField.fill('100')
  const yieldOut = page.getByRole('status', { name: 'Yield', exact: true })
  await expect(yieldOut).toHaveText(/\d+\.\d{4}/)
})

test('an unknown security shows the 404 screen with its path', async ({ page }) => {
  await page.goto('/security/XX0000000000')
  await expect(page.getByText('Page not found')).toBeVisible()
  await expect(page.getByText('/security/XX0000000000', { exact: true })).toBeVisible()
})

test('a cash-flow table appears for a quantity, in rupees with Indian grouping', async ({
  page,
}) => {
  await page.goto(BOND)
  const section = page.getByRole('region', { name: 'Cash flows' })
  await expect(section.getByText('Enter a quantity')).toBeVisible()
  const quantity = section.getByRole('textbox', { name: /Quantity \(units\)/ })
  await quantity.fill('0')
  await quantity.press('Enter')
  await expect(section.getByText('Cannot be zero')).toBeVisible()
  await quantity.fill('1000')
  await expect(section.getByText('₹1 lakh face value at ₹100 per unit')).toBeVisible()
  await section.getByRole('button', { name: 'Show cash flows' }).click()
  const table = section.getByRole('table', { name: /Cash flows for 1,000 units/ })
  await expect(table).toBeVisible()
  // 6.54% half-yearly on ₹1,00,000 face: ₹3,270.00 a coupon, ₹1,00,000.00 back at maturity.
  await expect(table.getByRole('row', { name: /17-Jan-2032/ })).toContainText(
    /₹3,270\.00\s*₹1,00,000\.00\s*₹1,03,270\.00/,
  )
  await expect(section.getByRole('img', { name: 'Cash flows by date' })).toBeVisible()
})

test('the bond-details PDF downloads, and reads with ₹ and the dates the screen shows', async ({
  page,
}) => {
  await page.goto(BOND)
  await page.getByRole('textbox', { name: 'Yield (%)' }).fill('6.68')
  const button = page.getByRole('button', { name: 'Bond details (PDF)' })
  const downloading = page.waitForEvent('download')
  await button.click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('IN0020210244-bond-details.pdf')
  const path = await download.path()
  const bytes = await readFile(path)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  // What a PDF reader extracts (poppler's pdftotext, installed by the test bootstrap): the term
  // sheet as the page showed it, ₹ and 17-Jan-2032, never "Rs." or "17 Jan 2032".
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
  expect(text).toMatch(/Face value\s+₹100 per unit/)
  expect(text).toMatch(/Maturity\s+17-Jan-2032/)
  expect(text).toMatch(/Coupon\s+6\.54%/)
  expect(text).toContain('Priced at the yield given (6.6800%).')
  expect(text).not.toMatch(/Rs\.|17 Jan 2032/)
  await expect(
    page.getByText('Bond details downloaded as IN0020210244-bond-details.pdf.'),
  ).toBeVisible()
  await expect(button).toBeEnabled()
})

test('a G-sec page offers no information memorandum, and says why', async ({ page }) => {
  await page.goto(BOND)
  const downloads = page.getByRole('region', { name: 'Downloads' })
  await expect(downloads.getByRole('button', { name: 'Bond details (PDF)' })).toBeVisible()
  await expect(
    downloads.getByText(
      'No information memorandum is published for this bond: government securities are issued under the RBI’s notifications, not a memorandum.',
    ),
  ).toBeVisible()
  await expect(downloads.getByRole('button', { name: 'Information memorandum' })).toHaveCount(0)
  await expect(page.getByText('You can download IM directly from here.')).toHaveCount(0)
})

test('a visitor is told what signing in unlocks on the gated sections', async ({ page }) => {
  await page.goto(`${BOND}?from=find`)
  const history = page.getByRole('region', { name: 'Trade history' })
  await expect(history).toContainText('Sign in to see the trades of this bond')
  await expect(history.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/auth/login?redirect=%2Fsecurity%2FIN0020210244%3Ffrom%3Dfind',
  )
  await expect(page.getByRole('region', { name: 'Credit rationale' })).toContainText(
    'Sign in to see the rating agencies’ rationale',
  )
  // The issuer's other bonds are public.
  const others = page.getByRole('region', { name: 'More bonds of Government of India' })
  await expect(others.getByRole('link').first()).toBeVisible()
})

test('a signed-in user sees the trade history and credit rationale sections', async ({ page }) => {
  await signInAs(page, 'dealer@demo.test')
  await page.goto(BOND)
  const history = page.getByRole('region', { name: 'Trade history' })
  await expect(history.getByText('No trades recorded yet')).toBeVisible()
  await expect(history.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  await expect(
    page.getByRole('region', { name: 'Credit rationale' }).getByText('No credit rationale yet'),
  ).toBeVisible()
})

test('a dealer’s calculator starts from the best live offer, and takes it again on request', async ({
  page,
}) => {
  await signInAs(page, 'dealer@demo.test')
  await page.goto(BOND)
  const calculator = page.getByRole('region', { name: 'Price and yield' })
  // The demo market's best offer on 6.54% GS 2032: 6.53% for ₹5 cr, at T+1.
  const level = calculator.getByRole('group', { name: 'Market level' })
  await expect(level).toContainText(
    /Best offer \(live quote\): 6\.5300% · price \d+\.\d{4} · ₹5 cr/,
  )
  const yieldField = calculator.getByRole('textbox', { name: 'Yield (%)' })
  await expect(yieldField).toHaveValue('6.5300')
  const price = calculator.getByRole('status', { name: 'Price', exact: true })
  const offered = (await level.textContent())?.match(/price (\d+\.\d{4})/)?.[1]
  await expect(price).toHaveText(offered as string)

  await yieldField.fill('7')
  await expect(price).not.toHaveText(offered as string)
  await level.getByRole('button', { name: 'Use this level' }).click()
  await expect(yieldField).toHaveValue('6.5300')
  await expect(price).toHaveText(offered as string)
})

test('a visitor sees a corporate’s disclosed yield, and a G-sec with no level says so', async ({
  page,
}) => {
  await page.goto('/security/INE121A07RE9')
  const calculator = page.getByRole('region', { name: 'Price and yield' })
  await expect(calculator.getByRole('group', { name: 'Market level' })).toContainText(
    'Disclosed yield on 09-Apr-2025: 8.7500%',
  )
  await expect(calculator.getByRole('textbox', { name: 'Yield (%)' })).toHaveValue('8.7500')

  // Live offers are for traders: a visitor on the G-sec sees none.
  await page.goto(BOND)
  await expect(
    page.getByText('No live offer, trade or disclosed yield for this bond yet.'),
  ).toBeVisible()
})

test('the security page works from the keyboard alone', async ({ page }) => {
  await page.goto(BOND)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('6.54% GS 2032')
  // Tab to the quantity, type, submit with Enter.
  const quantity = page.getByRole('textbox', { name: /Quantity/ })
  for (
    let i = 0;
    i < 40 && !(await quantity.evaluate((el) => el === document.activeElement));
    i += 1
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(quantity).toBeFocused()
  await page.keyboard.type('250')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('table', { name: /Cash flows for 250 units/ })).toBeVisible()
  // The table scrolls from the keyboard: its region takes focus.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('region', { name: 'Cash-flow table' })).toBeFocused()
})
