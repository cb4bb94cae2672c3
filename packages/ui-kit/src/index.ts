// @bonds/ui-kit: formatters, the app router and build updates, the shell (layout, links, account
// state, error screens, provider, theme, first view), forms and toasts: what the apps and
// packages use.
/** The shared formatters (screens and the server's PDFs), re-exported from `@bonds/pricing`. */
export {
  formatDate,
  formatDateTime,
  formatIndianNumber,
  formatIstTime,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatUnits,
  formatYield,
  CRORE,
  LAKH,
} from '@bonds/pricing'
export {
  createAppMemoryRouter,
  createAppRouter,
  prepareAppRoutes,
} from './routing/create-app-router.tsx'
export type { AppPages, PreparedRoutes } from './routing/create-app-router.tsx'
export { createBuildUpdates } from './routing/build-updates.ts'
export type { BuildUpdates } from './routing/build-updates.ts'
export { AppLink } from './shell/app-link.tsx'
export { AppLayout } from './shell/app-layout.tsx'
/** The product's name as the header and the tab's title show it. */
export { PRODUCT_NAME } from '@bonds/domain'
export { DocumentTitle, useDocumentTitle } from './routing/document-title.tsx'
export { ShellAccountProvider, useShellAccount } from './shell/account.tsx'
export type { ShellAccountState } from './shell/account.tsx'
/** The account menu's "Help and support": an app provides what it opens. */
export { ShellHelpProvider, useShellHelp } from './shell/help.tsx'
export { ErrorScreen, NotFoundPage, upgradeRequestText } from './shell/error-screen.tsx'
export type { UpgradeRequestOutcome } from './shell/error-screen.tsx'
export { BondsProvider } from './shell/provider.tsx'
export { theme } from './shell/theme.ts'
export {
  COLOR_SCHEME_SCRIPT,
  FIRST_VIEW_ATTRIBUTES,
  FirstViewProvider,
  readFirstView,
  useFirstViewInert,
  useFirstViewName,
  useHydrated,
} from './shell/first-view.tsx'
export type { FirstView } from './shell/first-view.tsx'
export { mountApp } from './shell/mount-app.tsx'
export { saveBlob, saveBytes, saveFile, saveText } from './files/save-file.ts'
export type { SavableFile } from './files/save-file.ts'
export { TableScroll } from './tables/table-scroll.tsx'
export type { TableScrollProps } from './tables/table-scroll.tsx'
export { toast } from './toast/toast.tsx'
/** The mute setting of the product's sounds (toasts and chat), kept per browser. */
export { isSoundMuted, setSoundMuted, SOUND_MUTE_STORAGE_KEY } from './toast/sound.ts'
/** Forms: validate with the domain's zod schemas; put the server's field messages on the form. */
export { serverFieldErrorsOf, zodFormValidate } from './forms/zod-form.ts'
/** Mount a lazily loaded dialog from its first opening on. */
export { useOpenedOnce } from './lazy/opened-once.ts'
/** A menu or popover fetched on hover or focus of its target and shown on the first press. */
export { Deferred, lazyWithPreload, useOpenedOnMount } from './lazy/deferred.tsx'
export type {
  DeferredProps,
  DeferredTargetProps,
  OpenedOnMount,
  PreloadableComponent,
} from './lazy/deferred.tsx'
/** A hover tooltip fetched when the pointer first comes over its target. */
export { DeferredTooltip } from './lazy/deferred-tooltip.tsx'
export type { DeferredTooltipProps } from './lazy/deferred-tooltip.tsx'
