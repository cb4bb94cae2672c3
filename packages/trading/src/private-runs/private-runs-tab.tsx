// The Private runs tab (spec section 2: "Quotes from across your chats will be displayed here."):
// the quotes read from the chats the user receives, live, grouped by message; one-tap confirm or
// correction of uncertain ones; "send to RFQ" per line on an exchange the firm trades on; and a
// box to paste a run from elsewhere; below, the firm's RFQs on the exchanges with every quote of
// each (decision 329). Without trade access the run is empty (spec section 6).
import { RFQ_EXCHANGES, type RfqExchange } from '@bonds/domain'
import type { ReactNode } from 'react'
import type { QuoteFormBond } from '../quote-form/quote-form.tsx'
import {
  Alert,
  Button,
  CloseButton,
  Collapse,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMemo, useState } from 'react'
import { nextSort, type ColumnSort } from '../shared-sort.ts'
import { usePrivateRunQuery } from './api.ts'
import type { RunColumn } from './model.ts'
import { VenueRfqsPanel } from '../venue/venue-rfqs-panel.tsx'
import { PasteRun } from './paste-run.tsx'
import { RunGrid } from './run-grid.tsx'

/** Props of PrivateRunsTab. */
export interface PrivateRunsTabProps {
  /** The tab's text (spec section 2). */
  description: string
  /** The viewer may confirm, correct, dismiss and send lines (a Dealer with trade access). */
  canAct: boolean
  /** The exchanges the viewer's firm trades RFQs on (its rfq_exchanges): those the venue runs count. */
  exchanges: readonly string[]
  /** Renders the bond search of a new RFQ on the exchanges (decision 358). */
  renderBondPicker?: (onPick: (bond: QuoteFormBond) => void) => ReactNode
}

/** The search debounce of spec section 9. */
const SEARCH_DEBOUNCE_MS = 300

/** Private runs: the quotes from the user's chats, live. */
export function PrivateRunsTab({
  description,
  canAct,
  exchanges,
  renderBondPicker,
}: PrivateRunsTabProps) {
  const venues = useMemo(
    () =>
      exchanges.filter((e): e is RfqExchange => (RFQ_EXCHANGES as readonly string[]).includes(e)),
    [exchanges],
  )
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [pasting, setPasting] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  // No sort: the newest message first (a third press on a header comes back to it).
  const [sort, setSort] = useState<ColumnSort<RunColumn> | null>(null)
  const { data, error, isLoading, refetch } = usePrivateRunQuery(
    debounced ? { search: debounced } : {},
  )
  const lines = data?.results ?? []
  const pending = lines.filter((l) => l.status === 'pending').length
  return (
    <Stack gap="xs" p="xs">
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      <Group gap="xs" align="flex-end">
        <TextInput
          size="xs"
          label="Search private runs"
          placeholder="Bond, ISIN or counterparty"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
        <Button
          size="xs"
          variant="default"
          onClick={() => setPasting((open) => !open)}
          aria-expanded={pasting}
        >
          Paste a run
        </Button>
        {pending > 0 ? (
          <Text size="xs" c="dimmed" role="status">
            {pending === 1 ? '1 quote waits' : `${pending} quotes wait`} for your confirmation
          </Text>
        ) : null}
      </Group>
      <Collapse expanded={pasting}>
        <PasteRun />
      </Collapse>
      {refusal ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton={false}
          title={
            <Group justify="space-between" wrap="nowrap">
              <span>{refusal}</span>
              <CloseButton size="sm" aria-label="Close message" onClick={() => setRefusal(null)} />
            </Group>
          }
        />
      ) : null}
      {isLoading ? (
        <Stack gap={6} aria-busy="true" role="status" aria-label="Loading private runs">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={24} />
          ))}
        </Stack>
      ) : error ? (
        <Alert color="red" variant="light" title="Your private runs could not be loaded.">
          <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : lines.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          {debounced
            ? 'No quotes match this search.'
            : 'No quotes yet. Runs and quotes your counterparties send you in chat appear here as they arrive.'}
        </Text>
      ) : (
        <>
          <RunGrid
            lines={lines}
            canAct={canAct}
            exchanges={venues}
            onRefused={setRefusal}
            sort={sort}
            onSort={(column) => setSort((current) => nextSort(current, column, true))}
          />
          {data && data.count > lines.length ? (
            <Text size="xs" c="dimmed">
              The newest {lines.length} of {data.count} quotes: search to find older ones.
            </Text>
          ) : null}
        </>
      )}
      <VenueRfqsPanel
        canAct={canAct}
        exchanges={venues}
        {...(renderBondPicker ? { renderBondPicker } : {})}
      />
    </Stack>
  )
}
