// The screener: filters over the category list of spec section 3 with its operators, instrument
// type Bond, and the matching bonds sorted by yield, maturity, coupon or name, 20 a page. The
// screen lives in the URL's search params, so it can be shared and survives a reload.
import type { FinstrumentSummary, ScreenSort, ScreenSortField } from '@bonds/domain'
import { formatIndianNumber, useFirstViewInert } from '@bonds/ui-kit'
import { Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useCallback, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { ScreenFilters } from './screen-filters.tsx'
import { readScreen, writeScreen, type ScreenState } from './screen-state.ts'
import { ScreenTable } from './screen-table.tsx'
import { screenTotal, useCategoryCounts, useScreenResults } from './use-screen.ts'

/** Props of Screener. */
export interface ScreenerProps {
  /** Where a bond's row leads (default `/security/{id}`). */
  hrefOf?: (bond: FinstrumentSummary) => string
  /** Offset of the table's sticky header from the top of the window, px (the app header). */
  stickyTop?: number
}

/** The security page of a bond (route table: `/security/{id}`). */
export function securityHref(bond: Pick<FinstrumentSummary, 'id'>): string {
  return `/security/${encodeURIComponent(bond.id)}`
}

const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: 'maturity:asc', label: 'Maturity, soonest first' },
  { value: 'maturity:desc', label: 'Maturity, latest first' },
  { value: 'yield:desc', label: 'Yield, highest first' },
  { value: 'yield:asc', label: 'Yield, lowest first' },
  { value: 'coupon:desc', label: 'Coupon, highest first' },
  { value: 'coupon:asc', label: 'Coupon, lowest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
]

/** The screen in the URL, and a setter that replaces it there (keeping other params). */
export function useScreenParams(): [ScreenState, (next: ScreenState) => void] {
  const [params, setParams] = useSearchParams()
  const state = useMemo(() => readScreen(params), [params])
  const update = useCallback(
    (next: ScreenState) => setParams((current) => writeScreen(next, current), { replace: true }),
    [setParams],
  )
  return [state, update]
}

/**
 * Screen bonds by category, rating and maturity, and open one (`POST api/client-finstrument-list/`
 * and `POST api/categories/` through the app's store).
 */
export function Screener({ hrefOf = securityHref, stickyTop = 0 }: ScreenerProps) {
  const [state, setState] = useScreenParams()
  const counts = useCategoryCounts(state)
  const results = useScreenResults(state)
  const total = counts.status === 'ready' ? screenTotal(counts.counts, state) : null
  const onSort = useCallback((sort: ScreenSort) => setState({ ...state, sort }), [state, setState])
  const clear = useCallback(
    () => setState({ ...state, values: {}, filters: [] }),
    [state, setState],
  )

  // A prerendered first view's controls take no input until the app has taken them over.
  const root = useRef<HTMLDivElement>(null)
  const inert = useFirstViewInert(root)
  return (
    <Stack gap="md" ref={root} inert={inert}>
      <ScreenFilters
        state={state}
        onChange={setState}
        counts={counts.counts}
        countsFailed={counts.status === 'error'}
        onRetryCounts={counts.retry}
      />
      <Stack gap="xs" component="section" aria-labelledby="screen-results-title">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h4" id="screen-results-title">
              Bonds
            </Title>
            {results.status === 'error' ? null : total !== null ? (
              // No count beside a list that failed to load: the two would read as a contradiction.
              <Text size="sm" aria-live="polite">
                {formatIndianNumber(total)} {total === 1 ? 'bond matches' : 'bonds match'}
              </Text>
            ) : (
              <Skeleton height={14} width={120} mt={4} aria-hidden />
            )}
          </Stack>
          <NativeSelect
            label="Sort by"
            data={SORT_OPTIONS}
            value={`${state.sort.field}:${state.sort.direction}`}
            onChange={(event) => {
              const value = event.currentTarget.value
              const [field, direction] = value.split(':') as [ScreenSortField, 'asc' | 'desc']
              onSort({ field, direction })
            }}
            size="sm"
            w={220}
          />
        </Group>
        <ScreenTable
          results={results}
          sort={state.sort}
          onSort={onSort}
          hrefOf={hrefOf}
          total={total}
          stickyTop={stickyTop}
          onClear={clear}
        />
      </Stack>
    </Stack>
  )
}
