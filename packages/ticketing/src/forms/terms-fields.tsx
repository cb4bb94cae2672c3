// The terms inputs a new ticket and an edit share: quantum (₹ of face value, shown back in
// lakh/crore), price or yield (one of them), settlement date, trade time and clearing corporation.
import {
  CLEARING_CORPORATION_NAMES,
  CLEARING_EXCHANGES,
  type ClearingExchange,
} from '@bonds/domain'
import { formatQuantum } from '@bonds/ui-kit'
import { SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'

/** The terms as a form holds them (numbers as typed). */
export interface TermsValues {
  quantum: string
  fixed: 'price' | 'yield'
  unit_clean_price: string
  bond_yield: string
  settlement_date: string
  trade_time: string
  exchange: ClearingExchange
}

/** The terms as the request schemas read them: only the fixed one of price and yield. */
export function termsBody(values: TermsValues) {
  return {
    quantum: values.quantum,
    unit_clean_price: values.fixed === 'price' ? values.unit_clean_price : undefined,
    bond_yield: values.fixed === 'yield' ? values.bond_yield : undefined,
    settlement_date: values.settlement_date,
    trade_time: values.trade_time,
    exchange: values.exchange,
  }
}

/** The quantum in words, when it reads as a number. */
function quantumHint(text: string): string | undefined {
  const value = Number(text.replaceAll(',', ''))
  return text.trim() && Number.isFinite(value) && value > 0 ? formatQuantum(value) : undefined
}

/** Props of TermsFields. */
export interface TermsFieldsProps<V extends TermsValues> {
  form: UseFormReturnType<V>
  /** Why the settlement date is not today (a new ticket's default after the close). */
  settlementNote?: string | null
}

/** The terms inputs. */
export function TermsFields<V extends TermsValues>({ form, settlementNote }: TermsFieldsProps<V>) {
  const f = form as unknown as UseFormReturnType<TermsValues>
  const values = f.values
  return (
    <Stack gap="xs">
      <TextInput
        label="Quantum (₹ face value)"
        inputMode="numeric"
        withAsterisk
        description={quantumHint(values.quantum) ?? 'Rupees of face value, e.g. 50000000'}
        {...f.getInputProps('quantum')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="ticket-fixed-label">
          Fix the
        </Text>
        <SegmentedControl
          aria-labelledby="ticket-fixed-label"
          size="xs"
          data={[
            { value: 'price', label: 'Price' },
            { value: 'yield', label: 'Yield' },
          ]}
          {...f.getInputProps('fixed')}
        />
      </Stack>
      {values.fixed === 'price' ? (
        <TextInput
          label="Clean price (per ₹100)"
          inputMode="decimal"
          withAsterisk
          {...f.getInputProps('unit_clean_price')}
        />
      ) : (
        <TextInput
          label="Yield (%)"
          inputMode="decimal"
          withAsterisk
          {...f.getInputProps('bond_yield')}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          label="Settlement date"
          type="date"
          withAsterisk
          description={settlementNote ?? undefined}
          {...f.getInputProps('settlement_date')}
        />
        <TextInput
          label="Trade time (HH:MM, IST)"
          placeholder="HH:MM"
          withAsterisk
          {...f.getInputProps('trade_time')}
        />
      </SimpleGrid>
      <Select
        label="Clearing corporation"
        allowDeselect={false}
        data={CLEARING_EXCHANGES.map((value) => ({
          value,
          label: CLEARING_CORPORATION_NAMES[value],
        }))}
        comboboxProps={{ withinPortal: false }}
        {...f.getInputProps('exchange')}
      />
    </Stack>
  )
}
