// Trade access (spec section 6): a user without client.can_trade sees empty market lists (the
// server's rule) and, here, the trade-timing restriction text of `GET api/trade/timings`. Everyone
// sees the market's hours in the workspace's toolbar.
import { TRADE_RESTRICTION_TEXT } from '@bonds/domain'
import { Alert, Text } from '@mantine/core'
import { IconClockHour4, IconLock } from '@tabler/icons-react'
import { useTradeTimingsQuery } from '../api/network.ts'

/** The restriction a user without trade access reads above the panels; nothing for traders. */
export function TradeAccessNotice({ canTrade }: { canTrade: boolean }) {
  const { data } = useTradeTimingsQuery(undefined, { skip: canTrade })
  if (canTrade) return null
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      py={6}
      icon={<IconLock size={16} aria-hidden />}
      title="Trading is not open to your account"
      // Yellow text on the yellow tint is under 3:1 (WCAG 1.4.3): the words take the text colour,
      // the icon and the tint keep the warning's colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">{data?.restriction ?? TRADE_RESTRICTION_TEXT}</Text>
      {data ? (
        <Text size="xs" mt={2}>
          {data.message}
        </Text>
      ) : null}
    </Alert>
  )
}

/** The market's state now ("The market is open until 17:00 IST."), for the toolbar. */
export function MarketHours() {
  const { data } = useTradeTimingsQuery(undefined, { pollingInterval: 60_000 })
  if (!data) return null
  return (
    <Text size="xs" c="dimmed" role="status" aria-live="off">
      <IconClockHour4
        size={12}
        aria-hidden
        style={{ verticalAlign: 'middle', marginInlineEnd: 4 }}
      />
      {data.message}
    </Text>
  )
}
