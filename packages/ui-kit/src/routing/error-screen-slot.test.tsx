import { render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { BondsProvider } from '../shell/provider.tsx'
import { ErrorScreenSlot, LoadFailed, PlainErrorScreen } from './error-screen-slot.tsx'

describe('the error screen slot', () => {
  it('shows the error screen once its code is in', async () => {
    render(
      <BondsProvider env="test">
        <ErrorScreenSlot status={401} />
      </BondsProvider>,
    )
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument()
  })

  it('falls back to the plain panel with the same message when the code cannot be fetched', async () => {
    const Failing = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /dart/x.js')),
    )
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <BondsProvider env="test">
        <LoadFailed fallback={<PlainErrorScreen message="A newer version is out" />}>
          <Suspense fallback={null}>
            <Failing />
          </Suspense>
        </LoadFailed>
      </BondsProvider>,
    )
    expect(await screen.findByText('A newer version is out')).toBeInTheDocument()
    quiet.mockRestore()
  })

  it('offers a reload when there is no message to show', () => {
    render(
      <BondsProvider env="test">
        <PlainErrorScreen />
      </BondsProvider>,
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong...' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })
})
