// A bond's market depth as a ladder: bids on the left, offers on the right, best first, live.
// A size that changes flashes its cell briefly and says the change beside it: an arrow with the
// amount it moved ("▲ ₹2 cr", labelled "up ₹2 cr from ₹5 cr"), or "new" for a new level; never
// an arrow without a size it moved from, never colour alone, no animation when the reader prefers
// reduced motion. The best of each side is announced politely at most every few seconds.
import type { MarketDepth } from '@bonds/domain'
import { formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import { Alert, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { useThrottledValue } from '@mantine/hooks'
import { useState } from 'react'
import { useMarketDepthQuery } from '../api/depth.ts'
import { changeLabel, depthSummary, ladderRows, type SizeChange } from './depth-rows.ts'
import classes from './market-depth.module.css'

/** How often, at most, the best levels are announced to assistive technology. */
export const DEPTH_ANNOUNCE_MS = 5000

const FORMAT = { yield: formatYield, price: formatPrice, quantum: formatQuantum }

const ARROW = { up: '▲', down: '▼' } as const

/** A size's change: the arrow and the amount, or "new"; one labelled image to a screen reader. */
function Change({ change }: { change: SizeChange }) {
  const shown =
    change.move === 'new' || change.from === null
      ? 'new'
      : `${ARROW[change.move]} ${formatQuantum(Math.abs(change.to - change.from))}`
  return (
    <span className={classes.change} role="img" aria-label={changeLabel(change, formatQuantum)}>
      {shown}
    </span>
  )
}

function Size({
  rupees,
  mine,
  change,
}: {
  rupees: number
  mine: number
  change: SizeChange | null
}) {
  return (
    <>
      <span className={mine > 0 ? classes.mine : undefined}>{formatQuantum(rupees)}</span>
      {mine > 0 ? <VisuallyHidden>, {formatQuantum(mine)} of it yours</VisuallyHidden> : null}
      {change ? <Change change={change} /> : null}
    </>
  )
}

function Ladder({ depth }: { depth: MarketDepth }) {
  // The answer before this one, to show what moved.
  const [answers, setAnswers] = useState<{ current: MarketDepth; previous: MarketDepth | null }>({
    current: depth,
    previous: null,
  })
  if (answers.current !== depth) setAnswers({ current: depth, previous: answers.current })
  const rows = ladderRows(depth, answers.current === depth ? answers.previous : answers.current)
  const [announced] = useThrottledValue(depthSummary(depth, FORMAT), DEPTH_ANNOUNCE_MS)
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        No live quotes on {depth.display_name} right now.
      </Text>
    )
  }
  return (
    <>
      <Table className={classes.table} fz="sm" withRowBorders={false} striped>
        <VisuallyHidden component="caption">Market depth of {depth.display_name}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={`${classes.num} ${classes.bid}`}>Bid size</Table.Th>
            <Table.Th className={`${classes.num} ${classes.bid}`}>Bid yield</Table.Th>
            <Table.Th className={`${classes.num} ${classes.bid}`}>Bid price</Table.Th>
            <Table.Th className={`${classes.num} ${classes.ask}`}>Offer price</Table.Th>
            <Table.Th className={`${classes.num} ${classes.ask}`}>Offer yield</Table.Th>
            <Table.Th className={`${classes.num} ${classes.ask}`}>Offer size</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ index, bid, ask, bidChange, askChange }) => (
            // Keyed by the changes too, so a changed cell's flash starts again.
            <Table.Tr
              key={`${index}-${bidChange?.move}-${askChange?.move}-${bid?.quantum}-${ask?.quantum}`}
            >
              <Table.Td className={`${classes.num} ${classes.cell}`} data-move={bidChange?.move}>
                {bid ? <Size rupees={bid.quantum} mine={bid.mine} change={bidChange} /> : null}
              </Table.Td>
              <Table.Td className={classes.num}>
                {bid?.bond_yield != null ? formatYield(bid.bond_yield) : bid ? '—' : null}
              </Table.Td>
              <Table.Td className={classes.num}>
                {bid ? formatPrice(bid.unit_clean_price) : null}
              </Table.Td>
              <Table.Td className={classes.num}>
                {ask ? formatPrice(ask.unit_clean_price) : null}
              </Table.Td>
              <Table.Td className={classes.num}>
                {ask?.bond_yield != null ? formatYield(ask.bond_yield) : ask ? '—' : null}
              </Table.Td>
              <Table.Td className={`${classes.num} ${classes.cell}`} data-move={askChange?.move}>
                {ask ? <Size rupees={ask.quantum} mine={ask.mine} change={askChange} /> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <VisuallyHidden role="status" aria-live="polite">
        {announced}
      </VisuallyHidden>
    </>
  )
}

/** The as-of time of a depth answer, IST, with seconds. */
function asOf(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso))
}

/** Props of MarketDepthLadder. */
export interface MarketDepthLadderProps {
  /** The bond's ISIN. */
  isin: string
}

/** One bond's live depth: loading, failed (with a retry), empty, or the ladder. */
export function MarketDepthLadder({ isin }: MarketDepthLadderProps) {
  const { data, error, isLoading, refetch, isFetching } = useMarketDepthQuery(isin)
  if (isLoading) {
    return (
      <Stack gap={6} p="sm" aria-busy="true" role="status" aria-label="Loading market depth">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={20} />
        ))}
      </Stack>
    )
  }
  if (error || !data) {
    return (
      <Alert color="red" variant="light" m="sm" title="The depth could not be loaded.">
        <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
          Retry
        </Button>
      </Alert>
    )
  }
  return (
    <Stack gap={4}>
      <Group justify="space-between" px="sm" pt="xs" gap="xs">
        <Text size="sm" fw={600}>
          {data.display_name}
        </Text>
        <Text size="xs" c="dimmed" aria-busy={isFetching || undefined}>
          as of {asOf(data.as_of)} IST
        </Text>
      </Group>
      <Ladder depth={data} />
    </Stack>
  )
}
