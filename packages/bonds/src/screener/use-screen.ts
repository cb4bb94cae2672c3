// The screen's data from the cache: its pages of bonds (the first on every change of the screen,
// the next by cursor on demand) and the counts behind the filters. Each screen is its own cache
// entry, so an answer for an older screen never shows under a newer one, and going back to a
// screen shows what was loaded at once. Answers render as transitions (`useDeferredValue`): React
// renders a page of rows in slices, so a phone stays responsive meanwhile.
import type { FinstrumentSummary } from '@bonds/domain'
import { useCallback, useDeferredValue, useMemo } from 'react'
import {
  useScreenCategoriesQuery,
  useScreenInfiniteQuery,
  type CategoryCounts,
} from '../api/screen.ts'
import { categoriesRequest, screenQuery, type ScreenState } from './screen-state.ts'

/** The screen's bonds as far as loaded. */
export interface ScreenResults {
  /** `loading` until the first page arrives; `error` when it failed. */
  status: 'loading' | 'ready' | 'error'
  rows: readonly FinstrumentSummary[]
  /** Another page exists. */
  hasMore: boolean
  /** The next page is on its way. */
  loadingMore: boolean
  /** The last attempt at the next page failed (loadMore tries again). */
  moreFailed: boolean
  /** Fetch the next page (no-op while one is loading or none is left). */
  loadMore: () => void
  /** Load the screen again from its first page. */
  retry: () => void
}

const NO_ROWS: readonly FinstrumentSummary[] = []

/** Pages of the screen through `POST api/client-finstrument-list/`. */
export function useScreenResults(state: ScreenState): ScreenResults {
  const query = useMemo(() => screenQuery(state), [state])
  const {
    currentData,
    isError,
    isFetching,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useScreenInfiniteQuery(query)
  const pages = useDeferredValue(currentData?.pages)
  const rows = useMemo(() => (pages ? pages.flatMap((page) => page.results) : NO_ROWS), [pages])
  const more = pages !== undefined && hasNextPage
  const loadMore = useCallback(() => {
    if (more && !isFetching) void fetchNextPage()
  }, [more, isFetching, fetchNextPage])
  const retry = useCallback(() => void refetch(), [refetch])
  const failed = isError && !isFetchNextPageError
  return {
    status: failed ? 'error' : pages ? 'ready' : 'loading',
    rows: failed ? NO_ROWS : rows,
    hasMore: more,
    loadingMore: isFetchingNextPage,
    moreFailed: isFetchNextPageError,
    loadMore,
    retry,
  }
}

/** The filters' values and counts, as far as loaded. */
export interface CategoryCountsState {
  status: 'loading' | 'ready' | 'error'
  /** The last counts that arrived (kept while newer ones load, so the filters do not flicker). */
  counts: CategoryCounts | null
  retry: () => void
}

/** Counts per value of each category through `POST api/categories/`. */
export function useCategoryCounts(state: ScreenState): CategoryCountsState {
  const body = useMemo(() => categoriesRequest(state), [state])
  const { data, currentData, isError, refetch } = useScreenCategoriesQuery(body)
  const counts = useDeferredValue(data ?? null)
  const ready = useDeferredValue(currentData !== undefined)
  const retry = useCallback(() => void refetch(), [refetch])
  return { status: isError ? 'error' : ready ? 'ready' : 'loading', counts, retry }
}

/** How many bonds the screen holds, from the counts (each bond has one category), or null. */
export function screenTotal(counts: CategoryCounts | null, state: ScreenState): number | null {
  const categories = counts?.bondCategory
  if (!categories) return null
  const chosen = state.values.bondCategory
  return categories
    .filter((c) => !chosen?.length || chosen.includes(c.value))
    .reduce((sum, c) => sum + c.count, 0)
}
