// The firm's RFQs on NSE RFQ and BSE RFQ (decisions 266, 329, 340): each RFQ with its legs, one a
// firm it went to. The firm an RFQ was sent to quotes it; whoever's turn it is counters or
// accepts; the initiator may withdraw it. An RFQ sent to several firms shows every firm's quote to
// the initiator, who accepts one; the venue closes the others. Live over the socket
// (`rfq_negotiation`). A Dealer starts an RFQ to one firm or several from here ("New RFQ",
// decision 358): its form mounts when first opened and stays (its code comes with this panel's,
// already outside dart's first load: a chunk of its own made that load larger, decision 358).
import { RFQ_VENUE_NAMES, type RfqExchange, type VenueRfq } from '@bonds/domain'
import { formatQuantum, useOpenedOnce } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Card,
  Collapse,
  Group,
  Popover,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useId, useState, type ReactNode } from 'react'
import type { QuoteFormBond } from '../quote-form/quote-form.tsx'
import { venueWords } from '../private-runs/model.ts'
import { failureText } from '../shared-failure.ts'
import { useAcceptVenueRfqMutation, useCancelVenueRfqMutation, useVenueRfqsQuery } from './api.ts'
import { LevelForm } from './level-form.tsx'
import { NewRfqForm } from './new-rfq-form.tsx'
import {
  canAccept,
  canCounter,
  canQuote,
  canWithdraw,
  groupRfqs,
  isOpenLeg,
  levelWords,
  venueRefusal,
  type VenueRfqGroup,
} from './model.ts'

/** Quote or counter one leg: a button opening the level's form. */
function StepButton({
  leg,
  kind,
  onRefused,
}: {
  leg: VenueRfq
  kind: 'quote' | 'negotiate'
  onRefused: (message: string) => void
}) {
  const [open, setOpen] = useState(false)
  const word = kind === 'quote' ? 'Quote' : 'Counter'
  const whose = `${leg.counterparty_name}’s ${leg.role === 'initiator' ? 'quote' : 'RFQ'}`
  return (
    <Popover opened={open} onChange={setOpen} trapFocus withinPortal position="bottom-end">
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`${word} ${whose}`}
          onClick={() => setOpen((was) => !was)}
        >
          {word}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {open ? (
          <LevelForm leg={leg} kind={kind} onDone={() => setOpen(false)} onRefused={onRefused} />
        ) : null}
      </Popover.Dropdown>
    </Popover>
  )
}

/** Props of VenueRfqsPanel. */
export interface VenueRfqsPanelProps {
  /** The viewer may start, quote, counter, accept and withdraw (a Dealer with trade access). */
  canAct: boolean
  /** The exchanges the viewer's firm trades RFQs on (its rfq_exchanges); none: no new RFQ. */
  exchanges?: readonly RfqExchange[]
  /** Renders the bond search of the new RFQ's form; without it there is no new RFQ. */
  renderBondPicker?: (onPick: (bond: QuoteFormBond) => void) => ReactNode
}

function GroupTable({
  group,
  canAct,
  onRefused,
}: {
  group: VenueRfqGroup
  canAct: boolean
  onRefused: (message: string) => void
}) {
  const [accept, accepting] = useAcceptVenueRfqMutation()
  const [cancel, cancelling] = useCancelVenueRfqMutation()
  const { first } = group
  const side = first.quote_type === 'BID' ? 'Bid' : 'Offer'
  // A leg's reference is the RFQ's with the firm's place after it ("…-000012-2").
  const ref = first.group_id === null ? first.venue_ref : first.venue_ref.replace(/-\d+$/, '')
  const whose = first.role === 'initiator' ? 'Your' : 'Their'
  const caption = `${first.display_name} · ${whose} ${side.toLowerCase()} for ${formatQuantum(first.quantum)} · ${RFQ_VENUE_NAMES[first.exchange]} ${ref}`
  const acceptLeg = async (leg: VenueRfq) => {
    try {
      await accept(leg.id).unwrap()
    } catch (error) {
      onRefused(failureText(error, 'The quote could not be accepted.').message)
    }
  }
  const withdraw = async () => {
    // Withdrawing one leg withdraws the RFQ from every firm (decision 329).
    const open = group.legs.find(isOpenLeg)
    if (!open) return
    try {
      await cancel(open.id).unwrap()
    } catch (error) {
      onRefused(venueRefusal(error))
    }
  }
  return (
    <Table withTableBorder fz="xs" verticalSpacing={2} aria-label={caption}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
        <Group justify="space-between" gap="xs">
          <span>{caption}</span>
          {canAct && canWithdraw(group) ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Withdraw the RFQ ${ref}`}
              loading={cancelling.isLoading}
              onClick={() => void withdraw()}
            >
              Withdraw
            </Button>
          ) : null}
        </Group>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{first.role === 'initiator' ? 'Firm asked' : 'Asked by'}</Table.Th>
          <Table.Th scope="col">State</Table.Th>
          <Table.Th scope="col">Level</Table.Th>
          <Table.Th scope="col">Size</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {group.legs.map((leg) => (
          <Table.Tr key={leg.id}>
            <Table.Td>{leg.counterparty_name}</Table.Td>
            <Table.Td>
              {venueWords(leg)}
              {leg.ticket_id !== null ? ` · ticket ${leg.ticket_id}` : ''}
            </Table.Td>
            <Table.Td ff="monospace">{leg.state === 'initiated' ? '—' : levelWords(leg)}</Table.Td>
            <Table.Td>{formatQuantum(leg.quantum)}</Table.Td>
            <Table.Td>
              {canAct ? (
                <Group gap={4} wrap="nowrap">
                  {canQuote(leg) ? (
                    <StepButton leg={leg} kind="quote" onRefused={onRefused} />
                  ) : null}
                  {canAccept(leg) ? (
                    <Button
                      size="compact-xs"
                      aria-label={`Accept ${leg.counterparty_name}’s quote ${levelWords(leg)}`}
                      loading={accepting.isLoading && accepting.originalArgs === leg.id}
                      onClick={() => void acceptLeg(leg)}
                    >
                      Accept
                    </Button>
                  ) : null}
                  {canCounter(leg) ? (
                    <StepButton leg={leg} kind="negotiate" onRefused={onRefused} />
                  ) : null}
                </Group>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** The firm's exchange RFQs, every quote of each, and a new one. */
export function VenueRfqsPanel({ canAct, exchanges = [], renderBondPicker }: VenueRfqsPanelProps) {
  const { data } = useVenueRfqsQuery()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [starting, setStarting] = useState(false)
  const [placed, setPlaced] = useState<string | null>(null)
  // A new form after each RFQ placed; a cancelled one keeps what was typed.
  const [round, setRound] = useState(0)
  const formShown = useOpenedOnce(starting)
  const titleId = useId()
  const groups = groupRfqs(data?.results ?? [])
  const canStart = canAct && exchanges.length > 0 && renderBondPicker !== undefined
  if (groups.length === 0 && !canStart) return null
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="sm" id={titleId}>
          On the exchanges
        </Title>
        {canStart ? (
          <Button
            size="compact-xs"
            variant="light"
            aria-expanded={starting}
            onClick={() => {
              setPlaced(null)
              setStarting((open) => !open)
            }}
          >
            New RFQ
          </Button>
        ) : null}
      </Group>
      {canStart && formShown ? (
        <Collapse expanded={starting}>
          <Card withBorder p="xs" radius="sm">
            <NewRfqForm
              key={round}
              exchanges={exchanges}
              renderBondPicker={renderBondPicker}
              onDone={(legs) => {
                setStarting(false)
                if (legs !== undefined) {
                  setRound((n) => n + 1)
                  setPlaced(legs === 1 ? 'RFQ sent to 1 firm.' : `RFQ sent to ${legs} firms.`)
                }
              }}
            />
          </Card>
        </Collapse>
      ) : null}
      {placed ? (
        <Text size="xs" role="status">
          {placed}
        </Text>
      ) : null}
      {refusal ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      ) : null}
      {groups.map((group) => (
        <GroupTable key={group.key} group={group} canAct={canAct} onRefused={setRefusal} />
      ))}
      {groups.length === 0 ? (
        <Text size="xs" c="dimmed">
          No RFQs on the exchanges yet.
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        An RFQ sent to several firms takes one quote: the venue closes the others.
      </Text>
    </Stack>
  )
}
