// The private run as a virtualised grid (only the rows in view are in the page): a heading row per
// message (who sent it, from which chat, when, and what it said), then the quotes read from it.
// A cell whose value changed since the last answer flashes (an outline instead when the reader
// prefers reduced motion); a changed status or exchange state also reads as a word.
import type { PrivateRunLine, RfqExchange } from '@bonds/domain'
import { formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import { Badge, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { useRef, useState } from 'react'
import type { ColumnSort } from '../shared-sort.ts'
import { SortHeaderCell } from '../sort-header.tsx'
import { LineActions } from './line-actions.tsx'
import {
  changedCells,
  sortedRunRows,
  settlementWord,
  sideWord,
  venueWords,
  type RunCell,
  type RunColumn,
  type RunRow,
} from './model.ts'
import classes from './private-runs.module.css'
import { PaddingRow } from '../padding-row.tsx'

const ROW_HEIGHT = 31
const COLUMNS = 9
/** Where a measured height of 0 (a hidden panel, a test's DOM) is taken as this. */
const FALLBACK_RECT = { width: 960, height: 480 }

/** The time of a message in IST, 24-hour, with seconds. */
export function messageTime(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso))
}

function MessageRow({ first }: { first: PrivateRunLine }) {
  return (
    <Table.Tr className={classes.message}>
      <Table.Td colSpan={COLUMNS}>
        {first.sender_name} · {first.counterparty_name} — {first.channel_name} ·{' '}
        {messageTime(first.received_at)} IST
      </Table.Td>
    </Table.Tr>
  )
}

function LineRow({
  line,
  changed,
  canAct,
  exchanges,
  onRefused,
}: {
  line: PrivateRunLine
  changed: ReadonlySet<RunCell> | undefined
  canAct: boolean
  exchanges: readonly RfqExchange[]
  onRefused: (message: string) => void
}) {
  const flash = (cell: RunCell) => (changed?.has(cell) ? { 'data-changed': cell } : {})
  const venue = venueWords(line.rfq)
  return (
    <Table.Tr>
      <Table.Td>
        <Tooltip label={line.source} openDelay={400} withinPortal>
          <span>{line.display_name ?? 'Bond not recognised'}</span>
        </Tooltip>
        <Text span size="xs" c="dimmed" ml={6}>
          {line.isin ?? ''}
        </Text>
      </Table.Td>
      <Table.Td className={line.quote_type === 'BID' ? classes.bid : classes.ask}>
        {sideWord(line)}
      </Table.Td>
      <Table.Td className={`${classes.num} ${classes.cell}`} {...flash('level')}>
        {line.yield !== null ? formatYield(line.yield) : '—'}
      </Table.Td>
      <Table.Td className={`${classes.num} ${classes.cell}`} {...flash('level')}>
        {line.price !== null ? formatPrice(line.price) : '—'}
      </Table.Td>
      <Table.Td className={`${classes.num} ${classes.cell}`} {...flash('quantum')}>
        {line.quantum !== null ? formatQuantum(line.quantum, 'cr') : '—'}
      </Table.Td>
      <Table.Td>{settlementWord(line.settlement_delta)}</Table.Td>
      <Table.Td className={classes.cell} {...flash('status')}>
        {line.status === 'pending' ? (
          <Tooltip label={line.doubts.join('; ') || 'Not sure of this reading'} withinPortal>
            <Badge size="sm" color="yellow" variant="light">
              Confirm?
            </Badge>
          </Tooltip>
        ) : (
          <Badge size="sm" color="gray" variant="light">
            {line.corrected ? 'Corrected' : 'In run'}
          </Badge>
        )}
      </Table.Td>
      <Table.Td className={classes.cell} {...flash('venue')}>
        {venue ?? '—'}
      </Table.Td>
      <Table.Td>
        {canAct ? <LineActions line={line} exchanges={exchanges} onRefused={onRefused} /> : null}
      </Table.Td>
    </Table.Tr>
  )
}

/** Props of RunGrid. */
export interface RunGridProps {
  lines: readonly PrivateRunLine[]
  canAct: boolean
  exchanges: readonly RfqExchange[]
  onRefused: (message: string) => void
  /** The column sort; null: newest message first, each message's lines together. */
  sort: ColumnSort<RunColumn> | null
  /** A header's button was pressed. */
  onSort: (column: RunColumn) => void
}

/** The run's lines, grouped by message (or sorted by a column), virtualised. */
export function RunGrid({ lines, canAct, exchanges, onRefused, sort, onSort }: RunGridProps) {
  const scroller = useRef<HTMLDivElement>(null)
  // The answer before this one, to flash what changed.
  const [answers, setAnswers] = useState<{
    current: readonly PrivateRunLine[]
    previous: readonly PrivateRunLine[] | undefined
  }>({ current: lines, previous: undefined })
  if (answers.current !== lines) setAnswers({ current: lines, previous: answers.current })
  const changes = changedCells(
    answers.current === lines ? answers.previous : answers.current,
    lines,
  )
  const rows: RunRow[] = sortedRunRows(lines, sort)
  const header = (column: RunColumn, label: string, numeric = false) => (
    <SortHeaderCell
      column={column}
      label={label}
      sort={sort}
      onSort={onSort}
      className={numeric ? classes.num : undefined}
    />
  )
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => rows[index]?.key ?? index,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : FALLBACK_RECT)),
    initialRect: FALLBACK_RECT,
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0
  return (
    <div ref={scroller} className={classes.scroll}>
      <Table
        className={classes.table}
        fz="sm"
        withRowBorders={false}
        aria-rowcount={rows.length + 1}
      >
        <Table.Thead className={classes.head}>
          <Table.Tr>
            {header('bond', 'Bond')}
            {header('side', 'Side')}
            {header('yield', 'Yield', true)}
            {header('price', 'Price', true)}
            {header('quantum', 'Size', true)}
            <Table.Th>Settle</Table.Th>
            {header('status', 'Status')}
            <Table.Th>Exchange</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <PaddingRow height={before} columns={COLUMNS} />
          {items.map((item) => {
            const row = rows[item.index]!
            return row.kind === 'message' ? (
              <MessageRow key={row.key} first={row.first} />
            ) : (
              <LineRow
                // Keyed by what changed too, so a flash starts again on the next change.
                key={`${row.key}-${[...(changes.get(row.line.id) ?? [])].join()}-${row.line.updated_at}`}
                line={row.line}
                changed={changes.get(row.line.id)}
                canAct={canAct}
                exchanges={exchanges}
                onRefused={onRefused}
              />
            )
          })}
          <PaddingRow height={after} columns={COLUMNS} />
        </Table.Tbody>
      </Table>
    </div>
  )
}
