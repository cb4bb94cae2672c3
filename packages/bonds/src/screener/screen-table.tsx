// The screen's bonds as a table that renders only the rows in view (@tanstack/react-virtual over
// the window's scroll), loading the next page as the end comes into view; "Load more bonds" does
// the same from the keyboard. Each bond's name links to its security page.
import type { FinstrumentSummary, ScreenSort, ScreenSortField } from '@bonds/domain'
import { formatDate, formatYield } from '@bonds/ui-kit'
import { Alert, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react'
import { Link, useNavigate } from 'react-router'
import { valueLabel } from './labels.ts'
import classes from './screener.module.css'
import { FIRST_DIRECTION } from './screen-state.ts'
import { yieldSource } from './yield-source.ts'
import type { ScreenResults } from './use-screen.ts'

/** Height of one row, px (two lines: name, then ISIN and issuer). */
export const ROW_HEIGHT = 52
/** Rows rendered beyond the view on either side. */
const OVERSCAN = 10
/** Rows before the end at which the next page is fetched. */
const PREFETCH_ROWS = 10
/** Skeleton rows while the first page loads. */
const SKELETON_ROWS = 8

/** Props of ScreenTable. */
export interface ScreenTableProps {
  results: ScreenResults
  sort: ScreenSort
  onSort: (sort: ScreenSort) => void
  /** Where a bond's row leads. */
  hrefOf: (bond: FinstrumentSummary) => string
  /** How many bonds the screen holds, when known (for aria-rowcount and the end line). */
  total: number | null
  /** Offset of the sticky header from the top of the window (the app's own sticky header). */
  stickyTop?: number
  /** Clear the filters (offered when nothing matches). */
  onClear?: () => void
}

function coupon(bond: FinstrumentSummary): string {
  if (bond.coupon_rate === null) return 'Floating'
  return `${(bond.coupon_rate * 100).toFixed(2)}%`
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
  numeric,
  ...rest
}: {
  field: ScreenSortField
  label: string
  sort: ScreenSort
  onSort: (sort: ScreenSort) => void
  numeric?: boolean
  w?: number | string
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg'
}) {
  const active = sort.field === field
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown
  return (
    <Table.Th
      {...rest}
      className={numeric ? classes.num : undefined}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={() =>
          onSort({
            field,
            direction: active
              ? sort.direction === 'asc'
                ? 'desc'
                : 'asc'
              : FIRST_DIRECTION[field],
          })
        }
      >
        {label}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.6 }} />
      </UnstyledButton>
    </Table.Th>
  )
}

// The rows and their skeletons are plain elements styled by screener.module.css (with the
// variables of Mantine's Table around them): twenty rows of Mantine's Table.Tr/Td/Anchor were
// most of the screener's cost at start (see bench/RESULTS.md, find budgets).
const Row = memo(function Row({
  bond,
  index,
  href,
}: {
  bond: FinstrumentSummary
  index: number
  href: string
}) {
  const navigate = useNavigate()
  const maturity = bond.contract_parameters.maturity_date
  const source = yieldSource(bond)
  return (
    <tr
      className={classes.row}
      aria-rowindex={index + 2}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a')) return
        void navigate(href)
      }}
    >
      <td className={classes.cell}>
        <Link to={href} className={classes.name}>
          {bond.display_name}
        </Link>
        <span className={`${classes.sub} ${classes.muted}`}>
          {/* On a phone the maturity column folds into this line. */}
          {maturity && <span className={classes.untilXs}>{formatDate(maturity)} · </span>}
          <span translate="no">{bond.identifiers.isin}</span> · {bond.issuer}
        </span>
      </td>
      <td className={`${classes.cell} ${classes.fromLg}`}>
        {valueLabel('bondCategory', bond.category)}
      </td>
      <td className={`${classes.cell} ${classes.fromSm}`}>{bond.rating ?? '—'}</td>
      <td className={`${classes.cell} ${classes.fromSm} ${classes.num}`}>{coupon(bond)}</td>
      <td className={`${classes.cell} ${classes.fromXs}`}>
        {maturity ? formatDate(maturity) : '—'}
      </td>
      <td className={`${classes.cell} ${classes.num}`} title={source.full}>
        <span aria-hidden>
          {bond.indicative_yield == null ? '—' : formatYield(bond.indicative_yield)}
        </span>
        <span className={`${classes.sub} ${classes.muted}`} aria-hidden>
          {source.short}
        </span>
        <span className={classes.srOnly}>
          {bond.indicative_yield == null ? '' : `${formatYield(bond.indicative_yield)}. `}
          {source.full}
        </span>
      </td>
    </tr>
  )
})

/** A placeholder bar of a skeleton row. */
function Bar({ width, height = 12, end }: { width: string; height?: number; end?: boolean }) {
  return (
    <span
      className={classes.skeleton}
      style={{ width, height, marginInlineStart: end ? 'auto' : undefined }}
    />
  )
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <tr key={i} className={classes.row} aria-hidden>
      <td className={classes.cell}>
        <Bar width="70%" />
        <Bar width="45%" height={10} />
      </td>
      <td className={`${classes.cell} ${classes.fromLg}`}>
        <Bar width="60%" />
      </td>
      <td className={`${classes.cell} ${classes.fromSm}`}>
        <Bar width="70%" />
      </td>
      <td className={`${classes.cell} ${classes.fromSm}`}>
        <Bar width="50%" end />
      </td>
      <td className={`${classes.cell} ${classes.fromXs}`}>
        <Bar width="80%" />
      </td>
      <td className={classes.cell}>
        <Bar width="60%" end />
      </td>
    </tr>
  ))
}

/** Top of an element in the document, px. */
function documentTop(element: HTMLElement | null): number {
  return element ? element.getBoundingClientRect().top + window.scrollY : 0
}

/** The screen's bonds. */
export function ScreenTable({
  results,
  sort,
  onSort,
  hrefOf,
  total,
  stickyTop = 0,
  onClear,
}: ScreenTableProps) {
  const { rows, status, hasMore, loadingMore, moreFailed, loadMore } = results
  const body = useRef<HTMLTableSectionElement>(null)
  const [margin, setMargin] = useState(0)

  // Where the rows start in the document moves whenever what is above them changes size (filters
  // wrap, conditions come and go, the window narrows), so it is measured after every render; the
  // state changes only when it moved, so this settles at once. It is read in the next animation
  // frame, where the browser lays the page out anyway: read during the commit it forced a layout
  // of the whole page there, the largest single cost of the screener's start.
  const frame = useRef(0)
  useLayoutEffect(() => {
    if (frame.current) return
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      const top = documentTop(body.current)
      setMargin((current) => (Math.abs(top - current) > 0.5 ? top : current))
    })
  })
  useEffect(() => () => cancelAnimationFrame(frame.current), [])

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: margin,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items.at(-1)
  const before = first ? first.start - margin : 0
  const after = last ? virtualizer.getTotalSize() - (last.end - margin) : 0

  const lastIndex = last?.index ?? -1
  useEffect(() => {
    if (status === 'ready' && hasMore && !moreFailed && lastIndex >= rows.length - PREFETCH_ROWS) {
      loadMore()
    }
  }, [status, hasMore, moreFailed, lastIndex, rows.length, loadMore])

  const style = {
    '--screen-sticky-top': `${stickyTop}px`,
    '--screen-row-height': `${ROW_HEIGHT}px`,
  } as CSSProperties

  if (status === 'error') {
    return (
      <Alert color="red" title="The bonds could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Check your connection and try again.</Text>
          <Button size="xs" variant="light" color="red" onClick={results.retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    )
  }

  return (
    <Stack gap="xs" style={style}>
      <Table
        className={classes.table}
        aria-label="Bonds"
        aria-rowcount={total !== null ? total + 1 : -1}
        aria-busy={status === 'loading' || undefined}
        highlightOnHover
      >
        <Table.Thead className={classes.head}>
          <Table.Tr aria-rowindex={1}>
            <SortHeader field="name" label="Bond" sort={sort} onSort={onSort} />
            <Table.Th visibleFrom="lg" w="13%">
              Category
            </Table.Th>
            <Table.Th visibleFrom="sm" w="13%">
              Rating
            </Table.Th>
            <SortHeader
              field="coupon"
              label="Coupon"
              sort={sort}
              onSort={onSort}
              numeric
              visibleFrom="sm"
              w={92}
            />
            <SortHeader
              field="maturity"
              label="Maturity"
              sort={sort}
              onSort={onSort}
              visibleFrom="xs"
              w={126}
            />
            <SortHeader field="yield" label="Yield" sort={sort} onSort={onSort} numeric w={98} />
          </Table.Tr>
        </Table.Thead>
        <tbody ref={body}>
          {status === 'loading' ? (
            <SkeletonRows />
          ) : (
            <>
              {/* Spacers hold the height of the rows not rendered. One cell each, not a colSpan:
                  columns hidden on narrow screens must not come back through a spanning cell. */}
              {before > 0 && (
                <tr aria-hidden style={{ height: before }}>
                  <td />
                </tr>
              )}
              {items.map((item) => {
                const bond = rows[item.index]
                return bond ? (
                  <Row key={bond.id} bond={bond} index={item.index} href={hrefOf(bond)} />
                ) : null
              })}
              {after > 0 && (
                <tr aria-hidden style={{ height: after }}>
                  <td />
                </tr>
              )}
            </>
          )}
        </tbody>
      </Table>
      {status === 'ready' && rows.length === 0 && (
        <Stack gap="xs" align="center" py="xl">
          <Text fw={500}>No bonds match these filters.</Text>
          {onClear && (
            <Button size="xs" variant="light" onClick={onClear}>
              Clear all filters
            </Button>
          )}
        </Stack>
      )}
      {status === 'ready' && rows.length > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" className={classes.muted} role="status">
            {hasMore
              ? `Showing ${rows.length}${total !== null ? ` of ${total}` : ''} bonds`
              : `All ${rows.length} bonds shown`}
          </Text>
          {hasMore && (
            <Group gap="xs">
              {moreFailed && (
                <Text size="sm" className={classes.error}>
                  More bonds could not be loaded.
                </Text>
              )}
              <Button size="xs" variant="default" loading={loadingMore} onClick={loadMore}>
                {moreFailed ? 'Try again' : 'Load more bonds'}
              </Button>
            </Group>
          )}
        </Group>
      )}
      <Text size="xs" className={classes.muted}>
        Yield: the last one disclosed in mutual funds’ portfolios (corporate bonds), else the latest
        live quote’s, else a trade’s of the last 30 days; the line under it says which. “—” where
        none of them is known.
      </Text>
    </Stack>
  )
}
