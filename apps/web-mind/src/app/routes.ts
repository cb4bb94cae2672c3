import type { AppPages } from '@bonds/ui-kit'

/** The mind app's pages, by route-table path. */
export const pages: AppPages = {
  '/mind': () => import('../routes/mind-home-page.tsx'),
  '/mind/chat/:id': () => import('../routes/mind-chat-page.tsx'),
  '/mind/preview': () => import('../routes/mind-preview-page.tsx'),
  '/mind/public/:id': () => import('../routes/mind-public-chat-page.tsx'),
}
