import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ShellAccountProvider, type ShellAccountState } from './account.tsx'
import { AppLayout } from './app-layout.tsx'
import { BondsProvider } from './provider.tsx'

function renderLayout(state?: ShellAccountState) {
  const layout = (
    <AppLayout layout="dart" app="find">
      <p>page</p>
    </AppLayout>
  )
  render(
    <BondsProvider env="test">
      <MemoryRouter initialEntries={['/find']}>
        {state ? <ShellAccountProvider value={state}>{layout}</ShellAccountProvider> : layout}
      </MemoryRouter>
    </BondsProvider>,
  )
}

const signedIn = (
  roles: string[],
  tier: 'BASIC' | 'PREMIUM' = 'PREMIUM',
  rfqExchanges = ['NSE', 'BSE'],
): ShellAccountState => ({
  status: 'signed-in',
  account: {
    name: 'Demo User',
    email: 'demo@demo.test',
    roles,
    permissions: [],
    rfqExchanges,
    tier,
  },
})

const mainLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('AppLayout', () => {
  it('opens the small-screen navigation drawer, loaded on the first open', async () => {
    renderLayout()
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('link', { name: 'dart' })).toHaveAttribute('href', '/dart')
  })
})

describe('the header’s products', () => {
  it.each([
    ['a visitor', { status: 'signed-out' } as const, ['find', 'dart', 'mind']],
    ['a page whose session still loads', { status: 'loading' } as const, ['find', 'dart', 'mind']],
    ['the Ops Admin', signedIn(['clientopsadmin']), ['find']],
    ['a Dealer', signedIn(['clientdealer']), ['find', 'dart']],
    ['a Trade Viewer', signedIn(['clientviewer']), ['find', 'dart']],
    ['a Back Office user', signedIn(['backoffice']), ['find', 'dart']],
    // Compliance's dart is its surveillance view (see the next test).
    ['a Compliance Officer', signedIn(['complianceofficer']), ['find', 'dart']],
    ['a Market Researcher', signedIn(['dataviewer']), ['find', 'mind']],
    ['the basic role', signedIn(['user']), ['find']],
    ['a basic-tier broker', signedIn(['clientdealer'], 'BASIC'), ['find', 'dart']],
    ['a self-registered investor', signedIn(['user', 'dataviewer'], 'BASIC', []), ['find', 'mind']],
  ])('offers %s only the products it may open', (_who, state, products) => {
    renderLayout(state)
    expect(mainLinks()).toEqual([...products, 'About'])
  })

  it('leads a Compliance Officer’s dart to /surveillance, never to /dart', () => {
    renderLayout(signedIn(['complianceofficer']))
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'dart' })).toHaveAttribute('href', '/surveillance')
  })

  it('shows the signed-in user’s products in the small-screen drawer too', async () => {
    renderLayout(signedIn(['user']))
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('link', { name: 'find' })).toHaveAttribute('href', '/find')
    expect(within(drawer).queryByRole('link', { name: 'dart' })).toBeNull()
    expect(within(drawer).queryByRole('link', { name: 'mind' })).toBeNull()
  })
})
