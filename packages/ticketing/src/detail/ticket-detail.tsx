// One ticket or order as a party sees it: its terms, the consideration breakdown (the server's
// amounts, shown as ₹ with Indian grouping), the report countdown, the timeline, and the buttons
// of the actions the lifecycle and the viewer's role allow. A refused action shows its message in
// place (a 409 when the state or the version moved), and the ticket is fetched again.
import {
  CLEARING_CORPORATION_NAMES,
  type TicketDetail,
  type TicketPathAction,
  type TradeAction,
} from '@bonds/domain'
import {
  formatDate,
  formatDateTime,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatYield,
  toast,
} from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useState, type ReactNode } from 'react'
import {
  useOrderActionMutation,
  useOrderQuery,
  useSendToBrokerMutation,
  useTicketActionMutation,
  useTicketQuery,
} from '../api/tickets.ts'
import { TicketEditForm } from '../forms/ticket-edit-form.tsx'
import { ACTION_LABELS, offeredActions, type TicketViewer } from '../model/actions.ts'
import { writeFailure } from '../model/failure.ts'
import { otherParty, rupees, STATE_LABELS } from '../model/state.ts'
import { AcceptConsiderationModal } from './accept-consideration.tsx'
import { BrokerageForm } from './brokerage-form.tsx'
import { TradeConfirmationModal } from './trade-confirmation.tsx'
import { ReasonModal } from './reason-modal.tsx'
import { ReportCountdown } from './report-countdown.tsx'
import { TradeStateBadge } from './state-badge.tsx'

/** Props of TicketDetailView. */
export interface TicketDetailViewProps {
  id: number
  viewer: TicketViewer
  /** Read it as a ticket (`api/chatter/trade/{id}/`, the tab) or an order (`api/orders/{id}/`). */
  source?: 'ticket' | 'order'
  /** The clock (tests and stories). */
  now?: () => number
  /** The app's "Report issue" for the ticket and its consideration (`@bonds/support`). */
  reportIssue?: RenderReportIssue
}

/** A report-issue button for a context of this screen, given the ticket's details. */
export type RenderReportIssue = (
  context: 'ticketing' | 'consideration',
  details: Record<string, string | number | null>,
) => ReactNode

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} c="dimmed" w="40%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  )
}

function Terms({ ticket }: { ticket: TicketDetail }) {
  const other = otherParty(ticket)
  return (
    <Table fz="sm" withRowBorders={false} verticalSpacing={4}>
      <VisuallyHidden component="caption">Terms</VisuallyHidden>
      <Table.Tbody>
        <Term label="Your side">{ticket.buy_or_sell === 'buy' ? 'Buy' : 'Sell'}</Term>
        <Term label="Counterparty">
          {other.name}
          {other.user_name ? ` (${other.user_name})` : ''}
        </Term>
        <Term label="Bond">
          {ticket.display_name} · {ticket.isin}
        </Term>
        <Term label="Quantum">{formatQuantum(ticket.quantum)}</Term>
        <Term label="Clean price">
          {formatPrice(ticket.unit_clean_price)}
          {ticket.fixed_field === 'price' ? ' (fixed)' : ''}
        </Term>
        <Term label="Yield">
          {ticket.bond_yield === null ? '—' : formatYield(ticket.bond_yield)}
          {ticket.fixed_field === 'yield' ? ' (fixed)' : ''}
        </Term>
        <Term label="Settlement date">{formatDate(ticket.settlement_date)}</Term>
        <Term label="Trade time">
          {formatDate(ticket.trade_date)} {ticket.trade_time} IST
        </Term>
        <Term label="Clearing">{CLEARING_CORPORATION_NAMES[ticket.exchange]}</Term>
        {ticket.custodian ? <Term label="Custodian">{ticket.custodian.name}</Term> : null}
        {ticket.broker_details.length ? (
          <Term label="Brokers">
            {ticket.broker_details
              .map((b) => `${b.name} (${b.buy_or_sell === 'buy' ? 'buyer' : 'seller'})`)
              .join(', ')}
          </Term>
        ) : null}
        {ticket.quote_text ? <Term label="From the chat">{ticket.quote_text}</Term> : null}
      </Table.Tbody>
    </Table>
  )
}

const AMOUNTS = [
  ['principal', 'Principal'],
  ['accrued_interest', 'Accrued interest'],
  ['consideration', 'Consideration'],
  ['stamp_duty', 'Stamp duty'],
  ['brokerage', 'Brokerage'],
  ['total', 'Total'],
] as const

function Consideration({ ticket }: { ticket: TicketDetail }) {
  return (
    <Table fz="sm" withRowBorders={false} verticalSpacing={4} aria-label="Consideration">
      <Table.Tbody>
        {AMOUNTS.map(([key, label]) => (
          <Table.Tr key={key}>
            <Table.Th
              scope="row"
              fw={key === 'total' ? 700 : 500}
              c={key === 'total' ? undefined : 'dimmed'}
            >
              {label}
            </Table.Th>
            <Table.Td ta="right" ff="monospace" fw={key === 'total' ? 700 : undefined}>
              {formatRupees(rupees(ticket.consideration[key]))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function Report({ ticket }: { ticket: TicketDetail }) {
  const { report } = ticket
  const corporation = CLEARING_CORPORATION_NAMES[report.exchange]
  if (report.status === 'confirmed') {
    return (
      <Text size="sm">
        Reported to {corporation}
        {report.reference ? `, reference ${report.reference}` : ''}
        {report.reported_at ? ` at ${formatDateTime(report.reported_at)}` : ''}.
      </Text>
    )
  }
  if (report.status === 'rejected') {
    return (
      <Alert color="orange" variant="light" title={`${corporation} refused the report`}>
        {report.reason ?? 'No reason given.'}
      </Alert>
    )
  }
  return (
    <Text size="sm" c="dimmed">
      Not reported yet; due by {formatDateTime(report.due_at)}.
    </Text>
  )
}

function TicketTimeline({ ticket }: { ticket: TicketDetail }) {
  if (ticket.timeline.length === 0) return null
  return (
    <Timeline bulletSize={12} lineWidth={2} active={ticket.timeline.length - 1}>
      {ticket.timeline.map((event, index) => (
        <Timeline.Item
          key={`${event.at}-${index}`}
          title={
            event.from_state === event.to_state
              ? event.action.charAt(0).toUpperCase() + event.action.slice(1)
              : STATE_LABELS[event.to_state]
          }
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(event.at)}
            {event.actor_name ? ` · ${event.actor_name}` : ''}
            {event.actor_client_name ? `, ${event.actor_client_name}` : ''}
          </Text>
          {event.detail ? <Text size="sm">{event.detail}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  )
}

const DIRECT: readonly TradeAction[] = ['send', 'confirm', 'report', 'settle']

/** What a successful action says. */
const DONE: Record<TicketPathAction, string> = {
  send: 'Ticket sent to the counterparty',
  confirm: 'Terms confirmed',
  reject: 'Ticket rejected',
  cancel: 'Ticket cancelled',
  report: 'Trade reported',
  settle: 'Trade settled',
}

/** One ticket: loading, failed (with a retry), or its terms, amounts, actions and timeline. */
export function TicketDetailView({
  id,
  viewer,
  source = 'ticket',
  now,
  reportIssue,
}: TicketDetailViewProps) {
  const ticketQuery = useTicketQuery(id, { skip: source !== 'ticket' })
  const orderQuery = useOrderQuery(id, { skip: source !== 'order' })
  const { data: ticket, error, isLoading, refetch } = source === 'order' ? orderQuery : ticketQuery
  const [act, { isLoading: acting }] = useTicketActionMutation()
  const [orderAct, { isLoading: orderActing }] = useOrderActionMutation()
  const [sendToBroker, { isLoading: sendingToBroker }] = useSendToBrokerMutation()
  const [editing, setEditing] = useState(false)
  const [asking, setAsking] = useState<'reject' | 'cancel' | 'accept' | 'confirmation' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  if (isLoading) {
    return (
      <Stack gap={6} p="sm" aria-busy="true" role="status" aria-label="Loading the ticket">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={20} />
        ))}
      </Stack>
    )
  }
  if (error || !ticket) {
    return (
      <Alert color="red" variant="light" m="sm" title="The ticket could not be loaded.">
        <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
          Retry
        </Button>
      </Alert>
    )
  }

  const actions = offeredActions(ticket, viewer)

  async function run(action: TicketPathAction, reason?: string) {
    if (!ticket) return
    setFailure(null)
    try {
      // An order is reported, settled and cancelled through the order endpoints.
      if (
        ticket.kind === 'order' &&
        (action === 'report' || action === 'settle' || action === 'cancel')
      ) {
        await orderAct({ id: ticket.id, action, version: ticket.version }).unwrap()
      } else {
        await act({
          id: ticket.id,
          action,
          version: ticket.version,
          ...(reason ? { reason } : {}),
        }).unwrap()
      }
      toast.success(DONE[action])
      setAsking(null)
    } catch (caught) {
      setAsking(null)
      setFailure(writeFailure(caught).message)
    }
  }

  async function toBroker() {
    if (!ticket) return
    setFailure(null)
    try {
      await sendToBroker({ id: ticket.id }).unwrap()
      toast.success('Ticket sent to the broker')
    } catch (caught) {
      setFailure(writeFailure(caught).message)
    }
  }

  function onAction(action: TradeAction) {
    if (action === 'edit') setEditing(true)
    else if (action === 'reject' || action === 'cancel') setAsking(action)
    else if (action === 'accept_consideration') setAsking('accept')
    else if (DIRECT.includes(action)) void run(action as TicketPathAction)
  }

  const details = {
    ticket_id: ticket.id,
    state: ticket.state,
    isin: ticket.isin,
    quantum: ticket.quantum,
    unit_clean_price: ticket.unit_clean_price,
    bond_yield: ticket.bond_yield,
    settlement_date: ticket.settlement_date,
  }

  // The whole ticket is the "ticket-detail" capture area, its consideration the "consideration"
  // one; actions, timeline, forms and the report buttons are left out of the screenshots.
  return (
    <Stack
      gap="sm"
      p="sm"
      aria-label={`Ticket ${ticket.id}`}
      role="region"
      data-support-capture="ticket-detail"
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Title order={3} size="h5">
            {ticket.display_name}
          </Title>
          <Text size="xs" c="dimmed">
            {ticket.kind === 'order' ? 'Order' : 'Ticket'} #{ticket.id} · version {ticket.version}
          </Text>
        </Stack>
        <Group gap={6}>
          <TradeStateBadge state={ticket.state} />
          <ReportCountdown ticket={ticket} {...(now ? { now } : {})} />
          {reportIssue ? (
            <div data-support-ignore="report-issue">{reportIssue('ticketing', details)}</div>
          ) : null}
        </Group>
      </Group>

      {failure ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      ) : null}

      {actions.length && !editing ? (
        <Group gap="xs" role="group" aria-label="Actions" data-support-ignore="ticket-actions">
          {actions.map((action) => (
            <Button
              key={action}
              size="xs"
              variant={action === 'reject' || action === 'cancel' ? 'light' : 'filled'}
              color={action === 'reject' || action === 'cancel' ? 'red' : undefined}
              loading={(acting || orderActing) && DIRECT.includes(action)}
              onClick={() => onAction(action)}
            >
              {action === 'cancel' && ticket.kind === 'order'
                ? 'Cancel order'
                : ACTION_LABELS[action]}
            </Button>
          ))}
          {actions.includes('send') &&
          ticket.broker_details.some((b) => b.user_id !== ticket.counterparty.user_id) ? (
            <Button
              size="xs"
              variant="light"
              loading={sendingToBroker}
              onClick={() => void toBroker()}
            >
              Send to broker
            </Button>
          ) : null}
        </Group>
      ) : null}

      <Paper withBorder p="xs" radius="sm">
        <Text fw={600} size="sm" mb={4}>
          Terms
        </Text>
        {editing ? (
          <TicketEditForm
            ticket={ticket}
            onDone={() => setEditing(false)}
            onConflict={(message) => {
              setEditing(false)
              setFailure(message)
            }}
            {...(now ? { now: () => new Date(now()) } : {})}
          />
        ) : (
          <Terms ticket={ticket} />
        )}
      </Paper>

      <Paper withBorder p="xs" radius="sm" data-support-capture="consideration">
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm">
            Consideration
          </Text>
          {reportIssue ? (
            <div data-support-ignore="report-issue">
              {reportIssue('consideration', {
                ...details,
                consideration_total: ticket.consideration?.total ?? null,
              })}
            </div>
          ) : null}
        </Group>
        <Consideration ticket={ticket} />
        {actions.includes('edit') && !editing ? (
          <div data-support-ignore="brokerage-form">
            <BrokerageForm ticket={ticket} />
          </div>
        ) : null}
      </Paper>

      <Paper withBorder p="xs" radius="sm">
        <Text fw={600} size="sm" mb={4}>
          Report
        </Text>
        <Report ticket={ticket} />
        {ticket.state === 'reported' || ticket.state === 'settled' ? (
          <Button size="xs" variant="light" mt="xs" onClick={() => setAsking('confirmation')}>
            Deal confirmation
          </Button>
        ) : null}
      </Paper>

      <Paper
        withBorder
        p="xs"
        radius="sm"
        component="section"
        aria-label="Timeline"
        data-support-ignore="ticket-timeline"
      >
        <Text fw={600} size="sm" mb="xs">
          Timeline
        </Text>
        <TicketTimeline ticket={ticket} />
      </Paper>

      <ReasonModal
        title={asking === 'reject' ? 'Reject the ticket' : 'Cancel the ticket'}
        confirmLabel={asking === 'reject' ? 'Reject' : 'Cancel ticket'}
        required={asking === 'reject'}
        opened={asking === 'reject' || asking === 'cancel'}
        busy={acting || orderActing}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => void run(asking === 'reject' ? 'reject' : 'cancel', reason)}
      />
      <TradeConfirmationModal
        id={ticket.id}
        opened={asking === 'confirmation'}
        onClose={() => setAsking(null)}
      />
      <AcceptConsiderationModal
        ticket={ticket}
        opened={asking === 'accept'}
        onClose={() => setAsking(null)}
      />
    </Stack>
  )
}
