// What the account screens share: the message for a failed call, field errors from the server.
// A failure may come from the session (the client's `ApiError`) or from an endpoint's mutation
// (`ApiQueryError`); both read the same.
import { failureOf } from '@bonds/api-client'

/** The generic failure text of spec section 8. */
export const GENERIC_FAILURE = 'Something went wrong, Please try again.'

/** The message to show for a failed call: the server's own words where it has them. */
export function failureMessage(error: unknown): string {
  const failure = failureOf(error)
  if (failure) {
    const body = failure.body as { message?: string } | null
    if (failure.status === 429)
      return body?.message ?? 'Too many attempts. Wait a minute and retry.'
    if (body?.message) return body.message
  }
  return GENERIC_FAILURE
}

/** The server's field messages (dotted paths) of a refused call, empty for other failures. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return failureOf(error)?.fields ?? {}
}
