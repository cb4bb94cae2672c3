import type { AppPages } from '@bonds/ui-kit'

const pages_ = () => import('../content/pages.tsx')
const policies = () => import('../content/policy-pages.tsx')

/** The marketing site's pages, by route-table path. */
export const pages: AppPages = {
  '/': () => import('../content/home-page.tsx').then((m) => ({ Page: m.HomePage })),
  '/about': () => pages_().then((m) => ({ Page: m.AboutPage })),
  '/product/dart': () => pages_().then((m) => ({ Page: m.ProductDartPage })),
  '/product/find': () => pages_().then((m) => ({ Page: m.ProductFindPage })),
  '/product/mind': () => pages_().then((m) => ({ Page: m.ProductMindPage })),
  '/best-practices': () => policies().then((m) => ({ Page: m.BestPracticesPage })),
  '/chat-policy': () => policies().then((m) => ({ Page: m.ChatPolicyPage })),
  '/contact': () => policies().then((m) => ({ Page: m.ContactPage })),
  '/data-security': () => policies().then((m) => ({ Page: m.DataSecurityPage })),
  '/privacy': () => policies().then((m) => ({ Page: m.PrivacyPage })),
  '/terms': () => policies().then((m) => ({ Page: m.TermsPage })),
  '/auth/login': () => import('../auth/login-page.tsx'),
  '/auth/logout': () => import('../auth/logout-page.tsx'),
}
