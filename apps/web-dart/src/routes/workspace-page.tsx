// /dart: the trading workspace, composed of the feature packages' panels. Until a feature's
// package exists, its tab says what it is for and what it will hold.
import { useSession } from '@bonds/auth'
import { BondSearch } from '@bonds/bonds'
import { ChatTab } from '@bonds/chat-core/react'
import {
  BUILD_NETWORK_TITLE,
  RFQ_EXCHANGES,
  WORKSPACE_TABS,
  type RfqExchange,
  type WorkspaceTab,
} from '@bonds/domain'
import {
  canCreateTickets,
  canReadTickets,
  CreateTicketFromMessage,
  TicketingTab,
  TicketNotices,
  type RenderBondPicker,
} from '@bonds/ticketing'
import { ReportIssueButton } from '@bonds/support'
import { MarketDepthPanel, PrivateRunsTab } from '@bonds/trading'
import {
  BUILD_NETWORK_PANEL,
  BuildNetwork,
  ConnectivityNotices,
  DartWorkspace,
  MarketHours,
  TabPlaceholder,
  TradeAccessNotice,
  workspaceViewer,
  type WorkspacePanel,
  type WorkspaceViewer,
} from '@bonds/workspace'
import { useMemo } from 'react'

/** What each tab will hold, until its package fills it. */
const COMING: Record<
  Exclude<WorkspaceTab['id'], 'chat' | 'ticketing' | 'private-runs'>,
  readonly string[]
> = {
  'public-runs': ['Live CBC quotes published in the market'],
  'rfq-quotes': ['Live NSE and BSE RFQ quotes: quote, negotiate, accept and close'],
}

/** The bond search of the ticket forms. */
const ticketBondPicker: RenderBondPicker = (onPick) => (
  <BondSearch
    size="xs"
    label="Bond"
    onSelect={(bond) => onPick({ finstrument_id: bond.id, display_name: bond.display_name })}
  />
)

/** Id of the market depth panel (kept in saved layouts). */
const MARKET_DEPTH_PANEL = 'market-depth'

/** The RFQ exchanges of the viewer's firm that the venue runs (rfq_exchanges). */
function rfqExchangesOf(exchanges: readonly string[] | undefined): RfqExchange[] {
  return (exchanges ?? []).filter((e): e is RfqExchange =>
    (RFQ_EXCHANGES as readonly string[]).includes(e),
  )
}

function panels(viewer: WorkspaceViewer, exchanges: readonly RfqExchange[]): WorkspacePanel[] {
  return [
    {
      id: BUILD_NETWORK_PANEL,
      title: BUILD_NETWORK_TITLE,
      render: () => <BuildNetwork viewer={viewer} />,
    },
    ...WORKSPACE_TABS.map((tab) => ({
      id: tab.id,
      title: tab.label,
      render: () =>
        tab.id === 'chat' ? (
          <ChatTab
            channelTypes={viewer.chatTypes}
            description={tab.description}
            {...(canCreateTickets(viewer)
              ? {
                  messageActions: ({ channel, message }) => (
                    <CreateTicketFromMessage
                      channel={channel}
                      message={message}
                      myClientId={viewer.clientId}
                      renderBondPicker={ticketBondPicker}
                    />
                  ),
                }
              : {})}
          />
        ) : tab.id === 'ticketing' ? (
          <TicketingTab
            viewer={viewer}
            renderBondPicker={ticketBondPicker}
            reportIssue={(context, details) => (
              <ReportIssueButton context={context} details={details} />
            )}
          />
        ) : tab.id === 'private-runs' ? (
          <PrivateRunsTab
            description={tab.description}
            canAct={viewer.canTrade && viewer.roles.includes('clientdealer')}
            exchanges={exchanges}
          />
        ) : (
          <TabPlaceholder title={tab.label} description={tab.description} coming={COMING[tab.id]} />
        ),
    })),
    {
      id: MARKET_DEPTH_PANEL,
      title: 'Market depth',
      render: () => (
        <MarketDepthPanel
          renderBondPicker={(onPick) => (
            <BondSearch
              size="xs"
              label="Bond for market depth"
              onSelect={(bond) => onPick(bond.identifiers.isin)}
            />
          )}
        />
      ),
    },
  ]
}

/** /dart: the trading workspace. */
export function Page() {
  const session = useSession()
  const viewer = workspaceViewer(session.user)
  const exchanges = rfqExchangesOf(session.user?.rfq_exchanges)
  const list = useMemo(
    () => panels(viewer, exchanges),
    // The panels change only when who is looking does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [viewer.clientId, viewer.canEdit, viewer.chatTypes, viewer.roles.join(), exchanges.join()],
  )
  return (
    <DartWorkspace
      panels={list}
      toolbar={
        <>
          <MarketHours />
          <ConnectivityNotices />
          {canReadTickets(viewer) && <TicketNotices />}
        </>
      }
      notice={<TradeAccessNotice canTrade={viewer.canTrade} />}
    />
  )
}
