// A trade's state as a badge: its word always, its colour as a second cue.
import type { TradeState } from '@bonds/domain'
import { Badge } from '@mantine/core'
import { STATE_COLORS, STATE_LABELS } from '../model/state.ts'

/** The state badge of a ticket or order. */
export function TradeStateBadge({ state }: { state: TradeState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {STATE_LABELS[state]}
    </Badge>
  )
}
