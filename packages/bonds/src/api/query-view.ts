// What a section shows for a query: nothing asked, loading, the answer or the failure, for the
// query's current argument. Answers render as transitions (decision 104): the store's update
// renders at once with what was shown, and React renders the answer in slices after it, yielding
// to the browser between them (react-redux's updates are synchronous; `useDeferredValue` is how a
// store's update becomes a transition).
import { failureOf } from '@bonds/api-client'
import { useDeferredValue } from 'react'

/** A query as a section shows it. */
export type QueryView<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown }

/** The part of an RTK Query hook's result a view reads. */
export interface QueryResultLike<T> {
  /** The answer for the current argument (undefined until it comes). */
  currentData?: T | undefined
  isError: boolean
  error?: unknown
  /** Skipped: nothing asked. */
  isUninitialized: boolean
}

const IDLE = { status: 'idle' } as const
const LOADING = { status: 'loading' } as const

/** The view of a query hook's result, its answer deferred (rendered as a transition). */
export function useQueryView<T>(result: QueryResultLike<T>): QueryView<T> {
  const data = useDeferredValue(result.currentData)
  if (result.isUninitialized) return IDLE
  if (result.isError) return { status: 'error', error: result.error }
  return data === undefined ? LOADING : { status: 'ready', data }
}

/** The server's own words for a refused request (a 4xx field message or `message`), else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  const failure = failureOf(error)
  if (failure?.status === undefined || failure.status < 400 || failure.status >= 500) {
    return fallback
  }
  const field = Object.values(failure.fields)[0]
  if (field) return field
  const message = (failure.body as { message?: unknown } | null)?.message
  return typeof message === 'string' && message !== '' ? message : fallback
}
