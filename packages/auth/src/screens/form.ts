// What the account screens share: the message for a failed call, field errors from the server.
import { isApiError } from '@bonds/api-client'

/** The generic failure text of spec section 8. */
export const GENERIC_FAILURE = 'Something went wrong, Please try again.'

/** The message to show for a failed call: the server's own words where it has them. */
export function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    const body = error.body as { message?: string } | null
    if (error.status === 429) return body?.message ?? 'Too many attempts. Wait a minute and retry.'
    if (body?.message) return body.message
  }
  return GENERIC_FAILURE
}

/** The server's field messages (dotted paths) of a refused call, empty for other failures. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fields : {}
}
