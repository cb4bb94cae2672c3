// Who is signed in, as the shell shows it: the session's account state and the header's account
// menu (its settings links are in account-links.ts). The session (`@bonds/auth`) provides the
// state; without a provider (stories, tests of single screens) the shell shows no account controls.
import { Button } from '@mantine/core'
import { IconLogin } from '@tabler/icons-react'
import { createContext, use, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { loginPath, type AppName } from '@bonds/domain'
import type { ShellAccount } from './account-links.ts'
import { Deferred, lazyWithPreload } from '../lazy/deferred.tsx'
import { AccountButton } from './account-button.tsx'

// The menu (Mantine's Menu and floating-ui) is fetched when the avatar is hovered or focused and
// shown when it is pressed, so its code is in no app's first load (issues 5 and 21).
const AccountMenuPopover = lazyWithPreload(() => import('./account-menu-popover.tsx'))

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
    <Deferred
      preload={AccountMenuPopover.preload}
      popup="menu"
      target={(props) => <AccountButton account={state.account} {...props} />}
    >
      <AccountMenuPopover app={app} account={state.account} />
    </Deferred>
  )
}
