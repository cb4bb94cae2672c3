import type { AppPages } from '@bonds/ui-kit'

const pages_ = () => import('../content/pages.tsx')
const policies = () => import('../content/policy-pages.tsx')
const screens = () => import('@bonds/auth/screens')

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
  '/auth/login': () => screens().then((m) => ({ Page: m.LoginPage })),
  '/auth/logout': () => screens().then((m) => ({ Page: m.LogoutPage })),
  '/auth/forgot-password': () => screens().then((m) => ({ Page: m.ForgotPasswordPage })),
  '/auth/reset-password': () => screens().then((m) => ({ Page: m.ResetPasswordPage })),
  '/client/register': () => screens().then((m) => ({ Page: m.RegisterPage })),
}
