/** Market depth: a bond's live bids and offers (`GET api/quote/depth/`). */
export { depthApi, useMarketDepthQuery } from './api/depth.ts'
export { DEPTH_ANNOUNCE_MS, MarketDepthLadder } from './depth/market-depth.tsx'
export type { MarketDepthLadderProps } from './depth/market-depth.tsx'
export { DEPTH_BOND_STORAGE_KEY, MarketDepthPanel } from './depth/market-depth-panel.tsx'
export type { MarketDepthPanelProps } from './depth/market-depth-panel.tsx'
/** The ladder's rows and what moved, as data. */
export { depthSummary, ladderRows } from './depth/depth-rows.ts'
export type { LadderRow, Move } from './depth/depth-rows.ts'
