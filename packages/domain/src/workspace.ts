// The dart workspace's words (spec section 2: workspace tabs, Build Network, participant search).

/** A tab of the dart workspace. */
export interface WorkspaceTab {
  /** Stable id (saved in the user's layout). */
  id: 'chat' | 'ticketing' | 'private-runs' | 'public-runs' | 'rfq-quotes'
  /** The tab's title. */
  label: string
  /** The tab's text (spec section 2). */
  description: string
}

/** The five workspace tabs of spec section 2, in order, with their texts. */
export const WORKSPACE_TABS: readonly WorkspaceTab[] = [
  {
    id: 'chat',
    label: 'Chat',
    description:
      'Connect with other members ... via direct chat, groups, broadcast lists, and more.',
  },
  {
    id: 'ticketing',
    label: 'Ticketing',
    description:
      'Coordinate with counterparties and internal teams effortlessly through automated tickets.',
  },
  {
    id: 'private-runs',
    label: 'Private runs',
    description: 'Quotes from across your chats will be displayed here.',
  },
  {
    id: 'public-runs',
    label: 'Public runs',
    description: 'CBC quotes published in the market will be displayed here.',
  },
  {
    id: 'rfq-quotes',
    label: 'RFQ quotes',
    description: 'View all live quotes on the exchanges and execute trades on NSE and BSE RFQ.',
  },
]

/** The panel a saved workspace layout must have, else it is discarded (spec section 2). */
export const BUILD_NETWORK_TITLE = 'Build Network'
