export {
  formatDate,
  formatIndianNumber,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatYield,
  CRORE,
  LAKH,
} from './format/format.ts'
export type { QuantumUnit } from './format/format.ts'
export {
  appRouteObjects,
  createAppMemoryRouter,
  createAppRouter,
} from './routing/create-app-router.tsx'
export type {
  AppPages,
  AppRouterOptions,
  PageLoader,
  RouteGuard,
} from './routing/create-app-router.tsx'
export { AppLink } from './shell/app-link.tsx'
export type { AppLinkProps } from './shell/app-link.tsx'
export {
  AppLayout,
  FOOTER_LINKS,
  MAIN_NAV,
  PRODUCT_NAME,
  SETTINGS_NAV,
} from './shell/app-layout.tsx'
export type { AppLayoutProps } from './shell/app-layout.tsx'
export {
  ERROR_SCREEN_TEXTS,
  ErrorScreen,
  errorScreenLayout,
  NotFoundPage,
  PREMIUM_FEATURES,
} from './shell/error-screen.tsx'
export type { ErrorScreenProps } from './shell/error-screen.tsx'
export { BondsProvider } from './shell/provider.tsx'
export type { BondsProviderProps } from './shell/provider.tsx'
export { colorSchemeManager, COLOR_SCHEME_STORAGE_KEY, theme } from './shell/theme.ts'
export { ThemeToggle } from './shell/theme-toggle.tsx'
export { isSoundMuted, playSound, setSoundMuted, SOUND_MUTE_STORAGE_KEY } from './toast/sound.ts'
export { toast, TOAST_LIFE_MS } from './toast/toast.tsx'
export type { ToastGroup, ToastMessage, ToastSeverity } from './toast/toast.tsx'
