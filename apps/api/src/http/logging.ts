// What the server logs, and what it never logs (decision 190): no SQL parameters or rows (a unique
// violation once logged an argon2 hash and an e-mail), no secrets travelling in URLs (reset tokens,
// invitation codes), no full e-mail addresses; request ids are the server's own.
import type { FastifyServerOptions } from 'fastify'
import type { IncomingMessage } from 'node:http'

/** What replaces a value that must not reach the log. */
export const REDACTED = '[redacted]'

/** Query parameters whose value is a secret or a person's address (matched case-insensitively). */
const SECRET_PARAM = /token|code|otp|password|secret|key|signature|email|recipient|mobile/i

/** A URL as logged: the values of secret query parameters replaced (`?token=[redacted]`). */
export function redactUrl(url: string): string {
  const at = url.indexOf('?')
  if (at === -1) return url
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq === -1 ? pair : pair.slice(0, eq)
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        // a broken escape: match on the raw name
      }
      return eq !== -1 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair
    })
  return `${url.slice(0, at)}?${query.join('&')}`
}

/** An e-mail address or mobile number as logged: `d…@demo.test`, `…3210`. */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@')
  if (at > 0) return `${recipient[0]}…${recipient.slice(at)}`
  return `…${recipient.slice(-4)}`
}

/** Fields of an error that say what failed without carrying the data it failed on. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const

/** A PostgreSQL error (pg or PGlite): a five-character SQLSTATE and a severity. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error
}

/** An error message without the data it quotes. */
function redactedMessage(error: Record<string, unknown>, message: string): string {
  // PostgreSQL quotes the offending input at the end: `invalid input syntax for type uuid: "…"`.
  if (isDatabaseError(error)) return message.replace(/:\s*"[\s\S]*"\s*$/, `: ${REDACTED}`)
  // drizzle: "Failed query: <sql>\nparams: <every value>", the values being the row.
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${error.query}`
  return message
}

/** An error as logged. */
export interface SerializedError {
  [field: string]: unknown
  type: string
  message: string
  stack: string
}

/** A logged error: type, message and stack without the data, safe fields, and its causes. */
export function serializeError(value: unknown, depth = 0): SerializedError {
  if (typeof value !== 'object' || value === null) {
    return { type: typeof value, message: String(value), stack: '' }
  }
  const error = value as Partial<Error> & Record<string, unknown>
  const type = error.constructor?.name ?? 'Error'
  const original = typeof error.message === 'string' ? error.message : ''
  const message = redactedMessage(error, original)
  // The stack's first lines repeat the message; keep only the frames.
  const stack = typeof error.stack === 'string' ? error.stack : ''
  const frames = stack.indexOf('\n    at ')
  const out: SerializedError = {
    type,
    message,
    stack: `${type}: ${message}${frames === -1 ? '' : stack.slice(frames)}`,
  }
  for (const field of SAFE_FIELDS) {
    if (error[field] !== undefined && typeof error[field] !== 'object') out[field] = error[field]
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1)
  return out
}

/** The request fields logged with "incoming request" (the URL redacted). */
function serializeRequest(request: {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** A client-sent `x-request-id`, kept apart from the server's id: printable, at most 128 characters. */
export function clientRequestId(request: IncomingMessage): string | undefined {
  const sent = request.headers['x-request-id']
  const id = Array.isArray(sent) ? sent[0] : sent
  if (!id) return undefined
  return id.replace(/[^\x21-\x7e]/g, '').slice(0, 128) || undefined
}

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void
}

/**
 * The logging part of Fastify's options: pino at a level, the redacting serializers, a request id
 * of the server's own (a client-sent one is logged as `clientRequestId`).
 */
export function loggingOptions(
  level: string,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'requestIdHeader' | 'genReqId' | 'childLoggerFactory'> {
  return {
    logger:
      level === 'silent' && !stream
        ? false
        : {
            level,
            serializers: { err: serializeError, req: serializeRequest },
            ...(stream ? { stream } : {}),
          },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    childLoggerFactory: (logger, bindings, options, raw) => {
      const sent = clientRequestId(raw as IncomingMessage)
      return logger.child(sent ? { ...bindings, clientRequestId: sent } : bindings, options)
    },
  }
}
