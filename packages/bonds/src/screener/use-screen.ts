// The screen's data: its pages of bonds (first page on every change of the screen, the next by
// cursor on demand) and the counts behind the filters. A changed screen, or unmounting, aborts
// what is in flight, so an answer for an older screen never lands. Answers are rendered as
// transitions: React renders a page of rows in slices, so a phone stays responsive meanwhile.
import type { ApiClient } from '@bonds/api-client'
import type { FinstrumentSummary } from '@bonds/domain'
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { bondCategories, listBonds, type CategoryCounts, type ScreenRequest } from './api.ts'
import { categoriesRequest, screenRequest, type ScreenState } from './screen-state.ts'

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

interface Loaded {
  key: string
  attempt: number
  status: 'ready' | 'error'
  rows: readonly FinstrumentSummary[]
  cursor: string | null
  more: 'idle' | 'loading' | 'failed'
}

const NO_ROWS: readonly FinstrumentSummary[] = []

/** Pages of the screen through `POST api/client-finstrument-list/`. */
export function useScreenResults(api: ApiClient, state: ScreenState): ScreenResults {
  const key = JSON.stringify(screenRequest(state, null))
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const controller = useRef<AbortController | null>(null)
  const pending = useRef<string | null>(null)

  useEffect(() => {
    const current = new AbortController()
    controller.current = current
    pending.current = null
    const body = JSON.parse(key) as ScreenRequest
    listBonds(api, body, current.signal).then(
      (page) => {
        if (current.signal.aborted) return
        startTransition(() =>
          setLoaded({
            key,
            attempt,
            status: 'ready',
            rows: page.results,
            cursor: page.next_cursor,
            more: 'idle',
          }),
        )
      },
      () => {
        if (current.signal.aborted) return
        setLoaded({ key, attempt, status: 'error', rows: NO_ROWS, cursor: null, more: 'idle' })
      },
    )
    return () => current.abort()
  }, [api, key, attempt])

  const current = loaded?.key === key && loaded.attempt === attempt ? loaded : null
  const cursor = current?.status === 'ready' ? current.cursor : null

  const loadMore = useCallback(() => {
    const signal = controller.current?.signal
    if (!cursor || !signal || signal.aborted || pending.current === cursor) return
    pending.current = cursor
    setLoaded((l) => (l && l.key === key ? { ...l, more: 'loading' } : l))
    const body = { ...(JSON.parse(key) as ScreenRequest) }
    body.pagination_params = { ...body.pagination_params, cursor }
    listBonds(api, body, signal).then(
      (page) => {
        if (signal.aborted) return
        pending.current = null
        startTransition(() =>
          setLoaded((l) =>
            l && l.key === key && l.cursor === cursor
              ? {
                  ...l,
                  rows: [...l.rows, ...page.results],
                  cursor: page.next_cursor,
                  more: 'idle',
                }
              : l,
          ),
        )
      },
      () => {
        if (signal.aborted) return
        pending.current = null
        setLoaded((l) => (l && l.key === key ? { ...l, more: 'failed' } : l))
      },
    )
  }, [api, key, cursor])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  return {
    status: current?.status ?? 'loading',
    rows: current?.rows ?? NO_ROWS,
    hasMore: cursor !== null,
    loadingMore: current?.more === 'loading',
    moreFailed: current?.more === 'failed',
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
export function useCategoryCounts(api: ApiClient, state: ScreenState): CategoryCountsState {
  const key = JSON.stringify(categoriesRequest(state))
  const [attempt, setAttempt] = useState(0)
  const [answer, setAnswer] = useState<{
    key: string
    attempt: number
    counts: CategoryCounts | null
    failed: boolean
  } | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    bondCategories(
      api,
      JSON.parse(key) as ReturnType<typeof categoriesRequest>,
      controller.signal,
    ).then(
      (counts) => {
        if (!controller.signal.aborted) {
          startTransition(() => setAnswer({ key, attempt, counts, failed: false }))
        }
      },
      () => {
        if (!controller.signal.aborted) {
          setAnswer((a) => ({ key, attempt, counts: a?.counts ?? null, failed: true }))
        }
      },
    )
    return () => controller.abort()
  }, [api, key, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const current = answer?.key === key && answer.attempt === attempt
  return {
    status: current ? (answer.failed ? 'error' : 'ready') : 'loading',
    counts: answer?.counts ?? null,
    retry,
  }
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
