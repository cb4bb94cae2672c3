// The quote form's fields, shared by a new quote and a counter: the pricing input (yield or price
// fixed, switchable; the server computes the other) and the quantum in crores with the rupees in
// Indian grouping beside it.
import type { FixedField } from '@bonds/domain'
import { formatRupees } from '@bonds/ui-kit'
import { Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core'
import { croresToRupees, typedNumber } from './quote-payload.ts'

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
