// What a failed call says to the person who made it: the field messages (by field) and the
// server's message, else a default.
import { failureOf } from '@bonds/api-client'

/** The field messages and the message of a failed call. */
export function failureText(
  error: unknown,
  fallback: string,
): { fields: Record<string, string>; message: string } {
  const failure = failureOf(error)
  const body = failure?.body as { message?: unknown } | null | undefined
  const message = typeof body?.message === 'string' ? body.message : fallback
  return { fields: failure?.fields ?? {}, message }
}
