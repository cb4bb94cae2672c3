// The search behind the input: 3 characters or more, 300 ms after the last keystroke; a keystroke
// aborts the request in flight (its query is stale), so a stale answer never lands. Keystrokes
// cost no render: the text is followed in refs, and state changes only when what the dropdown
// shows changes (short → waiting → answered), so typing never blocks the main thread.
import type { ApiClient } from '@bonds/api-client'
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, type FinstrumentSummary } from '@bonds/domain'
import { useCallback, useEffect, useRef, useState } from 'react'
import { searchBonds } from './api.ts'

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
   * list does not flicker while typing); empty when short or failed.
   */
  results: readonly FinstrumentSummary[]
}

/** The search and the function the input calls with its text on every change. */
export interface BondSearchHandle {
  state: BondSearchState
  setText: (text: string) => void
}

interface Answer {
  query: string
  results: readonly FinstrumentSummary[]
  failed: boolean
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

/** Search bonds through `api` for the text the input reports, debounced, cancelling stale requests. */
export function useBondSearch(
  api: ApiClient,
  debounceMs: number = SEARCH_DEBOUNCE_MS,
): BondSearchHandle {
  // The query sent (with a serial, so a query typed again after an abort is sent again).
  const [request, setRequest] = useState<{ query: string; serial: number } | null>(null)
  const [phase, setPhase] = useState<Phase>(SHORT)
  const [answer, setAnswer] = useState<Answer | null>(null)
  const text = useRef('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inFlight = useRef<AbortController | null>(null)

  const setText = useCallback(
    (raw: string) => {
      const query = searchQuery(raw)
      if (query === text.current) return
      text.current = query
      clearTimeout(timer.current)
      inFlight.current?.abort()
      if (query.length < MIN_SEARCH_LENGTH) {
        setPhase(SHORT)
        return
      }
      setPhase(TYPING)
      timer.current = setTimeout(() => {
        setRequest((r) => ({ query, serial: (r?.serial ?? 0) + 1 }))
        setPhase({ name: 'sent', query })
      }, debounceMs)
    },
    [debounceMs],
  )

  useEffect(() => {
    if (!request) return
    const controller = new AbortController()
    inFlight.current = controller
    const { query } = request
    searchBonds(api, query, controller.signal).then(
      (results) => {
        if (!controller.signal.aborted) setAnswer({ query, results, failed: false })
      },
      () => {
        if (!controller.signal.aborted) setAnswer({ query, results: NONE, failed: true })
      },
    )
    return () => controller.abort()
  }, [api, request])

  useEffect(() => () => clearTimeout(timer.current), [])

  let state: BondSearchState
  if (phase.name === 'short') state = { status: 'short', results: NONE }
  else if (phase.name === 'sent' && answer?.query === phase.query) {
    state = answer.failed
      ? { status: 'failed', results: NONE }
      : { status: 'done', results: answer.results }
  } else state = { status: 'loading', results: answer && !answer.failed ? answer.results : NONE }
  return { state, setText }
}
