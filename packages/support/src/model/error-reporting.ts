// Client errors reported to the server (spec section 3's error report): uncaught errors and
// rejected promises of the page, and rendering errors a boundary hands over, with the page's url;
// the server adds the user context (user-id, user-name, client-name) when signed in. Reporting
// never throws and never loops: the same message is sent once a minute, at most 20 a page load.
import type { AppStore } from '@bonds/api-client'
import { CLIENT_ERROR_LIMITS } from '@bonds/domain'
import { supportApi } from '../api/support.ts'

/** Where an error came from. */
export type ErrorSource = 'render' | 'window' | 'promise'

const MAX_PER_PAGE = 20
const REPEAT_MS = 60_000

/** A reporter over an app's store: `report(error, source)`; `install()` listens to the window. */
export function createErrorReporter(store: AppStore, now: () => number = Date.now) {
  const lastSent = new Map<string, number>()
  let sent = 0
  const report = (error: unknown, source: ErrorSource, componentStack?: string) => {
    const message = (error instanceof Error ? error.message : String(error)) || 'Unknown error'
    const at = now()
    const last = lastSent.get(message)
    if (sent >= MAX_PER_PAGE || (last !== undefined && at - last < REPEAT_MS)) return
    lastSent.set(message, at)
    sent += 1
    const stack = error instanceof Error ? error.stack : undefined
    void store
      .dispatch(
        supportApi.endpoints.reportClientError.initiate({
          message: message.slice(0, CLIENT_ERROR_LIMITS.message),
          url: (window.location.pathname + window.location.search).slice(
            0,
            CLIENT_ERROR_LIMITS.url,
          ),
          source,
          ...(stack ? { stack: stack.slice(0, CLIENT_ERROR_LIMITS.stack) } : {}),
          ...(componentStack
            ? { component_stack: componentStack.slice(0, CLIENT_ERROR_LIMITS.stack) }
            : {}),
        }),
      )
      .catch(() => {})
  }
  return {
    report,
    /** Report the window's uncaught errors and rejections; answers how to stop. */
    install(): () => void {
      const onError = (event: ErrorEvent) => report(event.error ?? event.message, 'window')
      const onRejection = (event: PromiseRejectionEvent) => report(event.reason, 'promise')
      window.addEventListener('error', onError)
      window.addEventListener('unhandledrejection', onRejection)
      return () => {
        window.removeEventListener('error', onError)
        window.removeEventListener('unhandledrejection', onRejection)
      }
    },
  }
}
