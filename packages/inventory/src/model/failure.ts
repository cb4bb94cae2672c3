// A refused call's words for a screen: the first field's message, else the body's message.
import { failureOf } from '@bonds/api-client'

/** The message a refusal carries, or a fallback. */
export function failureText(
  error: unknown,
  fallback = 'Something went wrong, Please try again.',
): string {
  const failure = failureOf(error)
  const first = failure ? Object.values(failure.fields)[0] : undefined
  const message =
    failure && typeof failure.body === 'object' && failure.body !== null
      ? (failure.body as { message?: unknown }).message
      : undefined
  return first ?? (typeof message === 'string' ? message : fallback)
}

/** The field messages of a refusal. */
export function failureFields(error: unknown): Record<string, string> {
  return failureOf(error)?.fields ?? {}
}
