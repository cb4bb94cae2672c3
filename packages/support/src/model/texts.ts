// The words of spec section 8 for support: the success message of each ticket type and the
// failure texts of an upload and of a ticket ("the error's message, else <prefix> plus a default").
import { failureOf } from '@bonds/api-client'
import { SUPPORT_MESSAGES, SUPPORT_TICKET_TYPES, type SupportTicketType } from '@bonds/domain'

/** What a failure says when it carries no message of its own (spec section 8's error toast). */
export const DEFAULT_FAILURE = 'Something went wrong, Please try again.'

/** The success message of a ticket type (spec section 8). */
export function successText(type: SupportTicketType | 'contact'): string {
  return SUPPORT_MESSAGES.success[type]
}

/** The support ticket type of an id. */
export function typeOfId(id: number): SupportTicketType {
  const found = Object.entries(SUPPORT_TICKET_TYPES).find(([, type]) => type.id === id)
  return (found?.[0] ?? 'query') as SupportTicketType
}

/** The message a failed call carries: the server's message, else its first field message. */
export function errorMessageOf(error: unknown): string | null {
  const failure = failureOf(error)
  const body = failure?.body as { message?: unknown } | null | undefined
  if (body && typeof body.message === 'string' && body.message !== '') return body.message
  const first = failure ? Object.values(failure.fields)[0] : undefined
  if (first) return first
  if (!failure && error instanceof Error && error.message) return error.message
  return null
}

/** An upload's failure text: the error's message, else "Error uploading file: " plus a default. */
export function uploadFailureText(error: unknown): string {
  return errorMessageOf(error) ?? `${SUPPORT_MESSAGES.uploadFailedPrefix}${DEFAULT_FAILURE}`
}

/** A ticket's failure text: the error's message, else "Error creating intercom ticket: " plus a default. */
export function ticketFailureText(error: unknown): string {
  return errorMessageOf(error) ?? `${SUPPORT_MESSAGES.createFailedPrefix}${DEFAULT_FAILURE}`
}
