import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { AppLayout } from './app-layout.tsx'
import { BondsProvider } from './provider.tsx'

describe('AppLayout', () => {
  it('opens the small-screen navigation drawer, loaded on the first open', async () => {
    render(
      <BondsProvider env="test">
        <MemoryRouter initialEntries={['/find']}>
          <AppLayout layout="dart" app="find">
            <p>page</p>
          </AppLayout>
        </MemoryRouter>
      </BondsProvider>,
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('link', { name: 'dart' })).toHaveAttribute('href', '/dart')
  })
})
