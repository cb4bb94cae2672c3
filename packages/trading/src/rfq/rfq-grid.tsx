// The RFQ quotes as a grid that renders only the rows in view (@tanstack/react-virtual in its own
// scroll box), sortable by any column from its header (a button, so the keyboard sorts too), a
// row chosen with a click or Enter. A number that changed since the last answer flashes its cell
// with an arrow (never colour alone; no animation for reduced motion): CSS only, replayed on each
// change by flipping between two identical animations (`data-tick`), so the row's element and the
// keyboard focus on it stay; never restarted by a re-render. Rows
// are memoised: a socket patch re-renders only the rows whose quote changed (decision 311).
import type { RfqQuote } from '@bonds/domain'
import { formatDate, formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef, useState, type KeyboardEvent } from 'react'
import {
  CellMemory,
  sideLabel,
  type CellMove,
  type RfqColumn,
  type RfqSort,
  type RowMoves,
} from './rfq-rows.ts'
import classes from './rfq.module.css'
import { PaddingRow } from '../padding-row.tsx'

/** Height of one row, px. */
export const RFQ_ROW_HEIGHT = 30
const FALLBACK_RECT = { width: 800, height: 360 }

const observeRect: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : FALLBACK_RECT))

const HEADERS: { column: RfqColumn; label: string; numeric?: boolean }[] = [
  { column: 'bond', label: 'Bond' },
  { column: 'side', label: 'Side' },
  { column: 'yield', label: 'Yield', numeric: true },
  { column: 'price', label: 'Price', numeric: true },
  { column: 'quantum', label: 'Quantum', numeric: true },
  { column: 'settlement', label: 'Settlement' },
  { column: 'expiry', label: 'Expires (IST)' },
]

const ARROW: Record<CellMove, { Icon: typeof IconArrowUp; word: string }> = {
  up: { Icon: IconArrowUp, word: 'up' },
  down: { Icon: IconArrowDown, word: 'down' },
}

/** A moved cell's arrow, and its direction in words for a screen reader (never colour alone). */
export function Moved({ move }: { move: CellMove | undefined }) {
  if (!move) return null
  const { Icon, word } = ARROW[move]
  return (
    <>
      <VisuallyHidden>, {word}</VisuallyHidden>
      <Icon size={11} stroke={2.5} aria-hidden className={classes.glyph} />
    </>
  )
}

/** One formatter for every row (making one costs more than formatting with it). */
const TIME_IST = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'Asia/Kolkata',
})
const timeIst = (iso: string) => TIME_IST.format(new Date(iso))

/** The state of a row's negotiations, as a word. */
function threadWord(quote: RfqQuote): string {
  const dealt = quote.negotiations.find((thread) => thread.state === 'DEALT')
  if (dealt) return 'Dealt'
  const open = quote.negotiations.filter((thread) => thread.state === 'OPEN').length
  return open > 0 ? `${open} negotiating` : ''
}

/** Props of one row. */
interface QuoteRowProps {
  quote: RfqQuote
  moves: RowMoves
  selected: boolean
  onSelect: (id: number) => void
}

/** One quote's row: rendered again only when its quote, moves or selection change. */
const QuoteRow = memo(function QuoteRow({ quote, moves, selected, onSelect }: QuoteRowProps) {
  const { cells, tick } = moves
  const side = quote.quote_type === 'BID' ? classes.bid : classes.ask
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onSelect(quote.id)
    }
  }
  return (
    <Table.Tr
      className={`${classes.row} ${selected ? classes.selected : ''}`}
      tabIndex={0}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(quote.id)}
      onKeyDown={onKey}
    >
      <Table.Td>
        {quote.display_name}
        {quote.mine ? <VisuallyHidden>, yours</VisuallyHidden> : null}
        {quote.mine ? (
          <span aria-hidden="true" title="Your firm’s quote">
            {' ●'}
          </span>
        ) : null}
      </Table.Td>
      <Table.Td className={side}>{sideLabel(quote.quote_type)}</Table.Td>
      <Table.Td
        className={`${classes.num} ${classes.cell}`}
        data-move={cells.yield}
        data-tick={tick}
      >
        {quote.yield_stored === null ? '—' : formatYield(quote.yield_stored)}
        <Moved move={cells.yield} />
      </Table.Td>
      <Table.Td
        className={`${classes.num} ${classes.cell}`}
        data-move={cells.price}
        data-tick={tick}
      >
        {formatPrice(quote.unit_price_stored)}
        <Moved move={cells.price} />
      </Table.Td>
      <Table.Td
        className={`${classes.num} ${classes.cell}`}
        data-move={cells.quantum}
        data-tick={tick}
      >
        {formatQuantum(quote.quantum)}
        <Moved move={cells.quantum} />
      </Table.Td>
      <Table.Td>{formatDate(quote.settlement_date)}</Table.Td>
      <Table.Td>{timeIst(quote.expiry_date_stored)}</Table.Td>
      <Table.Td>{threadWord(quote)}</Table.Td>
    </Table.Tr>
  )
})

/** Column widths, px (the bond takes the rest): a fixed table lays out without reading rows. */
const COLUMN_WIDTHS = [undefined, 64, 96, 100, 104, 112, 120, 112]

/** The header: sort buttons; rendered again only when the sort changes, not with every patch. */
const Header = memo(function Header({
  sort,
  onSort,
}: {
  sort: RfqSort
  onSort: (sort: RfqSort) => void
}) {
  const sortBy = (column: RfqColumn) =>
    onSort({
      column,
      direction: sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc',
    })
  return (
    <Table.Thead>
      <Table.Tr>
        {HEADERS.map(({ column, label, numeric }) => {
          const active = sort.column === column
          const Icon = !active
            ? IconArrowsSort
            : sort.direction === 'asc'
              ? IconArrowUp
              : IconArrowDown
          return (
            <Table.Th
              key={column}
              className={numeric ? classes.num : undefined}
              aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <UnstyledButton fz="xs" fw={600} onClick={() => sortBy(column)}>
                {label} <Icon size={12} aria-hidden />
              </UnstyledButton>
            </Table.Th>
          )
        })}
        <Table.Th>Negotiation</Table.Th>
      </Table.Tr>
    </Table.Thead>
  )
})

/** Props of RfqGrid. */
export interface RfqGridProps {
  rows: readonly RfqQuote[]
  sort: RfqSort
  onSort: (sort: RfqSort) => void
  selected: number | null
  onSelect: (id: number) => void
}

/** The quotes grid. */
export function RfqGrid({ rows, sort, onSort, selected, onSelect }: RfqGridProps) {
  const scroller = useRef<HTMLDivElement>(null)
  // What the rows showed before, to flash what moved since.
  const [memory] = useState(() => new CellMemory())
  memory.keep(rows)

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => RFQ_ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => rows[index]?.id ?? index,
    observeElementRect: observeRect,
    initialRect: FALLBACK_RECT,
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)

  return (
    <div ref={scroller} className={classes.scroller}>
      <Table
        className={classes.table}
        fz="xs"
        withRowBorders={false}
        striped
        aria-label="RFQ quotes"
      >
        <colgroup>
          {COLUMN_WIDTHS.map((width, at) => (
            <col key={at} style={width ? { width } : undefined} />
          ))}
        </colgroup>
        <Header sort={sort} onSort={onSort} />
        <Table.Tbody>
          <PaddingRow height={before} columns={8} />
          {items.map((item) => {
            const quote = rows[item.index] as RfqQuote
            return (
              <QuoteRow
                key={quote.id}
                quote={quote}
                moves={memory.moves(quote)}
                selected={selected === quote.id}
                onSelect={onSelect}
              />
            )
          })}
          <PaddingRow height={after} columns={8} />
        </Table.Tbody>
      </Table>
    </div>
  )
}
