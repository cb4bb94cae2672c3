import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CustodianSelect } from './custodian-select.tsx'

describe('CustodianSelect', () => {
  it('opens no empty dropdown over the form until there is something to say', async () => {
    renderWithStore(<CustodianSelect value={null} onChange={vi.fn()} />, {
      fake: createFakeFetch(),
    })
    const field = screen.getByRole('combobox', { name: /Custodian/ })
    await userEvent.click(field)
    // Before: "Start typing to search..." lay over the modal's buttons from the first focus.
    expect(screen.queryByText('Start typing to search...')).not.toBeInTheDocument()
    await userEvent.type(field, 'HD')
    expect(await screen.findByText('Start typing to search...')).toBeVisible()
  })

  it('lists what the server found and hands the pick over', async () => {
    const onChange = vi.fn()
    const fake = createFakeFetch().on('GET', 'api/client/search-custodians/', {
      body: [{ client_id: 'cust-hdfc', name: 'HDFC Bank Limited' }],
    })
    renderWithStore(<CustodianSelect value={null} onChange={onChange} />, { fake })
    await userEvent.type(screen.getByRole('combobox', { name: /Custodian/ }), 'HDFC')
    await userEvent.click(await screen.findByRole('option', { name: 'HDFC Bank Limited' }))
    expect(onChange).toHaveBeenCalledWith({ client_id: 'cust-hdfc', name: 'HDFC Bank Limited' })
  })
})
