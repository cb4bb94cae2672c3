import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { BondsProvider } from '@bonds/ui-kit'
import { describe, expect, it } from 'vitest'
import { Page } from './workspace-page.tsx'

describe('dart workspace', () => {
  it('shows the five workspace tabs with their texts, reachable by keyboard', async () => {
    render(
      <BondsProvider env="test">
        <Page />
      </BondsProvider>,
    )
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent)
    expect(tabs).toEqual(['Chat', 'Ticketing', 'Private runs', 'Public runs', 'RFQ quotes'])
    expect(
      screen.getByText(
        'Connect with other members ... via direct chat, groups, broadcast lists, and more.',
      ),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }))
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'RFQ quotes' })).toHaveAttribute('aria-selected', 'true')
    expect(
      screen.getByText(
        'View all live quotes on the exchanges and execute trades on NSE and BSE RFQ.',
      ),
    ).toBeInTheDocument()
  })
})
