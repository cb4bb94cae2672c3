// One trade reconstructed for the Compliance Officer (decision 226): the ticket's summary, then
// the chat around the deal, the quote, RFQs, negotiations, the ticket, the order, its report and
// settlement on one time line, each with its kind as a badge; and the PDF of all of it. View only:
// the one button that calls the server asks for the PDF.
import type { ReconstructionKind, TradeReconstruction as Reconstruction } from '@bonds/domain'
import {
  formatDate,
  formatIstTime,
  formatPrice,
  formatQuantum,
  formatRupees,
  formatYield,
} from '@bonds/ui-kit'
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core'
import { IconFileDownload } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import {
  useDownloadReconstructionMutation,
  useTradeReconstructionQuery,
} from '../api/surveillance.ts'
import { TradeStateBadge } from '../detail/state-badge.tsx'
import { writeFailure } from '../model/failure.ts'
import { rupees } from '../model/state.ts'

/** Each kind in words and its badge colour (a Mantine colour name, so both themes hold). */
export const RECONSTRUCTION_KIND_LABELS: Record<
  ReconstructionKind,
  { label: string; color: string }
> = {
  message: { label: 'Message', color: 'gray' },
  quote: { label: 'Quote', color: 'yellow' },
  rfq: { label: 'RFQ', color: 'grape' },
  negotiation: { label: 'Negotiation', color: 'violet' },
  ticket: { label: 'Ticket', color: 'blue' },
  order: { label: 'Order', color: 'indigo' },
  report: { label: 'Report', color: 'teal' },
  settlement: { label: 'Settlement', color: 'green' },
}

/** Props of TradeReconstruction. */
export interface TradeReconstructionProps {
  /** The ticket or order's id. */
  id: number
  /** Back to the list (a close button shows when given). */
  onClose?: () => void
}

/** A trade's reconstruction: summary, one timeline, Export PDF. */
export function TradeReconstruction({ id, onClose }: TradeReconstructionProps) {
  const { data, error, isLoading, refetch } = useTradeReconstructionQuery(id)
  const heading = useRef<HTMLHeadingElement>(null)
  const focused = useRef(false)
  // Keyboard users land on what they opened, once (a live refetch does not move the focus).
  useEffect(() => {
    if (!data || focused.current) return
    focused.current = true
    heading.current?.focus()
  }, [data])

  if (isLoading) {
    return (
      <Stack gap={6} p="md" aria-busy="true" role="status" aria-label="Loading the reconstruction">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} height={28} />
        ))}
      </Stack>
    )
  }
  if (error || !data) {
    return (
      <Alert color="red" variant="light" m="md" title="This trade could not be reconstructed.">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{writeFailure(error).message}</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    )
  }
  const { ticket } = data
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            Reconstruction of {ticket.kind === 'order' ? 'order' : 'ticket'} #{ticket.id}
          </Title>
          <Group gap="xs">
            <TradeStateBadge state={ticket.state} />
            <Text size="sm">
              {ticket.display_name} · {ticket.isin}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <ExportPdf id={ticket.id} />
          {onClose ? <CloseButton aria-label="Close the reconstruction" onClick={onClose} /> : null}
        </Group>
      </Group>
      <Summary ticket={ticket} />
      <Title order={3} size="h4">
        Timeline ({data.events.length} {data.events.length === 1 ? 'event' : 'events'})
      </Title>
      <ReconstructionTimeline events={data.events} />
    </Stack>
  )
}

/** The terms, parties, amounts and report in a grid of label and value. */
function Summary({ ticket }: { ticket: Reconstruction['ticket'] }) {
  const rows: [string, string][] = [
    ['Buyer', ticket.buyer.name],
    ['Seller', ticket.seller.name],
    ['Quantum', formatQuantum(ticket.quantum)],
    [
      'Price / yield',
      `${formatPrice(ticket.unit_clean_price)}${ticket.bond_yield === null ? '' : ` / ${formatYield(ticket.bond_yield)}`}`,
    ],
    ['Traded', `${formatDate(ticket.trade_date)} ${ticket.trade_time} IST`],
    ['Settlement', formatDate(ticket.settlement_date)],
    ['Consideration', formatRupees(rupees(ticket.consideration.consideration))],
    ['Total', formatRupees(rupees(ticket.consideration.total))],
    [
      'Report',
      ticket.report.reference
        ? `${ticket.report.exchange} ${ticket.report.reference}`
        : ticket.report.status === 'rejected'
          ? `Rejected: ${ticket.report.reason ?? ''}`
          : 'Not reported',
    ],
    ['Settled', ticket.settled_at ? formatIstTime(ticket.settled_at) : 'Not yet'],
  ]
  return (
    <Stack gap="xs">
      {ticket.report.overdue ? (
        <Badge color="red" variant="filled" w="fit-content">
          Report overdue
        </Badge>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs" verticalSpacing="xs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

/** The events on one vertical line, oldest first; every text as typed (React text). */
function ReconstructionTimeline({ events }: { events: Reconstruction['events'] }) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded for this trade yet.
      </Text>
    )
  }
  return (
    <Timeline bulletSize={12} lineWidth={2} active={events.length - 1} aria-label="Timeline">
      {events.map((event, index) => {
        const kind = RECONSTRUCTION_KIND_LABELS[event.kind]
        const who = [event.actor_name, event.actor_client_name].filter(Boolean).join(', ')
        return (
          <Timeline.Item
            key={`${event.at}-${index}`}
            color={kind.color}
            title={
              <Group gap="xs" wrap="nowrap">
                <Badge color={kind.color} variant="light" size="sm" miw={96} data-kind={event.kind}>
                  {kind.label}
                </Badge>
                <Text size="sm" fw={600}>
                  {event.title}
                </Text>
              </Group>
            }
          >
            {event.detail ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {event.detail}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {formatIstTime(event.at)}
              {who ? ` · ${who}` : ''}
            </Text>
          </Timeline.Item>
        )
      })}
    </Timeline>
  )
}

/** Export PDF: its progress while the server writes it, the saved name, or what went wrong. */
function ExportPdf({ id }: { id: number }) {
  const [download, state] = useDownloadReconstructionMutation()
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={<IconFileDownload size={16} aria-hidden />}
        loading={state.isLoading}
        loaderProps={{ type: 'dots' }}
        onClick={() => void download(id)}
      >
        Export PDF
      </Button>
      <div aria-live="polite">
        {state.isLoading ? (
          <Text size="xs" c="dimmed">
            Preparing the PDF…
          </Text>
        ) : state.isSuccess ? (
          <Text size="xs" c="dimmed">
            Saved {state.data}
          </Text>
        ) : null}
      </div>
      {state.isError ? (
        <Alert color="red" variant="light" p="xs" role="alert" maw={320}>
          <Text size="xs">The PDF could not be made: {writeFailure(state.error).message}</Text>
        </Alert>
      ) : null}
    </Stack>
  )
}
