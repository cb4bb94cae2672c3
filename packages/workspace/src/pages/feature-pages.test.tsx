import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { InventoryPage } from './inventory-page.tsx'

describe('a page whose feature is still being built', () => {
  it('/inventory says what it holds and why it is empty', () => {
    renderWithStore(<InventoryPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('No inventory uploaded yet')
  })
})
