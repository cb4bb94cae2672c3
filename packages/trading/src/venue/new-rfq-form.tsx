// A new RFQ on NSE RFQ or BSE RFQ to one firm or several (decisions 329, 358): the exchange (one
// of the firm's rfq_exchanges), the bond, the side, the pricing input (yield or price, never
// both), the quantum in crores with Indian grouping, T+0 or T+1, and 1 to 10 firms that trade on
// that exchange (never the caller's own). Checked with the domain schema before it is sent; the
// server's and the venue's field messages show on the fields they name. Loaded when first opened.
import { RFQ_VENUE_NAMES, VENUE_MAX_RESPONDERS, type RfqExchange } from '@bonds/domain'
import { Alert, Button, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import {
  BondAndSideFields,
  PricingField,
  QuantumField,
  type QuoteFormBond,
} from '../quote-form/quote-fields.tsx'
import { failureText } from '../shared-failure.ts'
import { useStartVenueRfqMutation, useVenueCounterpartiesQuery } from './api.ts'
import { emptyRfqDraft, formErrors, rfqPayload, type RfqDraft } from './new-rfq-payload.ts'

/** Props of NewRfqForm. */
export interface NewRfqFormProps {
  /** The exchanges the caller's firm trades RFQs on (its rfq_exchanges), at least one. */
  exchanges: readonly RfqExchange[]
  /** Renders the bond search; calls `onPick` with the bond chosen. */
  renderBondPicker: (onPick: (bond: QuoteFormBond) => void) => ReactNode
  /** Called with the RFQ's legs once the venue took it, and on Cancel (no argument). */
  onDone: (legs?: number) => void
}

/** The firms asked: searched by name on the chosen exchange, those chosen kept by name. */
function CounterpartyField({
  exchange,
  value,
  onChange,
  error,
}: {
  exchange: RfqExchange | null
  value: string[]
  onChange: (ids: string[]) => void
  error: string | undefined
}) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 300)
  const [names, setNames] = useState<Record<string, string>>({})
  const { data, isFetching, isError } = useVenueCounterpartiesQuery(
    { exchange: exchange ?? 'NSE', search: debounced.length >= 3 ? debounced : '' },
    { skip: exchange === null },
  )
  // One option a firm (a search lists its dealers and the firm itself).
  const found = useMemo(() => {
    const firms = new Map<string, string>()
    for (const row of data?.results ?? [])
      if (!firms.has(row.client_id)) firms.set(row.client_id, row.name)
    return firms
  }, [data])
  const options = [
    ...value.map((id) => ({ value: id, label: names[id] ?? found.get(id) ?? id })),
    ...[...found]
      .filter(([id]) => !value.includes(id))
      .map(([id, name]) => ({ value: id, label: name })),
  ]
  return (
    <MultiSelect
      size="xs"
      label={`Firms to ask (1–${VENUE_MAX_RESPONDERS})`}
      placeholder={value.length === 0 ? 'Search firms on this exchange' : undefined}
      description={
        isError
          ? 'The firms could not be loaded.'
          : exchange
            ? `Firms that trade on ${RFQ_VENUE_NAMES[exchange]}`
            : undefined
      }
      data={options}
      value={value}
      onChange={(ids) => {
        setNames((known) => ({
          ...known,
          ...Object.fromEntries(ids.map((id) => [id, known[id] ?? found.get(id) ?? id])),
        }))
        onChange(ids)
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={VENUE_MAX_RESPONDERS}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No firm found on this exchange'}
      hidePickedOptions
      error={error}
    />
  )
}

/** The new RFQ form. */
export function NewRfqForm({ exchanges, renderBondPicker, onDone }: NewRfqFormProps) {
  const [draft, setDraft] = useState<RfqDraft>(() => emptyRfqDraft(exchanges))
  const [bond, setBond] = useState<QuoteFormBond | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [start, { isLoading }] = useStartVenueRfqMutation()
  const settlementId = useId()
  const change = (patch: Partial<RfqDraft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setErrors((current) => {
      const next = { ...current }
      for (const key of Object.keys(patch)) {
        for (const field of CLEARS[key as keyof RfqDraft] ?? []) delete next[field]
      }
      return next
    })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    const result = rfqPayload(draft)
    if (result.errors) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    try {
      const created = await start(result.payload).unwrap()
      onDone(created.results.length)
    } catch (error) {
      const { fields, message } = failureText(error, 'The RFQ could not be placed.')
      const shown = formErrors(fields)
      setErrors(shown)
      const onAField = Object.keys(shown).some((field) => FIELDS.has(field))
      if (!onAField) setFailure(message)
    }
  }

  const exchange = draft.exchange
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="New RFQ" noValidate>
      <Stack gap="xs">
        {exchanges.length > 1 ? (
          <SegmentedControl
            size="xs"
            aria-label="Exchange"
            value={exchange ?? ''}
            onChange={(value) => change({ exchange: value as RfqExchange, counterparties: [] })}
            data={exchanges.map((e) => ({ value: e, label: RFQ_VENUE_NAMES[e] }))}
          />
        ) : exchange ? (
          <Text size="xs">
            On <b>{RFQ_VENUE_NAMES[exchange]}</b>
          </Text>
        ) : null}
        {errors.exchange ? (
          <Text size="xs" c="red" role="alert">
            {errors.exchange}
          </Text>
        ) : null}
        <BondAndSideFields
          renderBondPicker={renderBondPicker}
          bond={bond}
          lead="RFQ for"
          onBond={(picked) => {
            setBond(picked)
            change({ finstrumentId: picked.finstrument_id })
          }}
          error={errors.finstrument_id}
          side={draft.side}
          onSide={(side) => change({ side })}
        />
        <Group grow align="flex-start">
          <PricingField
            fixedField={draft.fixedField}
            value={draft.level}
            onChange={({ fixedField, level }) => change({ fixedField, level })}
            error={errors.yield ?? errors.price}
          />
          <QuantumField
            crores={draft.crores}
            onChange={(crores) => change({ crores })}
            error={errors.quantum}
          />
        </Group>
        <Stack gap={4}>
          <Text size="xs" fw={500} id={settlementId}>
            Settlement
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby={settlementId}
            value={draft.settlement}
            onChange={(value) => change({ settlement: value as RfqDraft['settlement'] })}
            data={[
              { value: '0', label: 'T+0' },
              { value: '1', label: 'T+1' },
            ]}
          />
          {errors.settlement_delta ? (
            <Text size="xs" c="red" role="alert">
              {errors.settlement_delta}
            </Text>
          ) : null}
        </Stack>
        <CounterpartyField
          exchange={exchange}
          value={draft.counterparties}
          onChange={(counterparties) => change({ counterparties })}
          error={errors.counterparty_client_ids}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={() => onDone()}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={isLoading}>
            Send RFQ
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The messages a change to a draft's field clears. */
const CLEARS: Partial<Record<keyof RfqDraft, readonly string[]>> = {
  exchange: ['exchange', 'counterparty_client_ids'],
  finstrumentId: ['finstrument_id'],
  fixedField: ['yield', 'price'],
  level: ['yield', 'price'],
  crores: ['quantum'],
  settlement: ['settlement_delta'],
  counterparties: ['counterparty_client_ids'],
}

/** The fields the form shows a message on. */
const FIELDS = new Set([
  'exchange',
  'finstrument_id',
  'yield',
  'price',
  'quantum',
  'settlement_delta',
  'counterparty_client_ids',
])
