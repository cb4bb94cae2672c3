// One RFQ quote opened: its numbers, the negotiation threads on it the caller's firm is in (each
// counter-quote in order, who made it), and what the caller can do — counter, accept the other
// side's last counter (naming the deal's broker, one the server allows: decision 383), decline, or
// withdraw its own quote (decision 263).
import type { FixedField, Negotiation, RfqQuote } from '@bonds/domain'
import { formatDate, formatIstTime, formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { PricingField, QuantumField } from '../quote-form/quote-fields.tsx'
import {
  croresToRupees,
  CRORE,
  percentToFraction,
  typedNumber,
} from '../quote-form/quote-payload.ts'
import { failureText } from '../shared-failure.ts'
import {
  useCloseEoiMutation,
  useDealPartnersQuery,
  useNegotiateMutation,
  useWithdrawQuoteMutation,
} from './api.ts'
import { RespondForm } from './respond-form.tsx'
import { dealBrokers, negotiationActions, sideLabel } from './rfq-rows.ts'

const level = (entry: { yield_stored: number | null; unit_price_stored: number }) =>
  `${entry.yield_stored === null ? '—' : formatYield(entry.yield_stored)} · ${formatPrice(entry.unit_price_stored)}`

/** The counter form: a level (yield or price) and a quantum, with a note. */
function CounterForm({
  quote,
  thread,
  canTrade,
}: {
  quote: RfqQuote
  thread: Negotiation | null
  canTrade: boolean
}) {
  const [negotiate, { isLoading }] = useNegotiateMutation()
  const [fixedField, setFixedField] = useState<FixedField>(quote.fixed_field)
  const [value, setValue] = useState<number | string | null>(null)
  // In a thread, the size on the table is its last counter's; a first counter starts at the quote's.
  const [crores, setCrores] = useState<number | string | null>(
    (thread?.entries.at(-1)?.quantum ?? quote.quantum) / CRORE,
  )
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  if (!canTrade) return null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    const level = typedNumber(value)
    const size = typedNumber(crores)
    if (level === null || size === null) {
      setErrors({
        ...(level === null
          ? { level: fixedField === 'yield' ? 'Yield is required' : 'Price is required' }
          : {}),
        ...(size === null ? { quantum: 'Quantum is required' } : {}),
      })
      return
    }
    setErrors({})
    try {
      await negotiate({
        eoi_id: quote.id,
        ...(thread && thread.side === 'OWNER' ? { negotiation_id: thread.id } : {}),
        quantum: croresToRupees(size),
        ...(fixedField === 'yield'
          ? { yield_stored: percentToFraction(level) }
          : { unit_price_stored: level }),
        ...(note.trim() ? { note: note.trim() } : {}),
      }).unwrap()
      setValue(null)
      setNote('')
    } catch (error) {
      const { fields, message } = failureText(error, 'The counter could not be sent.')
      setErrors({
        ...(fields.yield_stored || fields.unit_price_stored
          ? { level: (fields.yield_stored ?? fields.unit_price_stored) as string }
          : {}),
        ...(fields.quantum ? { quantum: fields.quantum } : {}),
      })
      setFailure(message)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Counter-quote" noValidate>
      <Stack gap={6}>
        <Group grow align="flex-start">
          <PricingField
            label="Counter"
            fixedField={fixedField}
            value={value}
            onChange={(next) => {
              setFixedField(next.fixedField)
              setValue(next.level)
            }}
            error={errors.level}
          />
          <QuantumField
            label="Counter quantum (₹ crore)"
            crores={crores}
            onChange={setCrores}
            error={errors.quantum}
          />
        </Group>
        <TextInput
          size="xs"
          label="Note"
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button size="xs" type="submit" loading={isLoading}>
            Send counter
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** One thread: its counters, its deal, and the caller's actions. */
function Thread({
  quote,
  thread,
  canTrade,
}: {
  quote: RfqQuote
  thread: Negotiation
  canTrade: boolean
}) {
  const [close, { isLoading }] = useCloseEoiMutation()
  const [failure, setFailure] = useState<string | null>(null)
  const [broker, setBroker] = useState('')
  const [brokerError, setBrokerError] = useState<string | undefined>()
  const actions = negotiationActions(thread)
  const accepting = canTrade && thread.state === 'OPEN' && actions.accept
  // The brokers a deal may name: the other firm if it is one, and the caller's broker partners.
  const partners = useDealPartnersQuery(undefined, { skip: !accepting })
  const brokers = dealBrokers(thread, partners.data ?? [])
  const other = thread.side === 'OWNER' ? thread.counterparty_name : thread.owner_name
  const run = async (confirm: boolean) => {
    setFailure(null)
    setBrokerError(undefined)
    try {
      await close({
        id: actions.close.id,
        opposing_eoi: actions.close.opposing,
        confirm,
        ...(confirm && broker ? { broker_id: broker } : {}),
      }).unwrap()
    } catch (error) {
      const { fields, message } = failureText(error, 'That did not go through.')
      setBrokerError(fields.broker_id)
      setFailure(message)
    }
  }
  return (
    <Card
      withBorder
      p="xs"
      radius="sm"
      aria-label={`Negotiation with ${other}`}
      component="section"
    >
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            With {other}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={thread.state === 'DEALT' ? 'teal' : thread.state === 'OPEN' ? 'blue' : 'gray'}
          >
            {thread.state === 'DEALT'
              ? 'Deal'
              : thread.state === 'OPEN'
                ? 'Open'
                : thread.state === 'EXPIRED'
                  ? 'Expired'
                  : 'Closed'}
          </Badge>
        </Group>
        <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {thread.entries.map((entry) => (
            <Text component="li" key={entry.id} size="xs" ff="monospace">
              {formatIstTime(entry.created_at).slice(-12)}{' '}
              {entry.by === thread.side ? 'You' : other}: {level(entry)} for{' '}
              {formatQuantum(entry.quantum)}
              {entry.note ? ` — ${entry.note}` : ''}
            </Text>
          ))}
        </Stack>
        {thread.deal ? (
          <Alert color="teal" variant="light" p="xs" role="status">
            Deal: {quote.display_name} {level(thread.deal)} for {formatQuantum(thread.deal.quantum)}{' '}
            at {formatIstTime(thread.deal.dealt_at)}
            {thread.deal.ticket_id !== null
              ? ` · ticket ${thread.deal.ticket_id} in Ticketing`
              : ''}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            {failure}
          </Alert>
        ) : null}
        {accepting && brokers.length > 0 ? (
          <NativeSelect
            size="xs"
            label="Broker on the deal"
            value={broker}
            onChange={(event) => setBroker(event.currentTarget.value)}
            data={[
              { value: '', label: 'No broker' },
              ...brokers.map((firm) => ({ value: firm.client_id, label: firm.name })),
            ]}
            error={brokerError}
          />
        ) : null}
        {canTrade && thread.state === 'OPEN' ? (
          <Group gap="xs">
            {actions.accept ? (
              <Button size="xs" color="teal" loading={isLoading} onClick={() => void run(true)}>
                Accept {level(thread.entries.at(-1) as Negotiation['entries'][number])}
              </Button>
            ) : null}
            <Button size="xs" variant="default" loading={isLoading} onClick={() => void run(false)}>
              Decline
            </Button>
          </Group>
        ) : null}
        {canTrade && actions.counter ? (
          <CounterForm quote={quote} thread={thread} canTrade={canTrade} />
        ) : null}
      </Stack>
    </Card>
  )
}

/** Props of NegotiationPanel. */
export interface NegotiationPanelProps {
  quote: RfqQuote
  /** The caller may quote and negotiate (a Dealer with trade access). */
  canTrade: boolean
  /** The caller's firm: with it, another firm's quote can be responded to with a cluster. */
  clientId?: string | undefined
}

/** A quote opened: its numbers, its threads, and the caller's actions. */
export function NegotiationPanel({ quote, canTrade, clientId }: NegotiationPanelProps) {
  const [withdraw, withdrawal] = useWithdrawQuoteMutation()
  const mineOpen = quote.negotiations.some(
    (thread) => thread.side === 'COUNTERPARTY' && thread.state === 'OPEN',
  )
  return (
    <Stack gap="xs" aria-label={`Quote ${quote.display_name}`} component="section">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {sideLabel(quote.quote_type)} {quote.display_name}: {level(quote)} for{' '}
          {formatQuantum(quote.quantum)}, settles {formatDate(quote.settlement_date)}
        </Text>
        {quote.mine && canTrade ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={withdrawal.isLoading}
            onClick={() => void withdraw(quote.id)}
          >
            Withdraw
          </Button>
        ) : null}
      </Group>
      {quote.negotiations.map((thread) => (
        <Thread key={thread.id} quote={quote} thread={thread} canTrade={canTrade} />
      ))}
      {!quote.mine && !mineOpen && canTrade ? (
        <Card withBorder p="xs" radius="sm">
          <Text size="xs" fw={600} mb={4}>
            Counter this quote
          </Text>
          <CounterForm quote={quote} thread={null} canTrade={canTrade} />
        </Card>
      ) : null}
      {!quote.mine && canTrade && clientId ? (
        <Card withBorder p="xs" radius="sm">
          <Text size="xs" fw={600} mb={4}>
            Respond with a cluster
          </Text>
          <RespondForm key={quote.id} quote={quote} clientId={clientId} />
        </Card>
      ) : null}
      {quote.mine && quote.negotiations.length === 0 ? (
        <Text size="xs" c="dimmed">
          No counter-quotes yet. Counters from other desks appear here as they arrive.
        </Text>
      ) : null}
    </Stack>
  )
}
