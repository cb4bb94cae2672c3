// The private run as a virtualised grid (only the rows in view are in the page): a heading row per
// message (who sent it, from which chat, when, and what it said), then the quotes read from it.
// A cell whose value changed since the last answer flashes (an outline instead when the reader
// prefers reduced motion); a changed status or exchange state also reads as a word. A row is
// rendered again only when its line or its flash changes (decision 404): a run streamed at
// socket rate changes a few lines an answer, not the rows in view.
import type { PrivateRunLine, RfqExchange } from '@bonds/domain'
import { formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import { Badge, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import {
  cloneElement,
  memo,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react'
import type { ColumnSort } from '../shared-sort.ts'
import { SortHeaderCell } from '../sort-header.tsx'
import { LineActions, useLineWrites, type LineWrite, type LineWrites } from './line-actions.tsx'
import {
  RunLineMemory,
  sortedRunRows,
  settlementWord,
  sideWord,
  venueWords,
  type LineFlash,
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

/** One formatter for every heading (making one costs far more than formatting with it). */
const IST_TIME = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'Asia/Kolkata',
})

/** The time of a message in IST, 24-hour, with seconds. */
export function messageTime(iso: string): string {
  return IST_TIME.format(new Date(iso))
}

const MessageRow = memo(function MessageRow({ first }: { first: PrivateRunLine }) {
  return (
    <Table.Tr className={classes.message}>
      <Table.Td colSpan={COLUMNS}>
        {first.sender_name} · {first.counterparty_name} — {first.channel_name} ·{' '}
        {messageTime(first.received_at)} IST
      </Table.Td>
    </Table.Tr>
  )
})

const NO_CELLS: ReadonlySet<RunCell> = new Set()

/**
 * A tooltip mounted when the pointer first comes over its target (it then opens as the pointer
 * moves there): a line mounts its text, not a floating tooltip it may never show (decision 404).
 * Mantine's tooltips open on hover only, so nothing is lost to the keyboard.
 */
export function HoverTooltip({
  label,
  openDelay,
  children,
}: {
  label: ReactNode
  openDelay?: number
  children: ReactElement<{ onMouseEnter?: () => void }>
}) {
  const [armed, setArmed] = useState(false)
  if (!armed) return cloneElement(children, { onMouseEnter: () => setArmed(true) })
  return (
    <Tooltip label={label} openDelay={openDelay} withinPortal>
      {children}
    </Tooltip>
  )
}

const LineRow = memo(function LineRow({
  line,
  changed,
  canAct,
  exchanges,
  onRefused,
  writes,
  busy,
}: {
  line: PrivateRunLine
  changed: ReadonlySet<RunCell>
  canAct: boolean
  exchanges: readonly RfqExchange[]
  onRefused: (message: string) => void
  writes: LineWrites
  busy: readonly LineWrite[] | undefined
}) {
  const flash = (cell: RunCell) => (changed.has(cell) ? { 'data-changed': cell } : {})
  const venue = venueWords(line.rfq)
  return (
    <Table.Tr>
      <Table.Td>
        <HoverTooltip label={line.source} openDelay={400}>
          <span>{line.display_name ?? 'Bond not recognised'}</span>
        </HoverTooltip>
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
          <HoverTooltip label={line.doubts.join('; ') || 'Not sure of this reading'}>
            <Badge size="sm" color="yellow" variant="light">
              Confirm?
            </Badge>
          </HoverTooltip>
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
        {canAct ? (
          <LineActions
            line={line}
            exchanges={exchanges}
            onRefused={onRefused}
            writes={writes}
            busy={busy}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  )
})

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
  // What the lines showed before, to flash what changed since.
  const [memory] = useState(() => new RunLineMemory())
  const { writes, busy } = useLineWrites(onRefused)
  const flashes = useMemo(() => memory.read(lines), [memory, lines])
  const rows: RunRow[] = useMemo(() => sortedRunRows(lines, sort), [lines, sort])
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
            if (row.kind === 'message') return <MessageRow key={row.key} first={row.first} />
            const flash: LineFlash | undefined = flashes.get(row.line.id)
            return (
              <LineRow
                // Keyed by its changes too, so each change plays its flash again.
                key={`${row.key}-${flash?.version ?? 0}`}
                line={row.line}
                changed={flash?.cells ?? NO_CELLS}
                canAct={canAct}
                exchanges={exchanges}
                onRefused={onRefused}
                writes={writes}
                busy={busy.get(row.line.id)}
              />
            )
          })}
          <PaddingRow height={after} columns={COLUMNS} />
        </Table.Tbody>
      </Table>
    </div>
  )
}
