import { expect, test } from '@playwright/test'

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
