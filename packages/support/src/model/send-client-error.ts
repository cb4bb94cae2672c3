// The client error report's request, loaded with the first error reported: the support endpoints
// and the report's bounds are not part of an app's first load (issue 21).
import type { AppStore } from '@bonds/api-client'
import { CLIENT_ERROR_LIMITS } from '@bonds/domain'
import { supportApi } from '../api/support.ts'
import type { ErrorSource } from './error-reporting.ts'

/** What is reported of one error, taken when it happened. */
export interface ClientErrorDetails {
  message: string
  /** The page's path and query when it happened. */
  url: string
  source: ErrorSource
  stack?: string | undefined
  componentStack?: string | undefined
}

/** Send one report, cut to the server's bounds; a failure is dropped (reporting never throws). */
export function sendClientError(store: AppStore, details: ClientErrorDetails): Promise<void> {
  const { message, url, source, stack, componentStack } = details
  return store
    .dispatch(
      supportApi.endpoints.reportClientError.initiate({
        message: message.slice(0, CLIENT_ERROR_LIMITS.message),
        url: url.slice(0, CLIENT_ERROR_LIMITS.url),
        source,
        ...(stack ? { stack: stack.slice(0, CLIENT_ERROR_LIMITS.stack) } : {}),
        ...(componentStack
          ? { component_stack: componentStack.slice(0, CLIENT_ERROR_LIMITS.stack) }
          : {}),
      }),
    )
    .then(
      () => undefined,
      () => undefined,
    )
}
