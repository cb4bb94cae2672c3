import type { AppPages } from '@bonds/ui-kit'

/** The find app's pages, by route-table path. */
export const pages: AppPages = {
  '/find': () => import('../routes/find-page.tsx'),
  '/security/:id': () => import('../routes/security-page.tsx'),
}
