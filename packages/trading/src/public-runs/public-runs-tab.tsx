// The Public runs tab (spec section 2): the market's quotes as runs, one line per bond with its
// best bid and offer, every bond of the market in a virtualised grid, live over the trade socket
// (changed numbers flash), filterable and sortable; below it, the caller's open clusters with
// their bond, to accept on an exchange (decision 395) and, for a quoting user, to negotiate or
// close (decision 396). Without trade access: empty, with the trade-timing text (spec section 6;
// decision 263).
import { useTradeStreamQuery } from '@bonds/api-client'
import { TRADE_RESTRICTION_TEXT, WORKSPACE_TABS, type Cluster } from '@bonds/domain'
import { formatDate, formatPrice, formatQuantum } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { failureText } from '../shared-failure.ts'
import { nextSort } from '../shared-sort.ts'
import { useAcceptClusterMutation, usePublicRunsQuery } from './api.ts'
import { ClusterUpdateForm } from './cluster-update-form.tsx'
import { PublicRunsGrid } from './public-runs-grid.tsx'
import { sortPublicRuns, type PublicRunSort } from './run-rows.ts'

/** The tab's text (spec section 2). */
export const PUBLIC_RUNS_TEXT = WORKSPACE_TABS.find((tab) => tab.id === 'public-runs')
  ?.description as string

const NO_CLUSTERS: { bond: string; cluster: Cluster }[] = []

function ClusterLine({
  bond,
  cluster,
  exchanges,
  canQuote,
  onClosed,
}: {
  bond: string
  cluster: Cluster
  exchanges: readonly string[]
  canQuote: boolean
  onClosed: (cluster: Cluster) => void
}) {
  const [accept, { isLoading }] = useAcceptClusterMutation()
  const [exchange, setExchange] = useState<string>(exchanges[0] ?? 'NSE')
  const [failure, setFailure] = useState<string | null>(null)
  const [negotiating, setNegotiating] = useState(false)
  const formId = useId()
  const mine = cluster.side === 'BUYER' ? cluster.buyer_accepted_at : cluster.seller_accepted_at
  const price = cluster.side === 'BUYER' ? cluster.buyer_price : cluster.seller_price
  return (
    <Stack gap={4} component="li">
      <Group gap="xs">
        <Text size="xs">
          {bond} — Cluster: you{' '}
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
        {canQuote && cluster.state === 'OPEN' ? (
          <Button
            size="compact-xs"
            variant="light"
            aria-expanded={negotiating}
            aria-controls={negotiating ? formId : undefined}
            onClick={() => setNegotiating((open) => !open)}
          >
            Negotiate
          </Button>
        ) : null}
      </Group>
      {failure ? (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      {canQuote && negotiating ? (
        <div id={formId}>
          <ClusterUpdateForm cluster={cluster} onClosed={onClosed} />
        </div>
      ) : null}
    </Stack>
  )
}

/** Props of PublicRunsTab. */
export interface PublicRunsTabProps {
  canTrade: boolean
  /** The exchanges the caller's firm trades RFQs on (`rfq_exchanges`). */
  exchanges: readonly string[]
  /** The caller may quote (a Dealer with trade access): its clusters can be negotiated and closed. */
  canQuote?: boolean
}

/** The Public runs tab. */
export function PublicRunsTab({ canTrade, exchanges, canQuote = false }: PublicRunsTabProps) {
  useTradeStreamQuery()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 300)
  const [myQuotes, setMyQuotes] = useState(false)
  /** What the last close said; focused, as the closed line (and its form) is gone. */
  const [closedNotice, setClosedNotice] = useState<string | null>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (closedNotice) noticeRef.current?.focus()
  }, [closedNotice])
  const [sort, setSort] = useState<PublicRunSort>({ column: 'bond', direction: 'asc' })
  const { data, error, isLoading, refetch } = usePublicRunsQuery({
    ...(debounced ? { search: debounced } : {}),
    myQuotes,
  })
  const rows = useMemo(() => (data ? sortPublicRuns(data.results, sort) : []), [data, sort])
  const clusters = useMemo(
    () =>
      data?.results.flatMap((run) =>
        run.clusters.map((cluster) => ({ bond: run.display_name, cluster })),
      ) ?? NO_CLUSTERS,
    [data],
  )

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
      <PublicRunsGrid
        rows={rows}
        sort={sort}
        onSort={(column) => setSort((current) => nextSort(current, column) ?? current)}
      />
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
      {closedNotice ? (
        <Text size="xs" role="status" tabIndex={-1} ref={noticeRef}>
          {closedNotice}
        </Text>
      ) : null}
      {clusters.length > 0 ? (
        <Stack gap={4}>
          <Text size="xs" fw={600} id="public-runs-clusters">
            Your clusters
          </Text>
          <Stack
            gap={2}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="public-runs-clusters"
          >
            {clusters.map(({ bond, cluster }) => (
              <ClusterLine
                key={cluster.id}
                bond={bond}
                cluster={cluster}
                exchanges={exchanges}
                canQuote={canQuote}
                onClosed={(closed) =>
                  setClosedNotice(
                    `Cluster closed: ${bond}, ${closed.side === 'BUYER' ? closed.seller_name : closed.buyer_name}.`,
                  )
                }
              />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  )
}
