// The Public runs tab (spec section 2): the market's quotes as runs, one line per bond with its
// best bid and offer, live over the trade socket (changed numbers flash), filterable and sortable;
// under a bond, the caller's open clusters on it to accept on an exchange. Without trade access:
// empty, with the trade-timing text (spec section 6; decision 263).
import { useTradeStreamQuery } from '@bonds/api-client'
import { TRADE_RESTRICTION_TEXT, WORKSPACE_TABS, type Cluster, type PublicRun } from '@bonds/domain'
import { formatDate, formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState, type ReactNode } from 'react'
import { failureText } from '../shared-failure.ts'
import classes from '../rfq/rfq.module.css'
import { useAcceptClusterMutation, usePublicRunsQuery } from './api.ts'

/** The tab's text (spec section 2). */
export const PUBLIC_RUNS_TEXT = WORKSPACE_TABS.find((tab) => tab.id === 'public-runs')
  ?.description as string

type Column = 'bond' | 'bid' | 'ask'

const level = (side: PublicRun['bid']) =>
  side ? (
    <>
      {side.yield_stored === null ? '—' : formatYield(side.yield_stored)} ·{' '}
      {formatPrice(side.unit_price_stored)} · {formatQuantum(side.quantum)}
    </>
  ) : (
    '—'
  )

function ClusterLine({ cluster, exchanges }: { cluster: Cluster; exchanges: readonly string[] }) {
  const [accept, { isLoading }] = useAcceptClusterMutation()
  const [exchange, setExchange] = useState<string>(exchanges[0] ?? 'NSE')
  const [failure, setFailure] = useState<string | null>(null)
  const mine = cluster.side === 'BUYER' ? cluster.buyer_accepted_at : cluster.seller_accepted_at
  const price = cluster.side === 'BUYER' ? cluster.buyer_price : cluster.seller_price
  return (
    <Stack gap={4} pl="md" component="li">
      <Group gap="xs">
        <Text size="xs">
          Cluster: you{' '}
          {cluster.side === 'BUYER'
            ? 'buy from'
            : cluster.side === 'SELLER'
              ? 'sell to'
              : 'facilitate'}{' '}
          {cluster.side === 'BUYER' ? cluster.seller_name : cluster.buyer_name}{' '}
          {formatQuantum(cluster.quantity)} at {formatPrice(price)}, settles{' '}
          {formatDate(cluster.settlement_date)}
          {mine ? ' — you accepted' : ''}
        </Text>
        {cluster.side !== 'FACILITATOR' && !mine && exchanges.length > 0 ? (
          <>
            <Select
              size="xs"
              aria-label="Exchange"
              w={90}
              value={exchange}
              onChange={(value) => setExchange(value ?? exchange)}
              data={[...exchanges]}
              allowDeselect={false}
            />
            <Button
              size="compact-xs"
              loading={isLoading}
              onClick={async () => {
                setFailure(null)
                try {
                  await accept({ cluster, exchange: exchange as 'NSE' | 'BSE' }).unwrap()
                } catch (error) {
                  setFailure(failureText(error, 'The cluster could not be accepted.').message)
                }
              }}
            >
              Accept cluster
            </Button>
          </>
        ) : null}
      </Group>
      {failure ? (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
    </Stack>
  )
}

/** Props of PublicRunsTab. */
export interface PublicRunsTabProps {
  canTrade: boolean
  /** The exchanges the caller's firm trades RFQs on (`rfq_exchanges`). */
  exchanges: readonly string[]
}

/** The Public runs tab. */
export function PublicRunsTab({ canTrade, exchanges }: PublicRunsTabProps) {
  useTradeStreamQuery()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 300)
  const [myQuotes, setMyQuotes] = useState(false)
  const [sort, setSort] = useState<{ column: Column; asc: boolean }>({ column: 'bond', asc: true })
  const { data, error, isLoading, refetch } = usePublicRunsQuery({
    ...(debounced ? { search: debounced } : {}),
    myQuotes,
  })
  const [previous, setPrevious] = useState<{
    current: PublicRun[] | undefined
    before: PublicRun[] | undefined
  }>({
    current: undefined,
    before: undefined,
  })
  if (data && previous.current !== data.results)
    setPrevious({ current: data.results, before: previous.current })
  const before = new Map(
    (previous.current === data?.results ? previous.before : previous.current)?.map((r) => [
      r.finstrument_id,
      r,
    ]),
  )

  const rows = [...(data?.results ?? [])].sort((a, b) => {
    const key = (run: PublicRun) =>
      sort.column === 'bond'
        ? run.display_name
        : ((sort.column === 'bid' ? run.bid?.unit_price_stored : run.ask?.unit_price_stored) ?? -1)
    const [ka, kb] = [key(a), key(b)]
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * (sort.asc ? 1 : -1)
  })
  const header = (column: Column, label: string) => (
    <Table.Th aria-sort={sort.column === column ? (sort.asc ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        fz="xs"
        fw={600}
        onClick={() => setSort({ column, asc: sort.column === column ? !sort.asc : true })}
      >
        {label}
      </UnstyledButton>
    </Table.Th>
  )
  const move = (run: PublicRun, side: 'bid' | 'ask') => {
    const old = before.get(run.finstrument_id)?.[side]
    const now = run[side]
    if (!old || !now || old.unit_price_stored === now.unit_price_stored) return undefined
    return now.unit_price_stored > old.unit_price_stored ? 'up' : 'down'
  }

  let body: ReactNode
  if (isLoading) {
    body = (
      <Stack gap={6} aria-busy="true" role="status" aria-label="Loading public runs">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={24} />
        ))}
      </Stack>
    )
  } else if (error || !data) {
    body = (
      <Alert color="red" variant="light" title="The public runs could not be loaded.">
        <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
          Retry
        </Button>
      </Alert>
    )
  } else if (!canTrade && data.results.length === 0) {
    body = (
      <Alert variant="light" color="gray" title="No public runs for your account">
        {TRADE_RESTRICTION_TEXT}
      </Alert>
    )
  } else if (rows.length === 0) {
    body = (
      <Text size="sm" c="dimmed" p="sm">
        No runs in the market right now. Lines appear here as quotes are published.
      </Text>
    )
  } else {
    body = (
      <div className={classes.scroller}>
        <Table
          className={classes.table}
          fz="xs"
          striped
          withRowBorders={false}
          aria-label="Public runs"
        >
          <Table.Thead>
            <Table.Tr>
              {header('bond', 'Bond')}
              {header('bid', 'Bid (yield · price · size)')}
              {header('ask', 'Offer (yield · price · size)')}
              <Table.Th className={classes.num}>Quotes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((run) => (
              <Table.Tr key={`${run.finstrument_id}-${run.updated_at}`}>
                <Table.Td>
                  {run.display_name}
                  {run.clusters.length > 0 ? (
                    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                      {run.clusters.map((cluster) => (
                        <ClusterLine key={cluster.id} cluster={cluster} exchanges={exchanges} />
                      ))}
                    </Stack>
                  ) : null}
                </Table.Td>
                <Table.Td
                  className={`${classes.num} ${classes.cell} ${classes.bid}`}
                  data-move={move(run, 'bid')}
                >
                  {level(run.bid)}
                </Table.Td>
                <Table.Td
                  className={`${classes.num} ${classes.cell} ${classes.ask}`}
                  data-move={move(run, 'ask')}
                >
                  {level(run.ask)}
                </Table.Td>
                <Table.Td className={classes.num}>{run.quotes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    )
  }

  return (
    <Stack gap="xs" p="xs">
      <Text size="sm" c="dimmed">
        {PUBLIC_RUNS_TEXT}
      </Text>
      <Group gap="xs" align="flex-end">
        <TextInput
          size="xs"
          label="Search bonds"
          placeholder="Name or ISIN"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Switch
          size="xs"
          label="My quotes"
          checked={myQuotes}
          onChange={(event) => setMyQuotes(event.currentTarget.checked)}
        />
      </Group>
      {body}
    </Stack>
  )
}
