// The screen's bonds as a table that renders only the rows in view (@tanstack/react-virtual over
// the window's scroll), loading the next page as the end comes into view; "Load more bonds" does
// the same from the keyboard. Each bond's name links to its security page.
import type { FinstrumentSummary, ScreenSort, ScreenSortField } from '@bonds/domain'
import { formatDate, formatYield } from '@bonds/ui-kit'
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react'
import { Link, useNavigate } from 'react-router'
import { valueLabel } from './labels.ts'
import classes from './screener.module.css'
import { FIRST_DIRECTION } from './screen-state.ts'
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
  const yieldAsOf = bond.indicative_yield_as_of
  return (
    <Table.Tr
      className={classes.row}
      aria-rowindex={index + 2}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a')) return
        void navigate(href)
      }}
    >
      <Table.Td>
        <Anchor component={Link} to={href} className={classes.name} size="sm">
          {bond.display_name}
        </Anchor>
        <span className={`${classes.sub} ${classes.muted}`}>
          {/* On a phone the maturity column folds into this line. */}
          {maturity && (
            <Box component="span" hiddenFrom="xs">
              {formatDate(maturity)} ·{' '}
            </Box>
          )}
          <span translate="no">{bond.identifiers.isin}</span> · {bond.issuer}
        </span>
      </Table.Td>
      <Table.Td visibleFrom="lg">{valueLabel('bondCategory', bond.category)}</Table.Td>
      <Table.Td visibleFrom="sm">{bond.rating ?? '—'}</Table.Td>
      <Table.Td visibleFrom="sm" className={classes.num}>
        {coupon(bond)}
      </Table.Td>
      <Table.Td visibleFrom="xs">{maturity ? formatDate(maturity) : '—'}</Table.Td>
      <Table.Td
        className={classes.num}
        title={yieldAsOf ? `Disclosed ${formatDate(yieldAsOf)}` : undefined}
      >
        {bond.indicative_yield == null ? '—' : formatYield(bond.indicative_yield)}
      </Table.Td>
    </Table.Tr>
  )
})

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <Table.Tr key={i} className={classes.row} aria-hidden>
      <Table.Td>
        <Skeleton height={12} width="70%" mb={6} />
        <Skeleton height={10} width="45%" />
      </Table.Td>
      <Table.Td visibleFrom="lg">
        <Skeleton height={12} width="60%" />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Skeleton height={12} width="70%" />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Skeleton height={12} width="50%" ml="auto" />
      </Table.Td>
      <Table.Td visibleFrom="xs">
        <Skeleton height={12} width="80%" />
      </Table.Td>
      <Table.Td>
        <Skeleton height={12} width="60%" ml="auto" />
      </Table.Td>
    </Table.Tr>
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
  // state changes only when it moved, so this settles at once.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render, on purpose
  useLayoutEffect(() => {
    const top = documentTop(body.current)
    if (Math.abs(top - margin) > 0.5) setMargin(top)
  })

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
        <Table.Tbody ref={body}>
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
        </Table.Tbody>
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
        Yield: the last yield disclosed for the bond in mutual funds’ portfolio disclosures (its
        date shows on hover); “—” where none is known.
      </Text>
    </Stack>
  )
}
