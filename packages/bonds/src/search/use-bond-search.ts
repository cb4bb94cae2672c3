// The search behind the input: 3 characters or more, 300 ms after the last keystroke, through the
// cache (`useBondSearchQuery`: a query asked before answers at once). A keystroke aborts the
// request in flight (its query is stale), and only the answer to the query sent is ever shown, so
// a stale answer never lands. Keystrokes cost no render: the text is followed in refs, and state
// changes only when what the dropdown shows changes (short → waiting → answered), so typing never
// blocks the main thread.
import { useAppDispatch } from '@bonds/api-client'
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, type FinstrumentSummary } from '@bonds/domain'
import { useCallback, useEffect, useRef, useState } from 'react'
import { bondSearchApi, useBondSearchQuery } from '../api/bond-search.ts'

/**
 * Where a search stands: `short` under 3 characters; `loading` while waiting out the debounce or
 * the answer; `done` with the answer; `failed` after an error (the client showed the toast).
 */
export type BondSearchStatus = 'short' | 'loading' | 'done' | 'failed'

/** A search's state for the dropdown. */
export interface BondSearchState {
  status: BondSearchStatus
  /**
   * The options: the answer to the query when done; while loading, the previous answer (so the
   * list does not flicker while typing), none after a failure; empty when short or failed.
   */
  results: readonly FinstrumentSummary[]
}

/** The search and the function the input calls with its text on every change. */
export interface BondSearchHandle {
  state: BondSearchState
  setText: (text: string) => void
}

const NONE: readonly FinstrumentSummary[] = []

/** Under 3 characters; typing (the debounce running); or the query sent. */
type Phase = { name: 'short' } | { name: 'typing' } | { name: 'sent'; query: string }
// One object each, so setting the phase a keystroke already set renders nothing.
const SHORT: Phase = { name: 'short' }
const TYPING: Phase = { name: 'typing' }

/** The normalised text a query searches for (trimmed, inner spaces collapsed). */
export function searchQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

/** Search bonds for the text the input reports, debounced, cancelling stale requests. */
export function useBondSearch(debounceMs: number = SEARCH_DEBOUNCE_MS): BondSearchHandle {
  const dispatch = useAppDispatch()
  const [phase, setPhase] = useState<Phase>(SHORT)
  const text = useRef('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const sent = useRef<string | null>(null)
  // Only the query sent is subscribed: while typing nothing is, so a query sent again after its
  // request was aborted is asked again.
  const answer = useBondSearchQuery(phase.name === 'sent' ? phase.query : '', {
    skip: phase.name !== 'sent',
  })

  const setText = useCallback(
    (raw: string) => {
      const query = searchQuery(raw)
      if (query === text.current) return
      text.current = query
      clearTimeout(timer.current)
      if (sent.current !== null) {
        dispatch(bondSearchApi.util.getRunningQueryThunk('bondSearch', sent.current))?.abort()
        sent.current = null
      }
      if (query.length < MIN_SEARCH_LENGTH) {
        setPhase(SHORT)
        return
      }
      setPhase(TYPING)
      timer.current = setTimeout(() => {
        sent.current = query
        setPhase({ name: 'sent', query })
      }, debounceMs)
    },
    [dispatch, debounceMs],
  )

  useEffect(() => () => clearTimeout(timer.current), [])

  // What the last answer showed, kept for the next wait: its options, or none after a failure.
  const settled =
    phase.name !== 'sent' ? undefined : (answer.currentData ?? (answer.isError ? NONE : undefined))
  const [previous, setPrevious] = useState<readonly FinstrumentSummary[]>(NONE)
  if (settled !== undefined && settled !== previous) setPrevious(settled)

  let state: BondSearchState
  if (phase.name === 'short') state = { status: 'short', results: NONE }
  else if (phase.name === 'sent' && answer.currentData) {
    state = { status: 'done', results: answer.currentData }
  } else if (phase.name === 'sent' && answer.isError) state = { status: 'failed', results: NONE }
  else state = { status: 'loading', results: previous }
  return { state, setText }
}
