import { createFakeFetch } from '@bonds/api-client/testing'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Page } from './surveillance-page.tsx'

describe('/surveillance', () => {
  it('opens on the firm’s trades, with the chats in the next tab', async () => {
    const fake = createFakeFetch().on('GET', 'api/surveillance/trades/', {
      body: { results: [], count: 0, page: 1, page_size: 20 },
    })
    renderWithStore(<Page />, { fake, path: '/surveillance' })
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Trades', 'Chats'])
    expect(screen.getByRole('tab', { name: 'Trades' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tablist', { name: 'Surveillance' })).toBeInTheDocument()
    expect(await screen.findByText('No trades yet')).toBeInTheDocument()
    expect(fake.callsTo('GET', 'api/surveillance/trades/')).toHaveLength(1)
  })
})
