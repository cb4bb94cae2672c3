import { expect, test } from '@playwright/test'

test.describe('theme', () => {
  test.use({ colorScheme: 'light' })

  test('follows the system preference on first visit', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto('/about')
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await context.close()
  })

  test('the toggle switches the theme and survives a reload and a change of app', async ({
    page,
  }) => {
    await page.goto('/about')
    const html = page.locator('html')
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
    await page.getByRole('button', { name: 'Toggle color scheme' }).first().click()
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await page.reload()
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await page.goto('/find')
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
  })
})
