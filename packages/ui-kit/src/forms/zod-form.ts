// Forms validate with the domain's zod schemas (the same ones the server validates with), so a
// field's message on screen is the spec's, and again the server's.
import type { FormErrors } from '@mantine/form'
import type { z } from 'zod'

/**
 * A `@mantine/form` `validate` function from a zod schema: each field path gets the first message
 * the schema gives it (`a.b` for nested fields; issues about the whole form go under `form`).
 */
export function zodFormValidate<Values>(schema: z.ZodType) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(values)
    if (result.success) return {}
    const errors: FormErrors = {}
    for (const issue of result.error.issues) {
      const path = issue.path.length ? issue.path.join('.') : 'form'
      errors[path] ??= issue.message
    }
    return errors
  }
}

/** Put a refused call's field messages (`fields` of the API's error body) onto the form. */
export function serverFieldErrorsOf(body: unknown): FormErrors {
  if (typeof body !== 'object' || body === null) return {}
  const fields = (body as { fields?: unknown }).fields
  if (typeof fields !== 'object' || fields === null) return {}
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}
