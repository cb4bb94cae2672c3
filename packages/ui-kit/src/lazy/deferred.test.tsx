import { Button, MantineProvider, Menu } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Deferred, lazyWithPreload, useOpenedOnMount } from './deferred.tsx'

function RealMenu() {
  const target = useRef<HTMLButtonElement>(null)
  useEffect(() => target.current?.focus(), [])
  return (
    <>
      <button ref={target}>Panels</button>
      <ul aria-label="Panel list">
        <li>Chat</li>
      </ul>
    </>
  )
}

describe('Deferred', () => {
  it('fetches the code on hover or focus, shows the real one on the first press', async () => {
    const load = vi.fn(() => Promise.resolve({ default: RealMenu }))
    const Menu = lazyWithPreload(load)
    render(
      <Deferred
        preload={Menu.preload}
        popup="menu"
        target={(props) => <button {...props}>Panels</button>}
      >
        <Menu />
      </Deferred>,
    )
    const user = userEvent.setup()
    expect(load).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Panels', expanded: false })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    )
    await user.hover(screen.getByRole('button', { name: 'Panels' }))
    await user.tab()
    expect(load).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('list', { name: 'Panel list' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Panels' }))
    expect(await screen.findByRole('list', { name: 'Panel list' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Panels' })).toHaveFocus()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries the fetch again after it failed', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof RealMenu }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: RealMenu })
    const Menu = lazyWithPreload(load)
    await Menu.preload()
    await Menu.preload()
    expect(load).toHaveBeenCalledTimes(2)
  })
})

function MountedOpen() {
  const { target, opened, onChange } = useOpenedOnMount<HTMLButtonElement>()
  return (
    <Menu opened={opened} onChange={onChange}>
      <Menu.Target>
        <Button ref={target}>Panels</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Chat</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

describe('useOpenedOnMount', () => {
  it('opens the menu with its target focused, and gives the focus back when it closes', async () => {
    render(
      <MantineProvider>
        <MountedOpen />
      </MantineProvider>,
    )
    expect(await screen.findByRole('menuitem', { name: 'Chat' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Chat' })).toBeNull())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Panels' })).toHaveFocus())
  })
})
