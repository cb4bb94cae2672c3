import { BUILD_NETWORK_TITLE, WORKSPACE_TABS } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Page } from './workspace-page.tsx'

const tabNames = () =>
  screen.getAllByRole('tab').map((tab) => tab.textContent?.replace('×', '').trim())

describe('dart workspace', () => {
  it('shows Build Network and the five workspace tabs with their texts, by keyboard too', async () => {
    renderWithStore(<Page />)
    expect(tabNames()).toEqual([BUILD_NETWORK_TITLE, ...WORKSPACE_TABS.map((tab) => tab.label)])
    expect(
      screen.getByText(
        'Connect with other members ... via direct chat, groups, broadcast lists, and more.',
      ),
    ).toBeInTheDocument()
    screen.getByRole('tab', { name: /^Chat/ }).focus()
    await userEvent.keyboard('{ArrowLeft}{Enter}')
    expect(screen.getByRole('tab', { name: /^RFQ quotes/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(
      await screen.findByText(
        'View all live quotes on the exchanges and execute trades on NSE and BSE RFQ.',
      ),
    ).toBeInTheDocument()
  })
})
