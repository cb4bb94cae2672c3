import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BondsProvider } from './provider.tsx'
import { COLOR_SCHEME_STORAGE_KEY } from './theme.ts'
import { ThemeToggle } from './theme-toggle.tsx'

describe('ThemeToggle', () => {
  it('switches the scheme and keeps the choice in local storage', async () => {
    const first = render(
      <BondsProvider env="test">
        <ThemeToggle />
      </BondsProvider>,
    )
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light')
    await userEvent.click(screen.getByRole('button', { name: 'Toggle color scheme' }))
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark')
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark')
    first.unmount()

    // A new page load reads the stored choice.
    render(
      <BondsProvider env="test">
        <ThemeToggle />
      </BondsProvider>,
    )
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await userEvent.click(screen.getByRole('button', { name: 'Toggle color scheme' }))
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light')
  })
})
