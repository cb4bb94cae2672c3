// @bonds/trading: market depth in the workspace (and the EOIs, RFQ and runs of issue 21). The
// screens an app composes; the depth endpoint, the ladder's model and its constants stay inside.

/** Market depth: a bond's live bids and offers (`GET api/quote/depth/`), as a workspace panel. */
export { MarketDepthPanel } from './depth/market-depth-panel.tsx'
export type { MarketDepthPanelProps } from './depth/market-depth-panel.tsx'

/** The Private runs tab: quotes read from the user's chats, confirm, correct, send to RFQ. */
export { PrivateRunsTab } from './private-runs/private-runs-tab.tsx'
export type { PrivateRunsTabProps } from './private-runs/private-runs-tab.tsx'
