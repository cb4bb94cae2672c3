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
  prepareAppRoutes,
} from './routing/create-app-router.tsx'
export type {
  AppPages,
  AppRouterOptions,
  PageLoader,
  PreparedRoutes,
  RouteGuard,
} from './routing/create-app-router.tsx'
export {
  BUILD_POLL_INTERVAL_MS,
  createBuildUpdates,
  isChunkLoadError,
  VERSION_STORAGE_KEY,
} from './routing/build-updates.ts'
export type { BuildUpdates, BuildUpdatesOptions } from './routing/build-updates.ts'
export { AppLink } from './shell/app-link.tsx'
export type { AppLinkProps } from './shell/app-link.tsx'
export { AppLayout, FOOTER_LINKS, MAIN_NAV, PRODUCT_NAME } from './shell/app-layout.tsx'
export type { AppLayoutProps } from './shell/app-layout.tsx'
export {
  AccountMenu,
  SETTINGS_NAV,
  settingsLinksFor,
  ShellAccountProvider,
  useShellAccount,
} from './shell/account.tsx'
export type { ShellAccount, ShellAccountState } from './shell/account.tsx'
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
export {
  COLOR_SCHEME_SCRIPT,
  FIRST_VIEW_ATTRIBUTES,
  FirstViewProvider,
  readFirstView,
  ROOT_ID,
  useFirstViewName,
  useHydrated,
} from './shell/first-view.tsx'
export type { FirstView } from './shell/first-view.tsx'
export { mountApp } from './shell/mount-app.tsx'
export type { MountAppOptions } from './shell/mount-app.tsx'
export { isSoundMuted, playSound, setSoundMuted, SOUND_MUTE_STORAGE_KEY } from './toast/sound.ts'
export { toast, TOAST_LIFE_MS } from './toast/toast.tsx'
export type { ToastGroup, ToastMessage, ToastSeverity } from './toast/toast.tsx'
/** Forms: validate with the domain's zod schemas; put the server's field messages on the form. */
export { serverFieldErrorsOf, zodFormValidate } from './forms/zod-form.ts'
