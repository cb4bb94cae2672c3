// @bonds/workspace: the dart workspace's frame (saved panel layout), Build Network, trade access
// and connectivity notices. What an app composes; the endpoints and the layout's model stay inside.

/** The workspace frame: panels in a saved, rearrangeable layout. */
export { DartWorkspace } from './layout/dart-workspace.tsx'
export type { DartWorkspaceProps, WorkspacePanel } from './layout/dart-workspace.tsx'
/** The panel every saved layout must hold (spec section 2's rule). */
export { BUILD_NETWORK_PANEL } from './layout/model.ts'
/** "You are offline" and "Connected" (the connectivity group), and the live badge. */
export { ConnectivityNotices } from './connectivity/connectivity-notices.tsx'
/** Build Network: participant search and the firm's network of partners and offline records. */
export { BuildNetwork } from './network/build-network.tsx'
export type { BuildNetworkProps, NetworkViewer } from './network/build-network.tsx'
/** Trade access: the restriction text for users who cannot trade, and the market's hours. */
export { MarketHours, TradeAccessNotice } from './trade-access/trade-access.tsx'
/** Who is looking at the workspace, from the session's user (what the panels may offer). */
export { workspaceViewer } from './viewer.ts'
export type { WorkspaceViewer } from './viewer.ts'
