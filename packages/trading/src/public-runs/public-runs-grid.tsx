// The public runs as a grid that renders only the lines in view (@tanstack/react-virtual in its
// own scroll box, as the RFQ quotes grid), sortable from its header buttons (the keyboard sorts
// too). A side whose best level moved since the grid last showed it flashes its cell with an
// arrow (never colour alone), replayed on each change by the same CSS as the RFQ grid's.
import type { PublicRun } from '@bonds/domain'
import { formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import { Table } from '@mantine/core'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef, useState } from 'react'
import { Moved } from '../rfq/rfq-grid.tsx'
import classes from '../rfq/rfq.module.css'
import { SortHeaderCell } from '../sort-header.tsx'
import { RunMemory, type PublicRunColumn, type PublicRunSort, type RunMoves } from './run-rows.ts'
import { PaddingRow } from '../padding-row.tsx'

/** Height of one line, px. */
const ROW_HEIGHT = 30
const FALLBACK_RECT = { width: 800, height: 360 }
const COLUMNS = 4
/** Column widths, px (the bond takes the rest). */
const COLUMN_WIDTHS = [undefined, 240, 240, 80]

const observeRect: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : FALLBACK_RECT))

/** A side's best level: yield · price · size, or a dash. */
function Level({ side }: { side: PublicRun['bid'] }) {
  if (!side) return '—'
  return (
    <>
      {side.yield_stored === null ? '—' : formatYield(side.yield_stored)} ·{' '}
      {formatPrice(side.unit_price_stored)} · {formatQuantum(side.quantum)}
    </>
  )
}

/** One bond's line: rendered again only when its run or its moves change. */
const RunRow = memo(function RunRow({ run, moves }: { run: PublicRun; moves: RunMoves }) {
  return (
    <Table.Tr>
      <Table.Td>{run.display_name}</Table.Td>
      <Table.Td
        className={`${classes.num} ${classes.cell} ${classes.bid}`}
        data-move={moves.bid}
        data-tick={moves.tick}
      >
        <Level side={run.bid} />
        <Moved move={moves.bid} />
      </Table.Td>
      <Table.Td
        className={`${classes.num} ${classes.cell} ${classes.ask}`}
        data-move={moves.ask}
        data-tick={moves.tick}
      >
        <Level side={run.ask} />
        <Moved move={moves.ask} />
      </Table.Td>
      <Table.Td className={classes.num}>{run.quotes}</Table.Td>
    </Table.Tr>
  )
})

/** Props of PublicRunsGrid. */
export interface PublicRunsGridProps {
  /** The lines, filtered and sorted. */
  rows: readonly PublicRun[]
  sort: PublicRunSort
  /** A header's button was pressed. */
  onSort: (column: PublicRunColumn) => void
}

/** The public runs grid. */
export function PublicRunsGrid({ rows, sort, onSort }: PublicRunsGridProps) {
  const scroller = useRef<HTMLDivElement>(null)
  // What the lines showed before, to flash what moved since.
  const [memory] = useState(() => new RunMemory())
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => rows[index]?.finstrument_id ?? index,
    observeElementRect: observeRect,
    initialRect: FALLBACK_RECT,
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)
  const header = (column: PublicRunColumn, label: string) => (
    <SortHeaderCell column={column} label={label} sort={sort} onSort={onSort} />
  )
  return (
    // The scroll box takes the keyboard's focus (arrows and Page Down scroll it): its lines do not.
    <div
      ref={scroller}
      className={classes.scroller}
      tabIndex={0}
      role="region"
      aria-label="Public runs, scrollable"
    >
      <Table
        className={classes.table}
        fz="xs"
        striped
        withRowBorders={false}
        aria-label="Public runs"
      >
        <colgroup>
          {COLUMN_WIDTHS.map((width, at) => (
            <col key={at} style={width ? { width } : undefined} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            {header('bond', 'Bond')}
            {header('bid', 'Bid (yield · price · size)')}
            {header('ask', 'Offer (yield · price · size)')}
            <Table.Th className={classes.num}>Quotes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <PaddingRow height={before} columns={COLUMNS} />
          {items.map((item) => {
            const run = rows[item.index] as PublicRun
            return <RunRow key={run.finstrument_id} run={run} moves={memory.moves(run)} />
          })}
          <PaddingRow height={after} columns={COLUMNS} />
        </Table.Tbody>
      </Table>
    </div>
  )
}
