// /client/transactions: every ticket and order of the firm (`GET api/orders/unified/`), filtered by
// state, a search (bond, ISIN or counterparty; 3 characters or more) and overdue reports, a page at
// a time; the chosen one opens with the actions the viewer's role allows; the whole filtered list
// exports as CSV.
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, TRADE_STATES, type TradeState } from '@bonds/domain'
import { saveBytes, saveText, toast } from '@bonds/ui-kit'
import {
  Alert,
  Button,
  Checkbox,
  Container,
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
import { IconDownload, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { useLazyUnifiedOrdersQuery, useUnifiedOrdersQuery } from '../api/tickets.ts'
import { TicketDetailView, type RenderReportIssue } from '../detail/ticket-detail.tsx'
import type { TicketViewer } from '../model/actions.ts'
import { ticketsCsv } from '../model/csv.ts'
import { ticketsXlsx, XLSX_TYPE } from '../model/xlsx.ts'
import { STATE_LABELS } from '../model/state.ts'
import { byNewestChange, TicketList } from '../tab/ticket-list.tsx'

/** Rows per page of /client/transactions. */
export const TRANSACTIONS_PAGE_SIZE = 20

/** Props of TransactionsPage. */
export interface TransactionsPageProps {
  viewer: TicketViewer
  /** The clock (tests and stories). */
  now?: () => number
  /** The app's "Report issue" for the chosen ticket or order (`@bonds/support`). */
  reportIssue?: RenderReportIssue
}

/** /client/transactions: the firm's orders and tickets. */
export function TransactionsPage({ viewer, now, reportIssue }: TransactionsPageProps) {
  const [states, setStates] = useState<TradeState[]>([])
  const [text, setText] = useState('')
  const [overdue, setOverdue] = useState(false)
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<{ id: number; kind: 'ticket' | 'order' } | null>(null)
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const search = debounced.length >= MIN_SEARCH_LENGTH ? debounced : ''
  const filters = { state: states, search, overdue }
  const filtered = states.length > 0 || search !== '' || overdue
  const { data, error, isLoading, isFetching, refetch } = useUnifiedOrdersQuery({
    ...filters,
    page,
    page_size: TRANSACTIONS_PAGE_SIZE,
  })
  const [fetchAll, { isFetching: exporting }] = useLazyUnifiedOrdersQuery()
  const rows = [...(data?.results ?? [])].sort(byNewestChange)
  const pages = data ? Math.max(1, Math.ceil(data.count / TRANSACTIONS_PAGE_SIZE)) : 1

  async function exportAs(format: 'csv' | 'xlsx') {
    try {
      const all = await fetchAll({ ...filters, paginate: false }).unwrap()
      const today = new Date(now ? now() : Date.now()).toISOString().slice(0, 10)
      const name = `transactions-${today}.${format}`
      if (format === 'csv') saveText(name, ticketsCsv(all.results))
      else saveBytes(name, ticketsXlsx(all.results), XLSX_TYPE)
    } catch {
      toast.error('The export failed', 'Check your connection and try again.')
    }
  }

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Transactions
          </Title>
          <Text c="dimmed">
            Your firm’s orders and trade tickets, with their state, counterparty and amounts.
          </Text>
        </Stack>
        <Group align="flex-end" gap="sm" role="search" aria-label="Filter transactions">
          <MultiSelect
            label="State"
            placeholder={states.length ? undefined : 'Any state'}
            data={TRADE_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
            value={states}
            onChange={(value) => {
              setStates(value as TradeState[])
              setPage(1)
            }}
            clearable
            w={260}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label="Search"
            description="Bond, ISIN or counterparty (3 characters or more)"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value)
              setPage(1)
            }}
            w={300}
          />
          <Checkbox
            label="Overdue reports only"
            checked={overdue}
            onChange={(event) => {
              setOverdue(event.currentTarget.checked)
              setPage(1)
            }}
            mb={8}
          />
          <Group gap="xs" ml="auto">
            <Button
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={exporting}
              disabled={!data || data.count === 0}
              onClick={() => void exportAs('csv')}
            >
              Export CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={exporting}
              disabled={!data || data.count === 0}
              onClick={() => void exportAs('xlsx')}
            >
              Export XLSX
            </Button>
          </Group>
        </Group>
        {isLoading ? (
          <Stack gap={6} aria-busy="true" role="status" aria-label="Loading transactions">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={28} />
            ))}
          </Stack>
        ) : error || !data ? (
          <Alert color="red" variant="light" title="The transactions could not be loaded.">
            <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
              Retry
            </Button>
          </Alert>
        ) : rows.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="xs" ta="center" role="status">
              <Title order={2} size="h4">
                {filtered ? 'No transactions match these filters' : 'No transactions yet'}
              </Title>
              <Text size="sm" c="dimmed" maw={520}>
                {filtered
                  ? 'Change or clear the filters to see more.'
                  : 'Tickets made in the dart workspace, from a chat deal or by hand, and the orders they become are listed here with the actions your role allows.'}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <Stack gap="xs" aria-busy={isFetching || undefined}>
            <Text size="sm" c="dimmed">
              {data.count} {data.count === 1 ? 'transaction' : 'transactions'}
            </Text>
            <TicketList
              tickets={rows}
              label="Transactions"
              showKind
              selectedId={selected?.id ?? null}
              onSelect={(ticket) => setSelected({ id: ticket.id, kind: ticket.kind })}
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
        {selected ? (
          <Paper withBorder radius="md">
            <TicketDetailView
              key={`${selected.kind}-${selected.id}`}
              id={selected.id}
              source={selected.kind}
              viewer={viewer}
              {...(now ? { now } : {})}
              {...(reportIssue ? { reportIssue } : {})}
            />
          </Paper>
        ) : null}
      </Stack>
    </Container>
  )
}
