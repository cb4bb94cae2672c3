// The start of day: until today's book is confirmed, a notice offers what changed since the last
// confirmed day (coupons, redemptions, maturities, trades settled), then the confirmation.
import type { ConfirmPreviousResult, OvernightChange } from '@bonds/domain'
import { formatDate, formatQuantum, formatRupees } from '@bonds/ui-kit'
import { Alert, Button, Group, List, Text } from '@mantine/core'
import { useState } from 'react'
import { useConfirmPreviousMutation } from '../api/inventory.ts'
import { failureText } from '../model/failure.ts'

const KIND: Record<OvernightChange['kind'], string> = {
  COUPON: 'Coupon received',
  REDEMPTION: 'Redemption',
  MATURITY: 'Matured',
  TRADE_SETTLED: 'Trade settled',
}

/** What a change reads as. */
export function changeText(c: OvernightChange): string {
  const amount =
    c.kind === 'TRADE_SETTLED'
      ? `${c.amount > 0 ? 'bought' : 'sold'} ${formatQuantum(Math.abs(c.amount))}`
      : formatRupees(c.amount)
  return `${formatDate(c.date)} · ${KIND[c.kind]} · ${c.display_name} (${c.book}): ${amount}`
}

/** The start-of-day notice and confirmation. */
export function StartOfDay({
  confirmedThrough,
  today,
}: {
  confirmedThrough: string | null
  today: string
}) {
  const [call, state] = useConfirmPreviousMutation()
  const [preview, setPreview] = useState<ConfirmPreviousResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (confirmedThrough !== null && confirmedThrough >= today) return null
  const run = async (isPreview: boolean) => {
    setError(null)
    try {
      const result = await call({ preview: isPreview }).unwrap()
      setPreview(isPreview ? result : null)
    } catch (e) {
      setError(failureText(e))
    }
  }
  return (
    <Alert color="yellow" title="Start of day" role="region" aria-label="Start of day">
      <Text fz="sm">
        {confirmedThrough
          ? `The book was last confirmed on ${formatDate(confirmedThrough)}. Review what changed, then confirm it for today.`
          : 'Review what changed, then confirm the book for today.'}
      </Text>
      {preview ? (
        preview.changes.length === 0 ? (
          <Text fz="sm" mt="xs">
            Nothing changed overnight.
          </Text>
        ) : (
          <List size="sm" mt="xs" aria-label="Overnight changes">
            {preview.changes.map((c, i) => (
              <List.Item key={i}>{changeText(c)}</List.Item>
            ))}
          </List>
        )
      ) : null}
      {error ? (
        <Text fz="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Group mt="xs">
        {preview ? (
          <Button size="xs" onClick={() => void run(false)} loading={state.isLoading}>
            Confirm book for {formatDate(today)}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            onClick={() => void run(true)}
            loading={state.isLoading}
          >
            Review overnight changes
          </Button>
        )}
      </Group>
    </Alert>
  )
}
