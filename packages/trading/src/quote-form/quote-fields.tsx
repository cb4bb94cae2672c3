// The quote form's fields, shared by a new quote, a counter and a new exchange RFQ: the bond and
// the side, the pricing input (yield or price fixed, switchable; the server computes the other)
// and the quantum in crores with the rupees in Indian grouping beside it.
import type { FixedField, QuoteType } from '@bonds/domain'
import { formatRupees } from '@bonds/ui-kit'
import { Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { croresToRupees, typedNumber } from './quote-payload.ts'

/** A bond a form is for, as the bond search picks it. */
export interface QuoteFormBond {
  finstrument_id: string
  display_name: string
}

/** Props of BondAndSideFields. */
export interface BondAndSideFieldsProps {
  /** Renders the bond search; calls `onPick` with the bond chosen. */
  renderBondPicker: (onPick: (bond: QuoteFormBond) => void) => ReactNode
  bond: QuoteFormBond | null
  /** What the chosen bond is for, before its name (e.g. "Quoting"). */
  lead: string
  onBond: (bond: QuoteFormBond) => void
  error?: string | undefined
  side: QuoteType
  onSide: (side: QuoteType) => void
}

/** The bond (searched, then named) and the side, bid or offer. */
export function BondAndSideFields({
  renderBondPicker,
  bond,
  lead,
  onBond,
  error,
  side,
  onSide,
}: BondAndSideFieldsProps) {
  return (
    <>
      {renderBondPicker(onBond)}
      {bond ? (
        <Text size="xs">
          {lead} <b>{bond.display_name}</b>
        </Text>
      ) : null}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <SegmentedControl
        size="xs"
        aria-label="Side"
        value={side}
        onChange={(next) => onSide(next as QuoteType)}
        data={[
          { value: 'BID', label: 'Bid (buy)' },
          { value: 'ASK', label: 'Offer (sell)' },
        ]}
      />
    </>
  )
}

/** Props of PricingField. */
export interface PricingFieldProps {
  fixedField: FixedField
  /** Yield in percent, or a clean price, as typed; null when empty. */
  value: number | string | null
  onChange: (value: { fixedField: FixedField; level: number | string | null }) => void
  error?: string | undefined
  /** The field's label prefix (e.g. "Counter"). */
  label?: string
}

/** Yield or price as the fixed field, and its number. */
export function PricingField({ fixedField, value, onChange, error, label }: PricingFieldProps) {
  const name = fixedField === 'yield' ? 'Yield (%)' : 'Price (per ₹100)'
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        aria-label={`${label ? `${label} ` : ''}fixed field`}
        value={fixedField}
        onChange={(next) => onChange({ fixedField: next as FixedField, level: null })}
        data={[
          { value: 'yield', label: 'Yield' },
          { value: 'price', label: 'Price' },
        ]}
      />
      <NumberInput
        size="xs"
        label={label ? `${label} ${name.toLowerCase()}` : name}
        value={value ?? ''}
        onChange={(next) => onChange({ fixedField, level: next === '' ? null : next })}
        decimalScale={4}
        min={0}
        max={fixedField === 'yield' ? 100 : 250}
        step={fixedField === 'yield' ? 0.01 : 0.0001}
        error={error}
        hideControls
      />
    </Stack>
  )
}

/** Props of QuantumField. */
export interface QuantumFieldProps {
  /** Crores as typed; null when empty. */
  crores: number | string | null
  onChange: (crores: number | string | null) => void
  error?: string | undefined
  label?: string
}

/** The quantum in crores, with its rupees in Indian grouping. */
export function QuantumField({
  crores,
  onChange,
  error,
  label = 'Quantum (₹ crore)',
}: QuantumFieldProps) {
  return (
    <Stack gap={2}>
      <NumberInput
        size="xs"
        label={label}
        value={crores ?? ''}
        onChange={(next) => onChange(next === '' ? null : next)}
        decimalScale={2}
        min={0}
        thousandSeparator=","
        thousandsGroupStyle="lakh"
        error={error}
        hideControls
      />
      <Group gap={4}>
        <Text size="xs" c="dimmed" ff="monospace">
          {formatRupees(croresToRupees(typedNumber(crores) ?? 0), 0)}
        </Text>
      </Group>
    </Stack>
  )
}
