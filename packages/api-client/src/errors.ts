// Failed calls: the typed error and the error-toast text of spec section 8.
import { fetchErrorMessage, MESSAGES } from '@bonds/domain'

/**
 * The body of every error answer of the API (docs/decisions/050-api-error-shape.md): `fields` maps
 * a field path to its spec message, in the schema's order.
 */
export interface ApiErrorBody {
  statusCode: number
  error: string
  message: string
  fields?: Record<string, string>
}

/** What an `ApiError` is built from. */
export interface ApiErrorInit {
  method: string
  url: string
  /** Absent when no response arrived (network failure, abort). */
  status?: number
  statusText?: string
  /** The parsed error body: JSON when it parses, else its text; `null` when empty. */
  body?: unknown
  /** The caller's signal aborted the call. */
  aborted?: boolean
  /** The 401 rules logged the user out on this call. */
  loggedOut?: boolean
  cause?: unknown
}

/** A failed call: "[METHOD] url: status statusText", or "[METHOD] url: <no response>". */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** Upper-case method. */
  readonly method: string
  /** The URL called, with its query. */
  readonly url: string
  /** HTTP status; `undefined` when no response arrived. */
  readonly status: number | undefined
  /** HTTP status text ('' over HTTP/2 or without a response). */
  readonly statusText: string
  /** The parsed error body (usually an `ApiErrorBody`); `null` when empty or without a response. */
  readonly body: unknown
  /** The caller aborted the call (never toasted). */
  readonly aborted: boolean
  /** The 401 rules logged the user out (never toasted: the sign-out takes over). */
  readonly loggedOut: boolean

  constructor(init: ApiErrorInit) {
    const method = init.method.toUpperCase()
    super(
      fetchErrorMessage(method, init.url, init.status, init.statusText),
      init.cause === undefined ? undefined : { cause: init.cause },
    )
    this.method = method
    this.url = init.url
    this.status = init.status
    this.statusText = init.statusText ?? ''
    this.body = init.body ?? null
    this.aborted = init.aborted ?? false
    this.loggedOut = init.loggedOut ?? false
  }

  /** Field path → message from the body's `fields` (empty when it has none). */
  get fields(): Record<string, string> {
    return fieldMessages(this.body)
  }
}

/** Whether a value is an `ApiError`. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

/** Whether a body has the API's error shape (`statusCode`, `error`, `message`). */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false
  const value = body as Record<string, unknown>
  return (
    typeof value.statusCode === 'number' &&
    typeof value.error === 'string' &&
    typeof value.message === 'string'
  )
}

/** Field path → message of an error body's `fields` (the first of a list), empty when it has none. */
export function fieldMessages(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {}
  const fields = (body as { fields?: unknown }).fields
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return {}
  const messages: Record<string, string> = {}
  for (const [field, message] of Object.entries(fields)) {
    const first: unknown = Array.isArray(message) ? message[0] : message
    if (typeof first === 'string' && first.trim() !== '') messages[field] = first
  }
  return messages
}

/** The first field error of an error body (its `fields`, in order), if it names one. */
export function firstFieldError(body: unknown): string | undefined {
  return Object.values(fieldMessages(body))[0]
}

function isEmptyBody(body: unknown): boolean {
  if (body === null || body === undefined) return true
  if (typeof body === 'string') return body.trim() === ''
  if (typeof body === 'object') return Object.keys(body).length === 0
  return false
}

/**
 * The error toast's text (spec section 8): a 4xx with a body gives its first field error, else
 * "Something went wrong!"; any other failure, or an empty body, "Something went wrong, Please try
 * again.".
 */
export function errorToastText(error: { status?: number | undefined; body?: unknown }): string {
  const clientError = error.status !== undefined && error.status >= 400 && error.status < 500
  if (!clientError || isEmptyBody(error.body)) return MESSAGES.genericError
  return firstFieldError(error.body) ?? MESSAGES.generic4xx
}
