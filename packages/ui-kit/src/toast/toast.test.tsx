import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BondsProvider } from '../shell/provider.tsx'
import { isSoundMuted, setSoundMuted } from './sound.ts'
import { toast } from './toast.tsx'

afterEach(() => {
  act(() => toast.clearAll())
})

describe('toast', () => {
  it('shows a summary and detail and removes it on clear', async () => {
    render(<BondsProvider env="test">{null}</BondsProvider>)
    let id = ''
    act(() => {
      id = toast.show({ severity: 'info', summary: 'Connected', detail: 'Back online', id: 'conn' })
    })
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(screen.getByText('Back online')).toBeInTheDocument()
    act(() => toast.clear(id))
    await waitFor(() => expect(screen.queryByText('Connected')).not.toBeInTheDocument())
  })

  it('closes an ordinary toast after its life', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    render(<BondsProvider env="test">{null}</BondsProvider>)
    act(() => {
      toast.show({ severity: 'success', summary: 'Saved', life: 1000 })
    })
    expect(screen.getByText('Saved')).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500)
    })
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument())
    vi.useRealTimers()
  })

  it('keeps the mute setting', () => {
    expect(isSoundMuted()).toBe(false)
    setSoundMuted(true)
    expect(isSoundMuted()).toBe(true)
  })
})
