import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { InventoryPage } from './inventory-page.tsx'
import { TransactionsPage } from './transactions-page.tsx'

describe('pages whose feature is still being built', () => {
  it('/client/transactions says what it lists and why it is empty', () => {
    renderWithStore(<TransactionsPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument()
    const empty = screen.getByRole('status')
    expect(empty).toHaveTextContent('No transactions yet')
    expect(empty).toHaveTextContent('not available yet')
    expect(screen.getByRole('link', { name: 'Go to the dart workspace' })).toHaveAttribute(
      'href',
      '/dart',
    )
  })

  it('/inventory says what it holds and why it is empty', () => {
    renderWithStore(<InventoryPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('No inventory uploaded yet')
  })
})
