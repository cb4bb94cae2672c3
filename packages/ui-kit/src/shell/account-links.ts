// The signed-in account as the shell knows it, and the settings links its roles may open (from
// the route table). Both the header's account control and the lazily loaded menu read them, so
// they live apart from either.
import { canOpen, matchRoute, type RouteUser } from '@bonds/domain'

/** The signed-in user, as far as the shell needs it (the route rules' view of them included). */
export interface ShellAccount extends RouteUser {
  name: string
  email: string
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

/** The firm's pages beside the workspace (decision 087): shown to those the guard opens them for. */
export const FIRM_NAV: readonly { href: string; label: string }[] = [
  { href: '/client/transactions', label: 'Transactions' },
  { href: '/inventory', label: 'Inventory' },
]

/** The firm's pages this account may open (the route guard's full rule, premium included). */
export function firmLinksFor(account: RouteUser): typeof FIRM_NAV {
  return FIRM_NAV.filter((item) => canOpen(item.href, account))
}
