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
/** A dart page whose feature is still being built: /inventory. */
export { InventoryPage } from './pages/inventory-page.tsx'
/** "You are offline" and "Connected" (the connectivity group), and the live badge. */
export {
  ConnectivityNotices,
  isOffline,
  OFFLINE_NOTICE_ID,
} from './connectivity/connectivity-notices.tsx'
/** Build Network: participant search and the firm's network of partners and offline records. */
export { BuildNetwork } from './network/build-network.tsx'
export type { BuildNetworkProps, NetworkViewer } from './network/build-network.tsx'
export { OfflineRecordForm } from './network/offline-record-form.tsx'
/** Trade access: the restriction text for users who cannot trade, and the market's hours. */
export { MarketHours, TradeAccessNotice } from './trade-access/trade-access.tsx'
/** The workspace's endpoints (participants, network, trade timings). */
export {
  networkApi,
  useAddOfflineRecordMutation,
  useAddPartnerMutation,
  useNetworkQuery,
  useParticipantsQuery,
  useRemoveOfflineRecordMutation,
  useRemovePartnerMutation,
  useTradeTimingsQuery,
} from './api/network.ts'
export type { ParticipantQuery } from './api/network.ts'
