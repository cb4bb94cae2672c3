// Trades the platform knows for the bond: `POST api/trades/{id}/ {pagination, sort, filters}`,
// sortable by time, price, yield and quantity, filtered by dates in India, 20 to a page. Gated by
// the security-data permission (the caller wraps it in GatedSection).
import {
  TRADES_DEFAULT_PAGE_SIZE,
  tradesRequestSchema,
  type FinstrumentInfo,
  type TradeSortField,
} from '@bonds/domain'
import {
  formatIstTime,
  formatPrice,
  formatQuantum,
  formatUnits,
  formatYield,
  TableScroll,
} from '@bonds/ui-kit'
import {
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { failureText, useQueryView } from '../api/query-view.ts'
import { useTradesQuery, type TradeQuery } from '../api/trades.ts'
import { SectionEmpty, SectionError, SectionSkeleton } from './section.tsx'
import classes from './security.module.css'

/** Props of TradeHistory. */
export interface TradeHistoryProps {
  bond: FinstrumentInfo
  /** Trades per page (at most 100); 20 by default. */
  pageSize?: number
}

type Sort = TradeQuery['sort']
type Filters = TradeQuery['filters']

const DEFAULT_SORT: Sort = { field: 'trade_date', direction: 'desc' }

function SortHeader({
  field,
  sort,
  onSort,
  numeric,
  children,
}: {
  field: TradeSortField
  sort: Sort
  onSort: (field: TradeSortField) => void
  numeric?: boolean
  children: ReactNode
}) {
  const active = sort.field === field
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={numeric ? classes.numeric : undefined}
    >
      <UnstyledButton
        onClick={() => onSort(field)}
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {children}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  )
}

/** One bond's trade history with sort, date filters and pages. */
export function TradeHistory({ bond, pageSize = TRADES_DEFAULT_PAGE_SIZE }: TradeHistoryProps) {
  const [page, setPage] = useState(1)
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT)
  const [filters, setFilters] = useState<Filters>({})
  const [draft, setDraft] = useState<{ from: string; to: string }>({ from: '', to: '' })
  const [filterError, setFilterError] = useState<{ from?: string; to?: string }>({})
  const captionId = useId()

  const result = useTradesQuery({ id: bond.id, page, pageSize, sort, filters })
  const trades = useQueryView(result)

  const onSort = (field: TradeSortField) => {
    setSort((current) =>
      current.field === field
        ? { field, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { field, direction: 'desc' },
    )
    setPage(1)
  }

  const applyDates = (event: FormEvent) => {
    event.preventDefault()
    const next: Filters = {
      ...(draft.from ? { date_from: draft.from } : {}),
      ...(draft.to ? { date_to: draft.to } : {}),
    }
    const checked = tradesRequestSchema.shape.filters.safeParse(next)
    if (!checked.success) {
      const errors: { from?: string; to?: string } = {}
      for (const issue of checked.error.issues) {
        if (issue.path[0] === 'date_from') errors.from ??= issue.message
        else errors.to ??= issue.message
      }
      setFilterError(errors)
      return
    }
    setFilterError({})
    setFilters(next)
    setPage(1)
  }

  const clearDates = () => {
    setDraft({ from: '', to: '' })
    setFilterError({})
    setFilters({})
    setPage(1)
  }

  const filtered = filters.date_from !== undefined || filters.date_to !== undefined

  return (
    <Stack gap="sm">
      <form onSubmit={applyDates} noValidate aria-label="Trade dates">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            size="xs"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            error={filterError.from}
            w={150}
          />
          <TextInput
            type="date"
            label="To"
            size="xs"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            error={filterError.to}
            w={150}
          />
          <Button type="submit" size="xs" variant="default">
            Apply dates
          </Button>
          {filtered && (
            <Button size="xs" variant="subtle" onClick={clearDates}>
              Clear dates
            </Button>
          )}
        </Group>
      </form>
      {trades.status === 'loading' && <SectionSkeleton label="Loading trades" rows={5} />}
      {trades.status === 'error' && (
        <SectionError
          message={failureText(trades.error, 'The trades could not be loaded.')}
          onRetry={() => void result.refetch()}
        />
      )}
      {trades.status === 'ready' && trades.data.count === 0 && (
        <SectionEmpty
          title={filtered ? 'No trades between these dates' : 'No trades recorded yet'}
          description={
            filtered
              ? 'Widen the dates or clear them to see every trade of this bond.'
              : 'Trades of this bond appear here once they are booked or reported on the platform.'
          }
        />
      )}
      {trades.status === 'ready' && trades.data.count > 0 && (
        <>
          <Text id={captionId} size="sm" className={classes.muted}>
            {`${formatUnits(trades.data.count)} trade${trades.data.count === 1 ? '' : 's'}; prices per ₹100, times in IST`}
          </Text>
          <TableScroll label="Trade table">
            <Table highlightOnHover miw={640} aria-labelledby={captionId}>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader field="trade_date" sort={sort} onSort={onSort}>
                    Traded at
                  </SortHeader>
                  <SortHeader field="price" sort={sort} onSort={onSort} numeric>
                    Price
                  </SortHeader>
                  <SortHeader field="yield" sort={sort} onSort={onSort} numeric>
                    Yield
                  </SortHeader>
                  <SortHeader field="quantity" sort={sort} onSort={onSort} numeric>
                    Quantity
                  </SortHeader>
                  <Table.Th scope="col" className={classes.numeric}>
                    Face value
                  </Table.Th>
                  <Table.Th scope="col">Venue</Table.Th>
                  <Table.Th scope="col">Source</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trades.data.results.map((trade) => (
                  <Table.Tr key={trade.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatIstTime(trade.trade_date)}
                    </Table.Td>
                    <Table.Td className={classes.numeric}>
                      {formatPrice(trade.clean_price)}
                    </Table.Td>
                    <Table.Td className={classes.numeric}>
                      {trade.bond_yield === null ? '—' : formatYield(trade.bond_yield)}
                    </Table.Td>
                    <Table.Td className={classes.numeric}>{formatUnits(trade.quantity)}</Table.Td>
                    <Table.Td className={classes.numeric}>
                      {formatQuantum(trade.quantity * trade.face_value)}
                    </Table.Td>
                    <Table.Td>{trade.venue}</Table.Td>
                    <Table.Td>{trade.source}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {trades.data.count > trades.data.page_size && (
            <Group justify="space-between" gap="xs">
              <Text size="sm" className={classes.muted}>
                Page {trades.data.page} of {Math.ceil(trades.data.count / trades.data.page_size)}
              </Text>
              <nav aria-label="Trade pages">
                <Pagination
                  size="sm"
                  total={Math.ceil(trades.data.count / trades.data.page_size)}
                  value={page}
                  onChange={setPage}
                  getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                  getControlProps={(control) => ({
                    'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
                  })}
                />
              </nav>
            </Group>
          )}
        </>
      )}
    </Stack>
  )
}
