// One error shape for every failure, so the client can always show the first field's message
// (spec section 8) and no bad input ever produces a 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { QUERY_MESSAGES, VALIDATION_MESSAGES } from '@bonds/domain'
import { isResponseSerializationError } from 'fastify-type-provider-zod'

/** The body of every error response. `fields` maps a field path to its spec message. */
export interface ErrorBody {
  statusCode: number
  error: string
  message: string
  fields?: Record<string, string>
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** Build an error body for a status, with optional field messages. */
export function errorBody(
  statusCode: number,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return {
    statusCode,
    error: REASONS[statusCode] ?? 'Error',
    message,
    ...(fields ? { fields } : {}),
  }
}

/**
 * An error a service throws to answer with a status and message (and field messages, and headers
 * such as a 429's `Retry-After`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More of the answer's body beside the error shape (an upload's row errors, a 402's request type). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** Field messages of a validation error: `/contact/email` → `contact.email`, first message wins. */
function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const name =
      path ||
      (error.validationContext === 'body'
        ? 'non_field_errors'
        : String(error.validationContext ?? 'request'))
    fields[name] ??= issue.message ?? 'Invalid value'
  }
  return fields
}

/**
 * PostgreSQL error codes that mean the request, not the server, was at fault, and the answer for
 * each: a unique violation (two requests racing for one invitation, e-mail or name) and values
 * PostgreSQL cannot read or hold (text for a uuid or number, an impossible or out-of-range date, a
 * NUL character).
 */
const DATABASE_REFUSALS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'This already exists. Refresh and try again.' },
  '22P02': { status: 400, message: 'A value is not in the expected format.' },
  '22007': { status: 400, message: VALIDATION_MESSAGES.settlementDate },
  '22008': { status: 400, message: VALIDATION_MESSAGES.dateRange },
  '22021': { status: 400, message: QUERY_MESSAGES.controlCharacters },
  '22P05': { status: 400, message: QUERY_MESSAGES.controlCharacters },
}

/** The SQLSTATE of a PostgreSQL error, looked for through the causes (drizzle wraps the driver's). */
export function databaseCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, severity, cause } = current as {
      code?: unknown
      severity?: unknown
      cause?: unknown
    }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && severity !== undefined) {
      return code
    }
    current = cause
  }
  return undefined
}

/** Node's network error codes that mean the database (or Redis) cannot be reached now. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'])

/**
 * True when an error says the database cannot be reached now (refused, reset, timed out, shutting
 * down): the request is fine and should be retried, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = databaseCode(error)
  if (code && (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code))) return true
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const {
      code: errno,
      message,
      cause,
    } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
    }
    if (typeof errno === 'string' && UNREACHABLE.has(errno)) return true
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/.test(
        message,
      )
    ) {
      return true
    }
    current = cause
  }
  return false
}

/** Seconds a client should wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

/**
 * PostgreSQL's answers to two transactions that got in each other's way: a deadlock it broke by
 * aborting one (40P01) or a serialization failure (40001). Nothing is wrong with the request and
 * the aborted transaction wrote nothing: it is a 503 the caller may simply retry (decision 402),
 * never a 500. The server does not retry it itself: a transaction may have asked the exchange for
 * a step before it was aborted.
 */
const CONTENTION = new Set(['40P01', '40001'])

/** True when PostgreSQL aborted the request's transaction as a deadlock's or serialization's victim. */
export function isDatabaseContention(error: unknown): boolean {
  const code = databaseCode(error)
  return code !== undefined && CONTENTION.has(code)
}

/** Seconds a client should wait before retrying a request aborted by a concurrent one. */
export const CONTENTION_RETRY_AFTER_SECONDS = 1

/** The message of a request aborted by a concurrent one (decision 402). */
export const CONTENTION_MESSAGE =
  'Another change to the same data was made at the same moment. Please try again.'

/** The 4xx answer to a database error caused by the request, or null for a server fault. */
export function databaseRefusal(error: unknown): { status: number; message: string } | null {
  const code = databaseCode(error)
  return (code && DATABASE_REFUSALS[code]) || null
}

async function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.headers) void reply.headers(error.headers)
    return reply
      .code(error.statusCode)
      .send({ ...error.extra, ...errorBody(error.statusCode, error.message, error.fields) })
  }
  if (error.validation) {
    const fields = validationFields(error)
    const first = Object.values(fields)[0] ?? 'Invalid request'
    return reply.code(400).send(errorBody(400, first, fields))
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema')
    return reply.code(500).send(errorBody(500, 'Something went wrong, Please try again.'))
  }
  const refused = databaseRefusal(error)
  if (refused) {
    // Bad input or a race the checks before the write did not see: the caller's to fix or retry.
    request.log.warn({ err: error }, 'the database refused the request')
    return reply.code(refused.status).send(errorBody(refused.status, refused.message))
  }
  if (isDatabaseContention(error)) {
    request.log.warn({ err: error }, 'the database aborted the transaction for a concurrent one')
    return reply
      .code(503)
      .header('retry-after', String(CONTENTION_RETRY_AFTER_SECONDS))
      .send(errorBody(503, CONTENTION_MESSAGE))
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'the database cannot be reached')
    return reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send(errorBody(503, 'The service is briefly unavailable. Please try again in a moment.'))
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: bad JSON, wrong content type, body too large, rate limit.
    return reply.code(status).send(errorBody(status, error.message))
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.code(500).send(errorBody(500, 'Something went wrong, Please try again.'))
}

/** True for paths the API owns (`/api/…`, `/ext/…`, `/ws/…`): never answered with a page. */
export function isApiPath(pathname: string): boolean {
  return /^\/(api|ext|ws)(\/|$)/.test(pathname)
}

/** Answer an unknown API route with a JSON 404. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pathname = new URL(request.url, 'http://localhost').pathname
  return reply.code(404).send(errorBody(404, `Route ${request.method} ${pathname} not found`))
}

/** Install the error handler (every error answers an ErrorBody). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError)
}
