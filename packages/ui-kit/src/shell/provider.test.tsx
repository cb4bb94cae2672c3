import { MantineProvider } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../toast/toast.tsx'
import { LateNotifications, loadOnce } from './provider.tsx'
import { theme } from './theme.ts'

const realAreas = () => import('../toast/toast-areas.tsx')
const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))

afterEach(() => {
  cleanup()
  act(() => {
    notifications.clean()
    notifications.cleanQueue()
  })
})

function Page({ load }: { load: () => ReturnType<typeof realAreas> }) {
  return (
    <MantineProvider theme={theme}>
      <LateNotifications env="default" load={load} />
      <p>Workspace</p>
    </MantineProvider>
  )
}

describe('loadOnce', () => {
  it('keeps a fetched module and fetches again after a failed fetch', async () => {
    const load = vi.fn().mockImplementationOnce(offline).mockResolvedValue('module')
    const once = loadOnce(load)
    await expect(once()).rejects.toThrow('Failed to fetch')
    await expect(once()).resolves.toBe('module')
    await expect(once()).resolves.toBe('module')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('the toast areas', () => {
  it('are fetched at the first key press, before any toast', () => {
    const load = vi.fn(realAreas)
    render(<Page load={load} />)
    expect(load).not.toHaveBeenCalled()
    fireEvent.keyDown(document.body, { key: 'a' })
    fireEvent.pointerDown(document.body)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('leave the page in place when their code cannot be fetched, and come back online', async () => {
    const load = vi.fn().mockImplementationOnce(offline).mockImplementation(realAreas)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<Page load={load} />)
    act(() => {
      toast.show({ severity: 'warn', summary: 'You are offline', id: 'offline', life: 0 })
    })
    await act(async () => {
      await Promise.resolve()
    })
    expect(load).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Workspace')).toBeInTheDocument()
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument()

    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('You are offline')).toBeInTheDocument()
    expect(screen.getByText('Workspace')).toBeInTheDocument()
    vi.mocked(console.error).mockRestore()
  })
})
