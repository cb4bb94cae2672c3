import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AccountMenu, ShellAccountProvider, type ShellAccountState } from './account.tsx'
import { firmLinksFor, settingsLinksFor } from './account-links.ts'
import { AppLayout } from './app-layout.tsx'
import { ShellHelpProvider } from './help.tsx'
import { BondsProvider } from './provider.tsx'

function renderMenu(
  state: ShellAccountState,
  path = '/find?q=gs',
  wrap: (menu: ReactNode) => ReactNode = (menu) => menu,
) {
  render(
    <BondsProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <ShellAccountProvider value={state}>
          {wrap(<AccountMenu app="find" />)}
        </ShellAccountProvider>
      </MemoryRouter>
    </BondsProvider>,
  )
}

const dealer: ShellAccountState = {
  status: 'signed-in',
  account: {
    name: 'Dev Dealer',
    email: 'dealer@demo.test',
    roles: ['clientdealer'],
    permissions: [],
    rfqExchanges: [],
    tier: 'PREMIUM',
  },
}

/** Open the account menu (its code loads after the first paint; the button waits, disabled). */
async function openMenu() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Account: Dev Dealer (DD)', expanded: false }),
  )
  await screen.findByRole('menuitem', { name: 'Sign out' })
}

describe('AccountMenu', () => {
  it('offers sign-in that comes back to the page, except on the auth pages', () => {
    renderMenu({ status: 'signed-out' })
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Ffind%3Fq%3Dgs',
    )
  })

  it('shows nothing while the session loads', () => {
    renderMenu({ status: 'loading' })
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('lists the settings the roles open and sign-out', async () => {
    renderMenu({
      status: 'signed-in',
      account: {
        name: 'Dev Dealer',
        email: 'dealer@demo.test',
        roles: ['clientdealer'],
        permissions: [],
        rfqExchanges: [],
        tier: 'PREMIUM',
      },
    })
    // The menu's code loads after the first paint; until then the button waits, disabled.
    await userEvent.click(
      await screen.findByRole('button', { name: 'Account: Dev Dealer (DD)', expanded: false }),
    )
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    )
    expect(screen.queryByRole('menuitem', { name: 'Manage users' })).toBeNull()
    // The firm's pages the guard opens for a dealer (inventory needs its permission too).
    expect(screen.getByRole('menuitem', { name: 'Transactions' })).toHaveAttribute(
      'href',
      '/client/transactions',
    )
    expect(screen.queryByRole('menuitem', { name: 'Inventory' })).toBeNull()
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute(
      'href',
      '/auth/logout',
    )
    // No app gave it its support modal: "Help and support" is the contact page.
    expect(screen.getByRole('menuitem', { name: 'Help and support' })).toHaveAttribute(
      'href',
      '/contact',
    )
  })

  it('names the button with the initials it shows (WCAG 2.5.3: what is seen can be said)', async () => {
    renderMenu(dealer)
    const button = await screen.findByRole('button', { name: /^Account: Dev Dealer/ })
    const shown = button.textContent ?? ''
    expect(shown).toBe('DD')
    expect(button).toHaveAccessibleName('Account: Dev Dealer (DD)')
    expect(button.getAttribute('aria-label')).toContain(shown)
  })

  it('falls back to the e-mail, still naming what it shows', async () => {
    renderMenu({
      status: 'signed-in',
      account: {
        name: '',
        email: 'dealer@demo.test',
        roles: ['clientdealer'],
        permissions: [],
        rfqExchanges: [],
        tier: 'PREMIUM',
      },
    })
    const button = await screen.findByRole('button', { name: /^Account:/ })
    expect(button).toHaveAccessibleName('Account: dealer@demo.test (D)')
    expect(button.textContent).toBe('D')
  })

  it('offers "Help and support" when the app provides it, and opens it', async () => {
    const open = vi.fn()
    renderMenu(dealer, '/find', (menu) => <ShellHelpProvider open={open}>{menu}</ShellHelpProvider>)
    await openMenu()
    await userEvent.click(screen.getByRole('menuitem', { name: 'Help and support' }))
    expect(open).toHaveBeenCalledTimes(1)
  })
})

describe('firm pages', () => {
  it('offers Transactions to trading roles and Inventory to premium clients with access', () => {
    const account = (roles: string[], tier: 'BASIC' | 'PREMIUM', permissions: string[] = []) => ({
      roles,
      permissions,
      rfqExchanges: [],
      tier,
    })
    expect(firmLinksFor(account(['clientviewer'], 'BASIC')).map((l) => l.label)).toEqual([
      'Transactions',
    ])
    expect(
      firmLinksFor(account(['clientdealer'], 'PREMIUM', ['inventory.has_inventory_access'])).map(
        (l) => l.label,
      ),
    ).toEqual(['Transactions', 'Inventory'])
    expect(firmLinksFor(account(['dataviewer'], 'PREMIUM'))).toEqual([])
  })
})

describe('settings navigation', () => {
  it('keeps the Ops Admin pages to Ops Admins', () => {
    expect(settingsLinksFor(['clientopsadmin']).map((l) => l.href)).toEqual([
      '/profile',
      '/manage-users',
      '/exchange-credentials',
    ])
    expect(settingsLinksFor(['user']).map((l) => l.href)).toEqual(['/profile'])
  })

  it('shows a signed-in user only the settings pages they may open', () => {
    render(
      <BondsProvider env="test">
        <MemoryRouter initialEntries={['/profile']}>
          <ShellAccountProvider
            value={{
              status: 'signed-in',
              account: {
                name: 'U',
                email: 'u@x.in',
                roles: ['user'],
                permissions: [],
                rfqExchanges: [],
                tier: 'PREMIUM',
              },
            }}
          >
            <AppLayout layout="settings" app="dart">
              <p>profile</p>
            </AppLayout>
          </ShellAccountProvider>
        </MemoryRouter>
      </BondsProvider>,
    )
    const nav = screen.getByRole('navigation', { name: 'Settings' })
    expect(nav.querySelectorAll('a')).toHaveLength(1)
    // The page open is marked as NavLink marked it, and named current for assistive technology.
    const profile = within(nav).getByRole('link', { name: 'Profile' })
    expect(profile).toHaveAttribute('data-active', 'true')
    expect(profile).toHaveAttribute('aria-current', 'page')
  })
})
