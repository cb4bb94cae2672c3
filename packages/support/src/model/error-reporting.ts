// Client errors reported to the server (spec section 3's error report): uncaught errors and
// rejected promises of the page, and rendering errors a boundary hands over, with the page's url;
// the server adds the user context (user-id, user-name, client-name) when signed in. Reporting
// never throws and never loops: the same message is sent once a minute, at most 20 a page load.
// The request itself is loaded with the first report (send-client-error.ts).
import type { AppStore } from '@bonds/api-client'

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
    const url = window.location.pathname + window.location.search
    void import('./send-client-error.ts').then(
      ({ sendClientError }) =>
        sendClientError(store, { message, url, source, stack, componentStack }),
      // The sender's code could not be fetched (offline, or a stale build's chunk is gone): the
      // report is dropped, as a failed send is.
      () => undefined,
    )
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
