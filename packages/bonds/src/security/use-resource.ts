// One request's life in a section: loading, its answer or its failure, and a retry. A newer
// request (or unmounting) aborts the older one, so a stale answer never lands. Answers are
// rendered as transitions: React renders what they bring in slices, so a phone stays responsive.
import { isApiError } from '@bonds/api-client'
import { startTransition, useCallback, useEffect, useState } from 'react'

/** Where a section's request stands. */
export type Resource<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown }

/**
 * Run `load` whenever `key` changes (null: nothing to load); `retry` runs it again. `load` must
 * read only what `key` stands for.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Resource<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{
    key: string | null
    attempt: number
    resource: Resource<T>
  }>({ key: null, attempt: 0, resource: { status: 'idle' } })
  useEffect(() => {
    if (key === null) return
    const controller = new AbortController()
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) {
          startTransition(() => setState({ key, attempt, resource: { status: 'ready', data } }))
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          startTransition(() => setState({ key, attempt, resource: { status: 'error', error } }))
        }
      },
    )
    return () => controller.abort()
    // `load` reads only what `key` stands for (see above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const resource: Resource<T> =
    key === null
      ? { status: 'idle' }
      : state.key === key && state.attempt === attempt
        ? state.resource
        : { status: 'loading' }
  return { ...resource, retry }
}

/** The server's own words for a refused request (a 4xx `message`), else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  if (
    isApiError(error) &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  ) {
    const body = error.body as { message?: unknown; fields?: Record<string, unknown> } | null
    const field = body?.fields ? Object.values(body.fields)[0] : undefined
    if (typeof field === 'string' && field !== '') return field
    if (typeof body?.message === 'string' && body.message !== '') return body.message
  }
  return fallback
}
