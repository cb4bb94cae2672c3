import { expect, test } from '@playwright/test'
import { signInAs } from './sign-in.ts'

// Issue 23's Done-when: a Market Researcher asks mind for a yield (the pricing library's, the bond
// linked), a count of Maharashtra SDLs (with the list behind it) and a forecast (declined); shares
// the conversation, which opens signed out at /mind/public/{id}; a dealer is refused at /mind.

const YTM_QUESTION = 'ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026?'
const COUNT_QUESTION = 'how many active Maharashtra SDLs mature after 2030?'
const FORECAST_QUESTION = 'where will the 10-year yield be next March?'
const CURVE_QUESTION = 'yield curve of PSU bonds'

test('a researcher asks, shares, and the shared chat opens signed out; a dealer is refused', async ({
  browser,
  page,
  request,
}) => {
  // The yield the pricing library gives, through the server's pricing callback.
  const priced = await request.post('/api/v1/finstrument/master/quote/IN0020210244', {
    data: {
      finstrument_id: 'IN0020210244',
      fixed_field: 'price',
      clean_price: 101.1,
      settlement_date: '2026-11-24',
    },
  })
  expect(priced.ok()).toBe(true)
  const expectedYield =
    ((await priced.json()) as { price: { bond_yield: number } }).price.bond_yield * 100

  await signInAs(page, 'researcher@demo.test')
  await page.goto('/mind')
  await expect(page.getByRole('heading', { level: 1, name: 'mind' })).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Your question' })

  // The page streams the answer (decision 280): server-sent events, the typed result before the
  // text, and the stored answer last.
  const streamed = page.waitForResponse(
    (r) => /\/api\/mind\/ask\/stream\/[A-Za-z0-9_-]{24}\/$/.test(r.url()) && r.status() === 200,
  )
  await box.fill(YTM_QUESTION)
  await page.getByRole('button', { name: 'Ask' }).click()
  const stream = await streamed
  expect(stream.headers()['content-type']).toContain('text/event-stream')
  const events = [...(await stream.text()).matchAll(/^event: (\w+)$/gm)].map((m) => m[1])
  expect(events[0]).toBe('progress')
  expect(events.indexOf('result')).toBeGreaterThan(0)
  expect(events.indexOf('result')).toBeLessThan(events.indexOf('text'))
  expect(events.at(-1)).toBe('done')
  await expect(page).toHaveURL(/\/mind\/chat\/[0-9a-f-]{36}$/)
  const answers = page.getByTestId('mind-answer')
  await expect(answers).toHaveCount(1)
  const shown = await answers.first().getByTestId('mind-result').textContent()
  expect(Number(shown?.replace('%', ''))).toBeCloseTo(expectedYield, 3)
  await expect(answers.first().getByRole('link', { name: '6.54% GS 2032' })).toHaveAttribute(
    'href',
    '/security/IN0020210244',
  )

  await box.fill(COUNT_QUESTION)
  await page.getByRole('button', { name: 'Ask' }).click()
  await expect(answers).toHaveCount(2)
  const count = answers.nth(1)
  await expect(count.getByTestId('mind-result')).toHaveText(/^\d+ bonds$/)
  const n = Number((await count.getByTestId('mind-result').textContent())?.split(' ')[0])
  expect(n).toBeGreaterThan(0)
  await expect(count.getByRole('row')).toHaveCount(n + 1)
  await expect(count.getByRole('button', { name: 'Download CSV' })).toBeVisible()

  await box.fill(FORECAST_QUESTION)
  await page.getByRole('button', { name: 'Ask' }).click()
  await expect(answers).toHaveCount(3)
  await expect(answers.nth(2).getByTestId('mind-result')).toHaveText('Not answered from the data')
  await expect(answers.nth(2)).toContainText('forecast')

  // A curve answer: the Mantine chart loads with it, in a figure described by its summary; the
  // table links each bond (decision 283).
  await box.fill(CURVE_QUESTION)
  await page.getByRole('button', { name: 'Ask' }).click()
  await expect(answers).toHaveCount(4)
  const curve = answers.nth(3).getByRole('group', { name: /^Disclosed yields: .* against years/ })
  await expect(curve.locator('.recharts-surface')).toBeVisible()
  await expect(curve).toHaveAttribute('aria-describedby', /.+/)
  const points = answers.nth(3).getByRole('region', { name: /^The answer's table/ })
  await expect(points.getByRole('link').first()).toHaveAttribute('href', /^\/security\/./)

  await page.getByRole('button', { name: 'Share' }).click()
  await page.getByRole('button', { name: 'Create public link' }).click()
  const link = await page.getByTestId('mind-share-link').inputValue()
  expect(link).toMatch(/\/mind\/public\/[A-Za-z0-9_-]{24}$/)

  // Signed out, in a fresh browser context: the shared chat, read-only, without the chat sidebar.
  const visitor = await browser.newContext()
  const open = await visitor.newPage()
  await open.goto(new URL(link).pathname)
  await expect(open.getByRole('heading', { level: 1, name: YTM_QUESTION })).toBeVisible()
  await expect(open.getByTestId('mind-answer')).toHaveCount(4)
  await expect(open.getByRole('navigation', { name: 'Chats' })).toHaveCount(0)
  await expect(open.getByRole('textbox', { name: 'Your question' })).toHaveCount(0)
  await visitor.close()

  // A dealer is refused at /mind.
  const desk = await browser.newContext()
  const dealer = await desk.newPage()
  await signInAs(dealer, 'dealer@demo.test')
  await dealer.goto('/mind')
  await expect(
    dealer.getByText(
      'You do not have permissions to access this page. Please contact your administrator',
    ),
  ).toBeVisible()
  await expect(dealer.getByRole('textbox', { name: 'Your question' })).toHaveCount(0)
  await desk.close()
})
