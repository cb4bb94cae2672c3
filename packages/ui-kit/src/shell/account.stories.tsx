import type { Meta, StoryObj } from '@storybook/react-vite'
import { MemoryRouter } from 'react-router'
import { AccountMenu, ShellAccountProvider, type ShellAccountState } from './account.tsx'

function Menu({ state }: { state: ShellAccountState }) {
  return (
    <MemoryRouter initialEntries={['/find']}>
      <ShellAccountProvider value={state}>
        <AccountMenu app="find" />
      </ShellAccountProvider>
    </MemoryRouter>
  )
}

const meta = { title: 'ui-kit/AccountMenu', component: Menu } satisfies Meta<typeof Menu>

export default meta
type Story = StoryObj<typeof meta>

/** Signed out: "Sign in", carrying the page to come back to. */
export const SignedOut: Story = { args: { state: { status: 'signed-out' } } }
/** A Dealer: Profile and Sign out. */
export const Dealer: Story = {
  args: {
    state: {
      status: 'signed-in',
      account: {
        name: 'Dev Dealer',
        email: 'dealer@demo.test',
        roles: ['clientdealer'],
        permissions: [],
        rfqExchanges: [],
        tier: 'PREMIUM',
      },
    },
  },
}
/** An Ops Admin also sees Manage users and Exchange credentials. */
export const OpsAdmin: Story = {
  args: {
    state: {
      status: 'signed-in',
      account: {
        name: 'Olga Admin',
        email: 'opsadmin@demo.test',
        roles: ['clientopsadmin'],
        permissions: [],
        rfqExchanges: [],
        tier: 'PREMIUM',
      },
    },
  },
}
