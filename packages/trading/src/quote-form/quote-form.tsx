// A new quote: bond, side, the pricing input, settlement T+0/T+1/T+2 or a date (never both),
// quantum in crores, validity. Checked with the domain schema before it is sent; the server's
// field messages show in place after (decision 263).
import type { EoiCreatePayload, QuoteType } from '@bonds/domain'
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { todayInIndia } from '@bonds/pricing'
import { formatDate, formatPrice, formatYield } from '@bonds/ui-kit'
import { useState, type FormEvent, type ReactNode } from 'react'
import { failureText } from '../shared-failure.ts'
import { useQuoteBondTermsQuery } from './api.ts'
import {
  BondAndSideFields,
  PricingField,
  QuantumField,
  type QuoteFormBond,
} from './quote-fields.tsx'
import {
  emptyDraft,
  percentToFraction,
  quotePayload,
  typedNumber,
  VALIDITY_CHOICES,
  type QuoteDraft,
  type SettlementChoice,
} from './quote-payload.ts'
import { otherNumber, quoteSettlement } from '../quote-pricing/index.ts'

export type { QuoteFormBond } from './quote-fields.tsx'

/** Props of QuoteForm. */
export interface QuoteFormProps {
  /** Renders the bond search; calls `onPick` with the bond chosen. */
  renderBondPicker: (onPick: (bond: QuoteFormBond) => void) => ReactNode
  /** Sends the payload; rejects with the server's error to show. */
  onSubmit: (payload: EoiCreatePayload) => Promise<unknown>
  /** Closes the form (Cancel). */
  onCancel?: () => void
  initialSide?: QuoteType
  /**
   * The user holds the price-override permission (`eoi.price_override`): the form offers to send
   * the price and the yield as typed instead of the calculator's (decision 260). Off: not shown.
   */
  canOverridePrice?: boolean
}

/**
 * The number the server will compute beside the one typed: a yield's clean price or a price's
 * yield at the chosen settlement, priced in the browser with the bond's terms (decision 288).
 */
function OtherNumberLine({ finstrumentId, draft }: { finstrumentId: string; draft: QuoteDraft }) {
  const { data: terms, isLoading, isError } = useQuoteBondTermsQuery(finstrumentId)
  let text: string
  if (isLoading) text = 'Loading the bond’s terms…'
  else if (isError || terms === undefined) text = 'The bond’s terms could not be loaded.'
  else if (terms === null) text = 'This bond cannot be priced: quote a price.'
  else {
    const settlement = quoteSettlement(terms, draft, todayInIndia(new Date()))
    const level = typedNumber(draft.level)
    const fixed =
      level === null
        ? null
        : draft.fixedField === 'yield'
          ? ({ field: 'yield', bondYield: percentToFraction(level) } as const)
          : ({ field: 'price', cleanPrice: level } as const)
    const other = settlement && fixed ? otherNumber(terms, settlement, fixed) : null
    const settles = settlement ? `settling ${formatDate(settlement)}` : 'choose a settlement date'
    if (!fixed || !settlement) text = `Type a ${draft.fixedField}; ${settles}.`
    else if (!other)
      text = `No ${draft.fixedField === 'yield' ? 'price' : 'yield'} at this level, ${settles}.`
    else if (other.field === 'unit_price_stored')
      text = `Price ${formatPrice(other.value)}, ${settles}`
    else text = `Yield ${formatYield(other.value)}, ${settles}`
  }
  return (
    <Text size="xs" c="dimmed" aria-live="polite" data-testid="quote-other-number">
      {text}
    </Text>
  )
}

/** The quote entry form. */
export function QuoteForm({
  renderBondPicker,
  onSubmit,
  onCancel,
  initialSide = 'ASK',
  canOverridePrice = false,
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
    const result = quotePayload(canOverridePrice ? draft : { ...draft, overridden: false })
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

  const overriding = canOverridePrice && draft.overridden
  const fixedKey = draft.fixedField === 'yield' ? 'yield_stored' : 'unit_price_stored'
  const otherKey = draft.fixedField === 'yield' ? 'unit_price_stored' : 'yield_stored'
  const levelError = overriding
    ? errors[fixedKey]
    : (errors.yield_stored ?? errors.unit_price_stored)
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="New quote" noValidate>
      <Stack gap="xs">
        <BondAndSideFields
          renderBondPicker={renderBondPicker}
          bond={bond}
          lead="Quoting"
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
            onChange={({ fixedField, level }) =>
              change(
                fixedField === draft.fixedField
                  ? { level }
                  : { fixedField, level, otherLevel: null },
              )
            }
            error={levelError}
          />
          <QuantumField
            crores={draft.crores}
            onChange={(crores) => change({ crores })}
            error={errors.quantum}
          />
        </Group>
        {canOverridePrice ? (
          <Stack gap={2}>
            <Switch
              size="xs"
              label="Override the price"
              checked={draft.overridden}
              onChange={(event) =>
                change({ overridden: event.currentTarget.checked, otherLevel: null })
              }
              aria-invalid={errors.price_overridden ? true : undefined}
              aria-describedby={errors.price_overridden ? 'quote-override-error' : undefined}
            />
            {overriding ? (
              <Text size="xs" c="dimmed">
                The price and the yield are posted as typed, not as the calculator gives them.
              </Text>
            ) : null}
            {errors.price_overridden ? (
              <Text size="xs" c="red" role="alert" id="quote-override-error">
                {errors.price_overridden}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {overriding ? (
          <NumberInput
            size="xs"
            label={draft.fixedField === 'yield' ? 'Price (per ₹100)' : 'Yield (%)'}
            value={draft.otherLevel ?? ''}
            onChange={(next) => change({ otherLevel: next === '' ? null : next })}
            decimalScale={4}
            min={0}
            max={draft.fixedField === 'yield' ? 250 : 100}
            step={draft.fixedField === 'yield' ? 0.0001 : 0.01}
            error={errors[otherKey]}
            hideControls
          />
        ) : null}
        {draft.finstrumentId ? (
          <OtherNumberLine finstrumentId={draft.finstrumentId} draft={draft} />
        ) : null}
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
