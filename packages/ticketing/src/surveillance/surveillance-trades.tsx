// `/surveillance`'s trades (decision 226): every ticket and order of the Compliance Officer's firm,
// filtered by state, a search (bond, ISIN or counterparty; 3 characters or more) and overdue
// reports (flagged in red), a page at a time; a row's bond (click or Enter) opens its
// reconstruction. View only: no button here changes anything.
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, TRADE_STATES, type TradeState } from '@bonds/domain'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { useSurveillanceTradesQuery } from '../api/surveillance.ts'
import { STATE_LABELS } from '../model/state.ts'
import { byNewestChange, TicketList } from '../tab/ticket-list.tsx'
import { TradeReconstruction } from './trade-reconstruction.tsx'

/** Rows per page of the surveillance list. */
export const SURVEILLANCE_PAGE_SIZE = 20

/** Props of SurveillanceTrades. */
export interface SurveillanceTradesProps {
  /** The clock of the report countdowns (tests and stories). */
  now?: () => number
}

/** The firm's trades and orders for the Compliance Officer, and the chosen one reconstructed. */
export function SurveillanceTrades({ now }: SurveillanceTradesProps) {
  const [states, setStates] = useState<TradeState[]>([])
  const [text, setText] = useState('')
  const [overdue, setOverdue] = useState(false)
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<number | null>(null)
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const search = debounced.length >= MIN_SEARCH_LENGTH ? debounced : ''
  const filtered = states.length > 0 || search !== '' || overdue
  const { data, error, isLoading, isFetching, refetch } = useSurveillanceTradesQuery({
    state: states,
    search,
    overdue,
    page,
    page_size: SURVEILLANCE_PAGE_SIZE,
  })
  const rows = [...(data?.results ?? [])].sort(byNewestChange)
  const pages = data ? Math.max(1, Math.ceil(data.count / SURVEILLANCE_PAGE_SIZE)) : 1
  const firstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setPage(1)
    }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter trades">
        <MultiSelect
          label="State"
          placeholder={states.length ? undefined : 'Any state'}
          data={TRADE_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
          value={states}
          onChange={firstPage((value: string[]) => setStates(value as TradeState[]))}
          clearable
          w={260}
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label="Search"
          description="Bond, ISIN or counterparty (3 characters or more)"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={text}
          onChange={(event) => firstPage(setText)(event.currentTarget.value)}
          w={300}
        />
        <Checkbox
          label="Overdue reports only"
          checked={overdue}
          onChange={(event) => firstPage(setOverdue)(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {isLoading ? (
        <Stack gap={6} aria-busy="true" role="status" aria-label="Loading trades">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={28} />
          ))}
        </Stack>
      ) : error || !data ? (
        <Alert color="red" variant="light" title="The trades could not be loaded.">
          <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" ta="center" role="status">
            <Title order={2} size="h4">
              {filtered ? 'No trades match these filters' : 'No trades yet'}
            </Title>
            <Text size="sm" c="dimmed" maw={520}>
              {filtered
                ? 'Change or clear the filters to see more.'
                : 'Tickets and orders your firm’s people make, from a chat deal or by hand, are listed here for you to reconstruct.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs" aria-busy={isFetching || undefined}>
          <Text size="sm" c="dimmed">
            {data.count} {data.count === 1 ? 'trade' : 'trades'}. Open a bond to reconstruct its
            trade.
          </Text>
          <TicketList
            tickets={rows}
            label="Trades"
            showKind
            selectedId={selected}
            onSelect={(ticket) => setSelected(ticket.id)}
            {...(now ? { now } : {})}
          />
          {pages > 1 ? (
            <Pagination
              size="sm"
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          ) : null}
        </Stack>
      )}
      {selected !== null ? (
        <Paper withBorder radius="md">
          <TradeReconstruction key={selected} id={selected} onClose={() => setSelected(null)} />
        </Paper>
      ) : null}
    </Stack>
  )
}
