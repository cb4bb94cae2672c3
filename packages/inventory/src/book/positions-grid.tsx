// The positions grid: grouped by book (each book's total on its heading row), sortable by column
// headers, virtualised (only the rows in view are in the DOM, the rest is padding), Indian
// grouping and lakh/crore, and a changed valuation's cell flashing once with an arrow.
import type { InventoryPosition } from '@bonds/domain'
import { formatDate, formatPrice, formatQuantum, formatRupees, formatYield } from '@bonds/ui-kit'
import { Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { memo, useRef, useState, type UIEvent } from 'react'
import {
  positionKey,
  regridRows,
  windowOf,
  type FlashField,
  type GridView,
  type Sort,
  type SortKey,
} from '../model/book.ts'
import styles from './inventory.module.css'

/** Height of one grid row, px (dense: 30). */
export const ROW_HEIGHT = 30
/** The grid's height in view, px, before it scrolls. */
const VIEW_HEIGHT = 540

/** Props of PositionsGrid. */
export interface PositionsGridProps {
  positions: readonly InventoryPosition[]
  selected: ReadonlySet<string>
  onSelect: (key: string, selected: boolean) => void
  /** `key|field` → the way a valued cell just moved. */
  moves: ReadonlyMap<string, 'up' | 'down'>
}

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'display_name', label: 'Bond' },
  { key: 'maturity_date', label: 'Maturity' },
  { key: 'face_value', label: 'Face value', numeric: true },
  { key: 'cost_clean_price', label: 'Cost', numeric: true },
  { key: 'market_clean_price', label: 'Price', numeric: true },
  { key: 'yield', label: 'Yield', numeric: true },
  { key: 'market_value', label: 'Market value', numeric: true },
  { key: 'unrealised_pnl', label: 'Unrealised P&L', numeric: true },
  { key: 'modified_duration', label: 'Mod. duration', numeric: true },
]

const SOURCE_LABEL: Record<InventoryPosition['value_source'], string> = {
  LIVE_QUOTE: 'Quote',
  LAST_TRADE: 'Trade',
  MODEL: 'Model',
  COST: 'Cost',
}

const signed = (rupees: number) => (rupees > 0 ? `+${formatRupees(rupees)}` : formatRupees(rupees))

/** The sortable, virtualised grid of the book. */
export function PositionsGrid({ positions, selected, onSelect, moves }: PositionsGridProps) {
  const [sort, setSort] = useState<Sort>({ key: 'display_name', direction: 'ascending' })
  const [scrollTop, setScrollTop] = useState(0)
  const viewport = useRef<HTMLDivElement>(null)
  // A quote tick moves values only: the last order is kept and only moved rows are made again.
  const view = useRef<GridView | undefined>(undefined)
  if (view.current?.positions !== positions || view.current.sort !== sort) {
    view.current = { positions, sort, rows: regridRows(view.current, positions, sort) }
  }
  const rows = view.current.rows
  const { start, end } = windowOf(rows.length, {
    scrollTop,
    height: VIEW_HEIGHT,
    rowHeight: ROW_HEIGHT,
  })
  const toggle = (key: SortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    )
  const moved = (p: InventoryPosition, field: FlashField) => moves.get(`${positionKey(p)}|${field}`)
  return (
    <div
      ref={viewport}
      className={styles.viewport}
      style={{ maxHeight: VIEW_HEIGHT }}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
      tabIndex={0}
      role="region"
      aria-label="Positions"
    >
      <Table
        className={styles.table}
        aria-label="Positions"
        aria-rowcount={rows.length + 1}
        verticalSpacing={4}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th
                key={column.key}
                className={column.numeric ? styles.num : undefined}
                aria-sort={sort.key === column.key ? sort.direction : 'none'}
              >
                <UnstyledButton onClick={() => toggle(column.key)} fz="sm" fw={600}>
                  {column.label}
                  {sort.key === column.key ? (sort.direction === 'ascending' ? ' ↑' : ' ↓') : ''}
                </UnstyledButton>
              </Table.Th>
            ))}
            <Table.Th>Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {start > 0 ? <tr aria-hidden style={{ height: start * ROW_HEIGHT }} /> : null}
          {rows.slice(start, end).map((row, i) =>
            row.kind === 'book' ? (
              <Table.Tr
                key={`book-${row.book}`}
                className={styles.bookRow}
                aria-rowindex={start + i + 2}
              >
                <Table.Td colSpan={7}>
                  {row.book} · {row.count} {row.count === 1 ? 'position' : 'positions'}
                </Table.Td>
                <Table.Td className={styles.num}>{formatRupees(row.marketValue)}</Table.Td>
                <Table.Td className={styles.num}>{signed(row.pnl)}</Table.Td>
                <Table.Td colSpan={2} />
              </Table.Tr>
            ) : (
              <PositionRow
                key={row.key}
                rowKey={row.key}
                position={row.position}
                rowIndex={start + i + 2}
                checked={selected.has(row.key)}
                onSelect={onSelect}
                priceMove={moved(row.position, 'market_clean_price')}
                yieldMove={moved(row.position, 'yield')}
                valueMove={moved(row.position, 'market_value')}
                pnlMove={moved(row.position, 'unrealised_pnl')}
              />
            ),
          )}
          {end < rows.length ? (
            <tr aria-hidden style={{ height: (rows.length - end) * ROW_HEIGHT }} />
          ) : null}
        </Table.Tbody>
      </Table>
    </div>
  )
}

type Move = 'up' | 'down' | undefined

/** A valued cell that flashes once (with an arrow) when its value moved. */
function flash(field: string, move: Move, text: string) {
  return (
    <Table.Td
      key={`${field}-${move ?? ''}-${text}`}
      className={`${styles.num} ${styles.cell}`}
      data-move={move}
    >
      {text}
      {move ? (
        <span aria-label={move === 'up' ? ' up' : ' down'}>{move === 'up' ? ' ▲' : ' ▼'}</span>
      ) : null}
    </Table.Td>
  )
}

/** Props of PositionRow. */
interface PositionRowProps {
  rowKey: string
  position: InventoryPosition
  rowIndex: number
  checked: boolean
  onSelect: (key: string, on: boolean) => void
  priceMove: Move
  yieldMove: Move
  valueMove: Move
  pnlMove: Move
}

/**
 * One position's row: rendered again only when its position, selection or moves change (a quote
 * tick patches a few rows of 5,000; the rest of the window stays as it is).
 */
const PositionRow = memo(function PositionRow({
  rowKey,
  position,
  rowIndex,
  checked,
  onSelect,
  priceMove,
  yieldMove,
  valueMove,
  pnlMove,
}: PositionRowProps) {
  return (
    <Table.Tr aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }}>
      <Table.Td>
        <Checkbox
          size="xs"
          aria-label={`Select ${position.display_name} in ${position.book}`}
          checked={checked}
          onChange={(event) => onSelect(rowKey, event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Text span fz="sm">
          {position.display_name}
        </Text>{' '}
        <Text span fz="xs" c="dimmed">
          {position.isin}
        </Text>
      </Table.Td>
      <Table.Td>{position.maturity_date ? formatDate(position.maturity_date) : '—'}</Table.Td>
      <Table.Td className={styles.num}>
        {formatQuantum(position.face_value)}
        {position.reserved_face_value > 0 ? (
          <Text span fz="xs" c="dimmed">
            {' '}
            ({formatQuantum(position.reserved_face_value)} reserved)
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td className={styles.num}>{formatPrice(position.cost_clean_price)}</Table.Td>
      {flash('price', priceMove, formatPrice(position.market_clean_price))}
      {flash('yield', yieldMove, position.yield === null ? '—' : formatYield(position.yield))}
      {flash('value', valueMove, formatRupees(position.market_value))}
      {flash('pnl', pnlMove, signed(position.unrealised_pnl))}
      <Table.Td className={styles.num}>
        {position.modified_duration === null ? '—' : position.modified_duration.toFixed(2)}
      </Table.Td>
      <Table.Td title={position.value_source_detail}>
        {SOURCE_LABEL[position.value_source]}
      </Table.Td>
    </Table.Tr>
  )
})
