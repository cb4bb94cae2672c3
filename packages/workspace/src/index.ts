/** The workspace frame: panels in a saved, rearrangeable layout. */
export { DartWorkspace, panelShortcut } from './layout/dart-workspace.tsx'
export type { DartWorkspaceProps, LayoutStorage, WorkspacePanel } from './layout/dart-workspace.tsx'
/** The layout as data: the default arrangement, and reading a saved one (spec section 2's rule). */
export {
  BUILD_NETWORK_PANEL,
  defaultLayout,
  LAYOUT_STORAGE_KEY,
  openPanels,
  readSavedLayout,
} from './layout/model.ts'
export type { LayoutModel, PanelInfo } from './layout/model.ts'
/** A tab whose feature is not built yet: its text and what it will hold. */
export { TabPlaceholder } from './placeholder/tab-placeholder.tsx'
export type { TabPlaceholderProps } from './placeholder/tab-placeholder.tsx'
/** "You are offline" and "Connected" (the connectivity group), and the live badge. */
export {
  ConnectivityNotices,
  isOffline,
  OFFLINE_NOTICE_ID,
} from './connectivity/connectivity-notices.tsx'
