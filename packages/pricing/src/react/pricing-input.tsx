// The pricing input of spec §4: one number field whose meaning is the fixed field (yield or price),
// a switch between them, and the other field computed in the browser on every keystroke.
import type { ContractParameters, FixedField } from '@bonds/domain'
import { Badge, Flex, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import type { BondTerms } from '../index.ts'
import { bondAvailability } from './bond-availability.ts'
import {
  fixedFieldAfterTyping,
  fixedNumber,
  formatFixed,
  formatPrice,
  formatYieldPercent,
  parseField,
  priceValue,
  resolveValue,
  sameValue,
  stepText,
  type PricingValue,
} from './pricing-value.ts'
import { usePricing } from './use-pricing.ts'

/** The bond the input prices, as lists and the info endpoint return it (shown with its state). */
export interface PricingInputBond {
  display_name: string
  identifiers?: { isin: string }
  contract_parameters: ContractParameters
}

/** Props of PricingInput. */
export interface PricingInputProps {
  /** The bond's terms; null when it cannot be priced (only a yield can be fixed then). */
  terms: BondTerms | null
  /** Settlement date, YYYY-MM-DD. */
  settlementDate: string
  /** The fixed field and both numbers, as stored and sent. */
  value: PricingValue
  /** Every change: a keystroke, a step, the switch, or a re-price after new terms or settlement. */
  onChange: (value: PricingValue) => void
  /** When given, the bond is shown; a matured or unlisted one cannot be selected (input disabled). */
  bond?: PricingInputBond
  /** Today (YYYY-MM-DD, IST) for the matured check; the current date by default. */
  today?: string
  /** Disable the whole input. */
  disabled?: boolean
  /** Show validation messages before the user has typed (after a submit, say). */
  showErrors?: boolean
}

const LABELS: Record<FixedField, string> = { yield: 'Yield (%)', price: 'Price (per ₹100)' }
const DASH = '—'

interface Draft {
  /** What the field shows, as typed. */
  text: string
  /** The value the text stands for; a different value from the parent replaces the text. */
  source: PricingValue
  /** The user has typed in or left the field: validation messages show from then on. */
  touched: boolean
}

function sameFixed(a: PricingValue, b: PricingValue): boolean {
  return a.fixedField === b.fixedField && fixedNumber(a) === fixedNumber(b)
}

function Readout({ label, value, htmlFor }: { label: string; value: string; htmlFor: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text span size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="output" htmlFor={htmlFor} aria-label={label} size="xs" miw="8ch">
        {value}
      </Text>
    </Group>
  )
}

/**
 * Yield or price as the fixed field, switchable, with the other field computed live (no request per
 * keystroke). Typing a number above the switch threshold as a yield makes it a price, and one at or
 * below it as a price makes it a yield; the Price option is disabled when the bond cannot be priced.
 */
export function PricingInput({
  terms,
  settlementDate,
  value,
  onChange,
  bond,
  today,
  disabled = false,
  showErrors = false,
}: PricingInputProps) {
  const inputId = useId()
  const pricing = usePricing(terms, settlementDate)
  const shown = resolveValue(value, pricing)
  const [draft, setDraft] = useState<Draft>(() => ({
    text: formatFixed(shown),
    source: shown,
    touched: false,
  }))
  if (!sameFixed(draft.source, shown)) {
    // The parent set another value (or kept the old one): show it.
    setDraft({ text: formatFixed(shown), source: shown, touched: draft.touched })
  }

  // New terms or settlement re-price the other field; a bond that cannot be priced fixes the yield.
  useEffect(() => {
    if (!sameValue(shown, value)) onChange(shown)
  }, [shown, value, onChange])

  const availability = bond ? bondAvailability(bond.contract_parameters, today) : null
  const locked = disabled || (availability !== null && !availability.selectable)
  const fixedField = shown.fixedField
  const parsed = parseField(fixedField, draft.text)
  const error = (draft.touched || showErrors) && !locked && !parsed.ok ? parsed.error : undefined

  const type = (text: string) => {
    const field = fixedFieldAfterTyping(fixedField, text, pricing)
    const result = parseField(field, text)
    const next = priceValue(field, result.ok ? result.value : null, pricing)
    setDraft({ text, source: next, touched: true })
    if (!sameValue(next, value)) onChange(next)
  }

  const fix = (field: FixedField) => {
    if (field === fixedField) return
    const next = priceValue(field, field === 'yield' ? shown.bondYield : shown.cleanPrice, pricing)
    setDraft({ text: formatFixed(next), source: next, touched: draft.touched })
    onChange(next)
  }

  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
    event.preventDefault()
    const stepped = stepText(fixedField, draft.text, event.key === 'ArrowUp' ? 1 : -1)
    if (stepped !== draft.text) type(stepped)
  }

  // Text the schema rejects (a price of 300 the parent set, say) prices nothing.
  const clean = parsed.ok ? shown.cleanPrice : null
  const other = fixedField === 'yield' ? clean : parsed.ok ? shown.bondYield : null
  const dirty =
    clean !== null && pricing.accruedInterest !== null
      ? formatPrice(clean + pricing.accruedInterest)
      : DASH

  return (
    <Stack gap={6}>
      {bond && availability && (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {bond.display_name}
          </Text>
          {bond.identifiers && (
            <Text size="xs" c="dimmed" ff="monospace">
              {bond.identifiers.isin}
            </Text>
          )}
          {availability.matured && (
            <Badge size="xs" color="gray" variant="light">
              Matured
            </Badge>
          )}
          {availability.unlisted && (
            <Badge size="xs" color="orange" variant="light">
              Unlisted
            </Badge>
          )}
        </Group>
      )}
      {availability && !availability.selectable && (
        <Text size="xs" c="dimmed">
          {`This bond is ${[availability.matured && 'matured', availability.unlisted && 'unlisted']
            .filter(Boolean)
            .join(' and ')}: it cannot be selected.`}
        </Text>
      )}
      <SegmentedControl<FixedField>
        aria-label="Fixed field"
        size="xs"
        value={fixedField}
        onChange={fix}
        disabled={locked}
        data={[
          { value: 'yield', label: 'Yield' },
          { value: 'price', label: 'Price', disabled: !pricing.priceable },
        ]}
      />
      <TextInput
        id={inputId}
        label={LABELS[fixedField]}
        description={
          pricing.priceable || locked ? undefined : 'Price is unavailable for this bond.'
        }
        value={draft.text}
        onChange={(event) => type(event.currentTarget.value)}
        onBlur={() => setDraft((d) => (d.touched ? d : { ...d, touched: true }))}
        onKeyDown={step}
        error={error}
        disabled={locked}
        inputMode="decimal"
        autoComplete="off"
        size="sm"
        rightSection={fixedField === 'yield' ? '%' : undefined}
        styles={{ input: { textAlign: 'right' } }}
      />
      <Flex columnGap="sm" rowGap={2} wrap="wrap" align="center">
        <Readout
          label={fixedField === 'yield' ? 'Price' : 'Yield'}
          value={
            other === null
              ? DASH
              : fixedField === 'yield'
                ? formatPrice(other)
                : `${formatYieldPercent(other)}%`
          }
          htmlFor={inputId}
        />
        {pricing.accruedInterest !== null && (
          <>
            <Readout
              label="Accrued"
              value={formatPrice(pricing.accruedInterest)}
              htmlFor={inputId}
            />
            <Readout label="Dirty price" value={dirty} htmlFor={inputId} />
          </>
        )}
        {pricing.exInterest && (
          <Badge size="xs" color="gray" variant="outline">
            Ex-interest
          </Badge>
        )}
      </Flex>
    </Stack>
  )
}
