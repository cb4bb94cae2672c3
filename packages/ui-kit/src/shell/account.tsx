// Who is signed in, as the shell shows it: the header's account menu and the settings links a
// user may open. The session (`@bonds/auth`) provides it; without a provider (stories, tests of
// single screens) the shell shows no account controls.
import { Button } from '@mantine/core'
import { IconLogin } from '@tabler/icons-react'
import { createContext, lazy, Suspense, use, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { loginPath, matchRoute, type AppName } from '@bonds/domain'
import { AccountButton } from './account-button.tsx'

const AccountMenuPopover = lazy(() => import('./account-menu-popover.tsx'))

/** The signed-in user, as far as the shell needs it. */
export interface ShellAccount {
  name: string
  email: string
  roles: readonly string[]
}

/** The shell's view of the session. */
export type ShellAccountState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; account: ShellAccount }

const ShellAccountContext = createContext<ShellAccountState | null>(null)

/** Provide the session's account to the shell (the session provider does this). */
export function ShellAccountProvider({
  value,
  children,
}: {
  value: ShellAccountState
  children: ReactNode
}) {
  return <ShellAccountContext value={value}>{children}</ShellAccountContext>
}

/** The shell's account state, or null outside a provider. */
export function useShellAccount(): ShellAccountState | null {
  return use(ShellAccountContext)
}

/** Settings pages, each with the roles it needs (any one), from the route table. */
export const SETTINGS_NAV: readonly { href: string; label: string }[] = [
  { href: '/profile', label: 'Profile' },
  { href: '/manage-users', label: 'Manage users' },
  { href: '/exchange-credentials', label: 'Exchange credentials' },
]

/** The settings links these roles may open (the route table's role rule). */
export function settingsLinksFor(roles: readonly string[]): typeof SETTINGS_NAV {
  return SETTINGS_NAV.filter((item) => {
    const needed = matchRoute(item.href)?.route.roles
    return !needed || needed.some((role) => roles.includes(role))
  })
}

/** The header's account control: "Sign in" when signed out, else the account menu. */
export function AccountMenu({ app }: { app: AppName }) {
  const state = useShellAccount()
  const { pathname, search } = useLocation()
  if (!state || state.status === 'loading') return null
  if (state.status === 'signed-out') {
    if (pathname.startsWith('/auth/')) return null
    return (
      <Button
        component="a"
        href={loginPath(pathname + search)}
        size="xs"
        variant="light"
        leftSection={<IconLogin size={16} aria-hidden />}
      >
        Sign in
      </Button>
    )
  }
  return (
    <Suspense fallback={<AccountButton account={state.account} disabled />}>
      <AccountMenuPopover app={app} account={state.account} />
    </Suspense>
  )
}
