import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { makeTicket } from '../testing/factory.ts'
import { TicketList } from './ticket-list.tsx'

describe('TicketList', () => {
  const tickets = [makeTicket({ id: 101 }), makeTicket({ id: 102, display_name: '7.18% GS 2033' })]

  it('opens a row clicked anywhere, once', async () => {
    const onSelect = vi.fn()
    renderWithStore(<TicketList tickets={tickets} label="Transactions" onSelect={onSelect} />)
    await userEvent.click(screen.getAllByText('Beta Bank')[1]!)
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect.mock.calls[0]?.[0]).toMatchObject({ id: 102 })
  })

  it('opens a row from its bond’s button by keyboard, once', async () => {
    const onSelect = vi.fn()
    renderWithStore(<TicketList tickets={tickets} label="Transactions" onSelect={onSelect} />)
    screen.getByRole('button', { name: 'Open ticket 101: 6.54% GS 2032' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect.mock.calls[0]?.[0]).toMatchObject({ id: 101 })
  })

  it('is a plain table when nothing can be opened', () => {
    renderWithStore(<TicketList tickets={tickets} label="Transactions" />)
    expect(screen.queryByRole('button', { name: /^Open ticket/ })).not.toBeInTheDocument()
  })
})
