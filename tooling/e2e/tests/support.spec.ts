import { expect, test, type APIRequestContext } from '@playwright/test'
import { DEMO_PASSWORD, signInAs } from './sign-in.ts'

// Issue 18's Done-when for @bonds/support: from the security page's calculator a Demo Capital
// dealer reports an issue with a screenshot; the ticket is created; the image the server stored
// shows the calculator but not its ignored area (the market level, painted a marker colour here);
// and Demo Capital's Ops Admin lists the ticket with that image. /contact files through the same
// package.

const BOND = '/security/IN0020210244'
/** Painted on the ignored market level: must not be in the image. */
const IGNORED = 'rgb(255, 0, 255)'
/** Painted on a block inside the captured calculator: must be in the image. */
const CAPTURED = 'rgb(0, 255, 0)'
/** How long the report modal may take to show its screenshot (a busy 2-core machine). */
const SCREENSHOT_TIMEOUT_MS = 60_000

interface ListedTicket {
  id: number
  type_label: string
  raised_by: { email: string } | null
  ticket_attributes: Record<string, unknown>
  attachments: string[]
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { access: string }).access
}

test('a report from the calculator stores a screenshot without the ignored area; the Ops Admin lists it', async ({
  browser,
  page,
  request,
}) => {
  // Its own words, so its row is found among earlier reports (a retry, another run).
  const description = `The yield looks a basis point off (${Date.now().toString(36)})`
  await signInAs(page, 'dealer@demo.test')
  await page.goto(BOND)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('6.54% GS 2032')
  const calculator = page.getByRole('region', { name: 'Price and yield' })
  await calculator.getByRole('textbox', { name: 'Yield (%)' }).fill('6.68')

  // Paint the ignored area magenta and a block of the captured area green, with a style sheet
  // (a late answer re-rendering the calculator keeps them, where painted nodes would be lost).
  await expect(
    page.locator('[data-support-capture="calculator"] [data-support-ignore="market-level"]'),
  ).toHaveCount(1)
  await page.addStyleTag({
    content: `
      [data-support-capture="calculator"] [data-support-ignore="market-level"] {
        display: block; min-height: 40px; background: ${IGNORED};
      }
      [data-support-capture="calculator"]::after {
        content: ''; display: block; height: 40px; width: 120px; background: ${CAPTURED};
      }`,
  })

  await calculator.getByRole('button', { name: 'Report issue' }).click()
  const dialog = page.getByRole('dialog', { name: 'Report an issue' })
  // html-to-image copies every element's computed style before drawing: seconds on a busy machine.
  await expect(
    dialog.getByRole('img', { name: 'Screenshot of pricing and cash flows' }),
  ).toBeVisible({ timeout: SCREENSHOT_TIMEOUT_MS })
  await dialog.getByRole('checkbox', { name: 'Price/yield seems incorrect' }).check()
  await dialog
    .getByRole('checkbox', {
      name: 'Share pricing details entered by you with our support team. This helps to resolve issues quicker.',
    })
    .check()
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description)
  const [upload, created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/ext/public/upload/')),
    page.waitForResponse((r) => r.url().endsWith('/ext/tickets/')),
    dialog.getByRole('button', { name: 'Submit' }).click(),
  ])
  expect(upload.status()).toBe(200)
  expect(created.status()).toBe(200)
  const ticketId = ((await created.json()) as { id: number }).id
  await expect(
    page.getByText('Thank you for reporting the issue. We will update you shortly via email.'),
  ).toBeVisible()
  await expect(dialog).toBeHidden()

  // The firm's Ops Admin lists it, with the dealer, the checkbox, the consented details, the image.
  const admin = await tokenOf(request, 'opsadmin@demo.test')
  const list = await request.get('/api/support/tickets/', {
    headers: { authorization: `Bearer ${admin}` },
  })
  expect(list.status()).toBe(200)
  const ticket = ((await list.json()) as { results: ListedTicket[] }).results.find(
    (t) => t.id === ticketId,
  )
  expect(ticket).toMatchObject({
    type_label: 'Report issue',
    raised_by: { email: 'dealer@demo.test' },
    ticket_attributes: {
      context: 'pricing_cashflow',
      form_type: 'REPORT_ISSUE_PRICING_CASHFLOW',
      issues: 'Price/yield seems incorrect',
    },
  })
  expect(String(ticket?.ticket_attributes.pricing_details)).toContain('IN0020210244')
  expect(ticket?.attachments).toHaveLength(1)

  // The stored file, as the server serves it: a PNG with the captured block and no marker of the
  // ignored area.
  const path = new URL(ticket?.attachments[0] ?? '').pathname
  const file = await request.get(path)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('image/png')
  const bytes = await file.body()
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  const counts = await page.evaluate(async (base64) => {
    const image = new Image()
    image.src = `data:image/png;base64,${base64}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
    const draw = canvas.getContext('2d')
    if (!draw) throw new Error('no 2-D context')
    draw.drawImage(image, 0, 0)
    const { data } = draw.getImageData(0, 0, canvas.width, canvas.height)
    let magenta = 0
    let green = 0
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]]
      if (r > 240 && g < 16 && b > 240) magenta += 1
      if (r < 16 && g > 240 && b < 16) green += 1
    }
    return { magenta, green, width: canvas.width, height: canvas.height }
  }, bytes.toString('base64'))
  expect(counts.width).toBeGreaterThan(100)
  expect(counts.green).toBeGreaterThan(1000)
  expect(counts.magenta).toBe(0)

  // The Ops Admin sees it on /manage-users, under the firm's users, with its file a click away.
  const adminPage = await (await browser.newContext()).newPage()
  await signInAs(adminPage, 'opsadmin@demo.test')
  await adminPage.goto('/manage-users')
  const row = adminPage
    .getByRole('table', { name: 'Support tickets' })
    .getByRole('row')
    .filter({ hasText: description })
  await expect(row).toContainText('Report issue')
  await expect(row).toContainText('Price/yield seems incorrect')
  await expect(row.getByRole('link', { name: 'File 1' })).toHaveAttribute(
    'href',
    ticket?.attachments[0] ?? '',
  )

  // Nobody else's Ops Admin view: a dealer may not list the firm's tickets.
  const dealer = await tokenOf(request, 'dealer@demo.test')
  const refused = await request.get('/api/support/tickets/', {
    headers: { authorization: `Bearer ${dealer}` },
  })
  expect(refused.status()).toBe(403)
})

test('/contact files a message through the support package', async ({ page }) => {
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Contact us' })
  await form.getByRole('textbox', { name: 'Name' }).fill('Asha Rao')
  await form.getByRole('textbox', { name: 'Email' }).fill('asha@alpha.test')
  await form.getByRole('textbox', { name: 'Message' }).fill('Please onboard Alpha Capital')
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/ext/tickets/')),
    form.getByRole('button', { name: 'Send message' }).click(),
  ])
  expect(created.status()).toBe(200)
  await expect(page.getByText('Your message has been noted')).toBeVisible()
})
