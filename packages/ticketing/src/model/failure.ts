// A refused write in words: a 409's message (the state or the version moved), a 400's first field
// message, or the product's generic text (spec section 8).
import { failureOf } from '@bonds/api-client'
import { MESSAGES } from '@bonds/domain'

/** What a failed write says, and whether the ticket moved under the user (409). */
export interface WriteFailure {
  message: string
  conflict: boolean
  /** Field path → message of a 400. */
  fields: Record<string, string>
}

/** A failed write as the ticket screens show it. */
export function writeFailure(error: unknown): WriteFailure {
  const failure = failureOf(error)
  if (!failure) return { message: MESSAGES.genericError, conflict: false, fields: {} }
  const body = failure.body as { message?: unknown } | null
  const said = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined
  const field = Object.values(failure.fields)[0]
  const clientError = failure.status !== undefined && failure.status < 500
  return {
    message: !clientError
      ? MESSAGES.genericError
      : failure.status === 409
        ? (said ?? field ?? MESSAGES.generic4xx)
        : (field ?? said ?? MESSAGES.generic4xx),
    conflict: failure.status === 409,
    fields: failure.fields,
  }
}
