// A new quote: bond, side, the pricing input, settlement T+0/T+1/T+2 or a date (never both),
// quantum in crores, validity. Checked with the domain schema before it is sent; the server's
// field messages show in place after (decision 263).
import type { EoiCreatePayload, QuoteType } from '@bonds/domain'
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useState, type FormEvent, type ReactNode } from 'react'
import { failureText } from '../shared-failure.ts'
import { PricingField, QuantumField } from './quote-fields.tsx'
import {
  emptyDraft,
  quotePayload,
  VALIDITY_CHOICES,
  type QuoteDraft,
  type SettlementChoice,
} from './quote-payload.ts'

/** A bond the form quotes. */
export interface QuoteFormBond {
  finstrument_id: string
  display_name: string
}

/** Props of QuoteForm. */
export interface QuoteFormProps {
  /** Renders the bond search; calls `onPick` with the bond chosen. */
  renderBondPicker: (onPick: (bond: QuoteFormBond) => void) => ReactNode
  /** Sends the payload; rejects with the server's error to show. */
  onSubmit: (payload: EoiCreatePayload) => Promise<unknown>
  /** Closes the form (Cancel). */
  onCancel?: () => void
  initialSide?: QuoteType
}

/** The quote entry form. */
export function QuoteForm({
  renderBondPicker,
  onSubmit,
  onCancel,
  initialSide = 'ASK',
}: QuoteFormProps) {
  const [draft, setDraft] = useState<QuoteDraft>(() => emptyDraft({ side: initialSide }))
  const [bond, setBond] = useState<QuoteFormBond | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const change = (patch: Partial<QuoteDraft>) => setDraft((current) => ({ ...current, ...patch }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    const result = quotePayload(draft)
    if (result.errors) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    setSending(true)
    try {
      await onSubmit(result.payload)
      setDraft(emptyDraft({ side: draft.side }))
      setBond(null)
    } catch (error) {
      const { fields, message } = failureText(error, 'The quote could not be posted.')
      setErrors(fields)
      if (Object.keys(fields).length === 0 || fields.non_field_errors) setFailure(message)
    } finally {
      setSending(false)
    }
  }

  const levelError = errors.yield_stored ?? errors.unit_price_stored
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="New quote" noValidate>
      <Stack gap="xs">
        {renderBondPicker((picked) => {
          setBond(picked)
          change({ finstrumentId: picked.finstrument_id })
        })}
        {bond ? (
          <Text size="xs">
            Quoting <b>{bond.display_name}</b>
          </Text>
        ) : null}
        {errors.finstrument_id ? (
          <Text size="xs" c="red" role="alert">
            {errors.finstrument_id}
          </Text>
        ) : null}
        <SegmentedControl
          size="xs"
          aria-label="Side"
          value={draft.side}
          onChange={(side) => change({ side: side as QuoteType })}
          data={[
            { value: 'BID', label: 'Bid (buy)' },
            { value: 'ASK', label: 'Offer (sell)' },
          ]}
        />
        <Group grow align="flex-start">
          <PricingField
            fixedField={draft.fixedField}
            value={draft.level}
            onChange={({ fixedField, level }) => change({ fixedField, level })}
            error={levelError}
          />
          <QuantumField
            crores={draft.crores}
            onChange={(crores) => change({ crores })}
            error={errors.quantum}
          />
        </Group>
        <Group grow align="flex-end">
          <Stack gap={4}>
            <Text size="xs" fw={500} id="quote-settlement">
              Settlement
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="quote-settlement"
              value={draft.settlement}
              onChange={(value) => change({ settlement: value as SettlementChoice })}
              data={[
                { value: '0', label: 'T+0' },
                { value: '1', label: 'T+1' },
                { value: '2', label: 'T+2' },
                { value: 'date', label: 'Date' },
              ]}
            />
          </Stack>
          {draft.settlement === 'date' ? (
            <TextInput
              size="xs"
              type="date"
              label="Settlement date"
              value={draft.date}
              onChange={(event) => change({ date: event.currentTarget.value })}
              error={errors.settlement}
            />
          ) : null}
          <Select
            size="xs"
            label="Validity"
            value={String(draft.validityMinutes ?? 'close')}
            onChange={(value) =>
              change({ validityMinutes: !value || value === 'close' ? null : Number(value) })
            }
            data={VALIDITY_CHOICES.map((choice) => ({
              value: String(choice.minutes ?? 'close'),
              label: choice.label,
            }))}
            allowDeselect={false}
            error={errors.validity ?? errors.expiry_date_stored}
          />
        </Group>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button size="xs" type="submit" loading={sending}>
            Post quote
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
