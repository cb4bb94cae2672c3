import type { AppPages } from '@bonds/ui-kit'

/** The dart app's pages, by route-table path. */
export const pages: AppPages = {
  '/dart': () => import('../routes/workspace-page.tsx'),
  '/surveillance': () => import('../routes/surveillance-page.tsx'),
  '/client/transactions': () => import('../routes/transactions-page.tsx'),
  '/inventory': () => import('../routes/inventory-page.tsx'),
  '/profile': () => import('@bonds/auth/settings').then((m) => ({ Page: m.ProfilePage })),
  '/manage-users': () => import('../routes/manage-users-page.tsx'),
  '/exchange-credentials': () =>
    import('@bonds/auth/settings').then((m) => ({ Page: m.ExchangeCredentialsPage })),
}
