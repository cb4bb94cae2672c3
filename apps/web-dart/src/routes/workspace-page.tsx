// /dart: the trading workspace. Each tab's content comes from its feature package; until one
// exists, the tab says what it is for and what it will hold.
import { WORKSPACE_TABS, type WorkspaceTab } from '@bonds/domain'
import {
  BUILD_NETWORK_PANEL,
  ConnectivityNotices,
  DartWorkspace,
  TabPlaceholder,
  type WorkspacePanel,
} from '@bonds/workspace'
import { BUILD_NETWORK_TITLE } from '@bonds/domain'

/** What each tab will hold, until its package fills it. */
const COMING: Record<WorkspaceTab['id'], readonly string[]> = {
  chat: [
    'Direct chats, groups, trading groups and broadcast lists with your counterparties',
    'Files, buzz, read receipts, and an offline notice that catches you up',
  ],
  ticketing: [
    'Tickets created from chat deals, with their consideration and timeline',
    'Orders reported to NSE Clearing or ICCL and settled',
  ],
  'private-runs': [
    'Quotes read from your chats as they arrive, one tap to confirm',
    'Send a private-run line to the exchange RFQ in one click',
  ],
  'public-runs': ['Live CBC quotes published in the market, with depth per bond'],
  'rfq-quotes': ['Live NSE and BSE RFQ quotes: quote, negotiate, accept and close'],
}

const PANELS: readonly WorkspacePanel[] = [
  {
    id: BUILD_NETWORK_PANEL,
    title: BUILD_NETWORK_TITLE,
    render: () => (
      <TabPlaceholder
        title={BUILD_NETWORK_TITLE}
        description="Your counterparties: find members and companies to trade with."
        coming={['Search participants by name', 'Your partners and offline records']}
      />
    ),
  },
  ...WORKSPACE_TABS.map((tab) => ({
    id: tab.id,
    title: tab.label,
    render: () => (
      <TabPlaceholder title={tab.label} description={tab.description} coming={COMING[tab.id]} />
    ),
  })),
]

/** /dart: the trading workspace. */
export function Page() {
  return <DartWorkspace panels={PANELS} toolbar={<ConnectivityNotices />} />
}
