// The level a firm quotes or counters on an exchange RFQ: a yield in % or a price per ₹100, as the
// RFQ was sent, the size kept. Enter sends, Escape closes (the popover's own). The venue checks
// the tick and the session; its refusal is shown by the panel.
import type { VenueRfq } from '@bonds/domain'
import { Button, Group, NumberInput, Stack } from '@mantine/core'
import { useState } from 'react'
import { useStepVenueRfqMutation } from './api.ts'
import { byYield, levelOf, venueRefusal } from './model.ts'

/** Props of LevelForm. */
export interface LevelFormProps {
  leg: VenueRfq
  kind: 'quote' | 'negotiate'
  onDone: () => void
  onRefused: (message: string) => void
}

/** A level for one leg, sent as a quote or a counter. */
export function LevelForm({ leg, kind, onDone, onRefused }: LevelFormProps) {
  const [step, { isLoading }] = useStepVenueRfqMutation()
  const isYield = byYield(leg)
  const [level, setLevel] = useState<number | string>(
    isYield ? Number(((leg.yield ?? 0) * 100).toFixed(4)) : (leg.price ?? ''),
  )
  const [error, setError] = useState<string | null>(null)
  const label = isYield ? 'Yield (%)' : 'Price (per ₹100)'
  const send = async () => {
    const typed = typeof level === 'number' ? level : Number(level)
    if (level === '' || !Number.isFinite(typed) || typed <= 0) {
      setError(`Enter the ${isYield ? 'yield' : 'price'}`)
      return
    }
    try {
      await step({ id: leg.id, kind, level: levelOf(isYield, typed) }).unwrap()
      onDone()
    } catch (failure) {
      onRefused(venueRefusal(failure))
      onDone()
    }
  }
  return (
    <Stack
      gap="xs"
      w={220}
      component="form"
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <NumberInput
        size="xs"
        label={label}
        value={level}
        onChange={(value) => {
          setLevel(value)
          setError(null)
        }}
        error={error}
        decimalScale={4}
        min={0}
        data-autofocus
      />
      <Group justify="flex-end" gap="xs">
        <Button size="compact-xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button size="compact-xs" type="submit" loading={isLoading}>
          {kind === 'quote' ? 'Send quote' : 'Send counter'}
        </Button>
      </Group>
    </Stack>
  )
}
