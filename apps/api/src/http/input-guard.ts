// PostgreSQL cannot store a NUL character in text (22021) or JSON (22P05): a request carrying one
// in its path, query or body is refused with a 400 naming the field, before any handler runs.
import { QUERY_MESSAGES } from '@bonds/domain'
import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors.ts'

/** Deepest nesting searched (bodies are at most 1 MiB; schemas refuse deeper shapes anyway). */
const MAX_DEPTH = 32

/** The dotted path of the first string (or key) holding a NUL, or null. */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null
  if (ArrayBuffer.isView(value)) return null
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return at
    const found = nulPath(item, at, depth + 1)
    if (found !== null) return found
  }
  return null
}

/** Refuse a NUL anywhere in a request's path parameters, query or body (400). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['query', request.query],
      ['non_field_errors', request.body],
    ]
    for (const [part, value] of parts) {
      const path = nulPath(value)
      if (path === null) continue
      const message = QUERY_MESSAGES.controlCharacters
      throw new HttpError(400, message, { [path || part]: message })
    }
  })
}
