import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DeferredTooltip } from './deferred-tooltip.tsx'

describe('DeferredTooltip', () => {
  it('shows the tooltip when the pointer first comes over its target, which keeps working', async () => {
    const onClick = vi.fn()
    render(
      <MantineProvider>
        <DeferredTooltip label="Buzz: ring the other members">
          <button onClick={onClick}>Buzz</button>
        </DeferredTooltip>
      </MantineProvider>,
    )
    const user = userEvent.setup()
    expect(screen.queryByText('Buzz: ring the other members')).toBeNull()
    await user.hover(screen.getByRole('button', { name: 'Buzz' }))
    expect(await screen.findByText('Buzz: ring the other members')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Buzz' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    await user.unhover(screen.getByRole('button', { name: 'Buzz' }))
    await waitFor(() => expect(screen.queryByText('Buzz: ring the other members')).toBeNull())
  })

  it('lets a press that comes with the first hover (a tap) land', async () => {
    const onClick = vi.fn()
    render(
      <MantineProvider>
        <DeferredTooltip label="Attach files">
          <button onClick={onClick}>Attach</button>
        </DeferredTooltip>
      </MantineProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Attach' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
