// /dart: the trading workspace, composed of the feature packages' panels.
import { useSession } from '@bonds/auth'
import { ChatTab } from '@bonds/chat-core/react'
import { BUILD_NETWORK_TITLE, WORKSPACE_TABS } from '@bonds/domain'
import {
  canCreateTickets,
  canReadTickets,
  CreateTicketFromMessage,
  TicketNotices,
  type RenderBondPicker,
} from '@bonds/ticketing'
import { ReportIssueButton } from '@bonds/support'
import type { QuoteFormBond } from '@bonds/trading'
import {
  BUILD_NETWORK_PANEL,
  BuildNetwork,
  ConnectivityNotices,
  DartWorkspace,
  MarketHours,
  TradeAccessNotice,
  workspaceViewer,
  type WorkspacePanel,
  type WorkspaceViewer,
} from '@bonds/workspace'
import { Loader } from '@mantine/core'
import { lazy, Suspense, useMemo, type ReactNode } from 'react'

// The panels a new layout does not show at first load when opened (dart's initial JavaScript
// stays within its budget, issue 21): the trading tabs, ticketing and market depth.
// Ticketing's tab comes from its own entry: the package's main one is in the first load already
// (the ticket notices and the chat's "Create ticket"), and a lazy import of it would be too.
const TicketingTab = lazy(() =>
  import('@bonds/ticketing/tab').then((m) => ({ default: m.TicketingTab })),
)
const RfqQuotesTab = lazy(() => import('@bonds/trading').then((m) => ({ default: m.RfqQuotesTab })))
const PublicRunsTab = lazy(() =>
  import('@bonds/trading').then((m) => ({ default: m.PublicRunsTab })),
)
const PrivateRunsTab = lazy(() =>
  import('@bonds/trading').then((m) => ({ default: m.PrivateRunsTab })),
)
const MarketDepthPanel = lazy(() =>
  import('@bonds/trading').then((m) => ({ default: m.MarketDepthPanel })),
)

// The bond search is shown only by forms of those panels (a ticket's, a quote's, market depth's).
const BondSearch = lazy(() =>
  import('@bonds/bonds/search').then((m) => ({ default: m.BondSearch })),
)

/** A lazily loaded panel, with a spinner while its code arrives. */
const later = (panel: ReactNode) => (
  <Suspense fallback={<Loader size="sm" m="md" aria-label="Loading" />}>{panel}</Suspense>
)

/** The bond search, with a small spinner in its place while its code arrives. */
const bondPicker = (picker: ReactNode) => (
  <Suspense fallback={<Loader size="xs" aria-label="Loading the bond search" />}>{picker}</Suspense>
)

/** The bond search of a form, under its label: the ticket forms', the quote form's, a new RFQ's. */
const namedBondPicker =
  (label: string) =>
  (onPick: (bond: QuoteFormBond) => void): ReactNode =>
    bondPicker(
      <BondSearch
        size="xs"
        label={label}
        onSelect={(bond) => onPick({ finstrument_id: bond.id, display_name: bond.display_name })}
      />,
    )

const ticketBondPicker: RenderBondPicker = namedBondPicker('Bond')
const quoteBondPicker = namedBondPicker('Bond to quote')
const rfqBondPicker = namedBondPicker('Bond for the RFQ')

/** Id of the market depth panel (kept in saved layouts). */
const MARKET_DEPTH_PANEL = 'market-depth'

function panels(viewer: WorkspaceViewer, exchanges: readonly string[]): WorkspacePanel[] {
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
          later(
            <TicketingTab
              viewer={viewer}
              renderBondPicker={ticketBondPicker}
              reportIssue={(context, details) => (
                <ReportIssueButton context={context} details={details} />
              )}
            />,
          )
        ) : tab.id === 'rfq-quotes' ? (
          later(
            <RfqQuotesTab
              canTrade={viewer.canTrade}
              canOverridePrice={viewer.canOverridePrice}
              clientId={viewer.clientId}
              renderBondPicker={quoteBondPicker}
            />,
          )
        ) : tab.id === 'public-runs' ? (
          later(
            <PublicRunsTab
              canTrade={viewer.canTrade}
              canQuote={viewer.canTrade && viewer.roles.includes('clientdealer')}
              exchanges={exchanges}
            />,
          )
        ) : (
          later(
            <PrivateRunsTab
              description={tab.description}
              canAct={viewer.canTrade && viewer.roles.includes('clientdealer')}
              exchanges={exchanges}
              renderBondPicker={rfqBondPicker}
            />,
          )
        ),
    })),
    {
      id: MARKET_DEPTH_PANEL,
      title: 'Market depth',
      render: () =>
        later(
          <MarketDepthPanel
            renderBondPicker={(onPick) =>
              bondPicker(
                <BondSearch
                  size="xs"
                  label="Bond for market depth"
                  onSelect={(bond) => onPick(bond.identifiers.isin)}
                />,
              )
            }
          />,
        ),
    },
  ]
}

/** /dart: the trading workspace. */
export function Page() {
  const session = useSession()
  const viewer = workspaceViewer(session.user)
  const exchanges = session.user?.rfq_exchanges ?? []
  const roles = viewer.roles.join()
  const venues = exchanges.join()
  const list = useMemo(
    () => panels(viewer, exchanges),
    // The panels change only when who is looking does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      viewer.clientId,
      viewer.canEdit,
      viewer.canTrade,
      viewer.canOverridePrice,
      viewer.chatTypes,
      roles,
      venues,
    ],
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
