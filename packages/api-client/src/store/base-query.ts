// The one base query of the RTK Query API: every endpoint goes through the app's `ApiClient`, so
// the rules of spec section 7 (GET retry, 401 refresh and its cap, 207 data and warning toast,
// error toasts) hold for every endpoint, whatever feature injected it.
import type { BaseQueryFn } from '@reduxjs/toolkit/query'
import type { ApiClient, ApiRequest } from '../client.ts'
import { fieldMessages, isApiError } from '../errors.ts'
import type { HttpMethod, QueryParams } from '../rules.ts'
import type { TradeSocket } from '../socket/trade-socket.ts'

/** What an endpoint's `query` returns: a call of spec section 7 (GET when no method is given). */
export interface ApiQueryArgs {
  url: string
  method?: HttpMethod
  body?: unknown
  query?: QueryParams
  responseType?: ApiRequest['responseType']
  headers?: Record<string, string>
  /** No toasts for this call (errors the page ignores or shows in place). */
  silent?: boolean
}

/**
 * A failed call as endpoints and screens see it (plain data, so it can sit in the store):
 * `status` is the HTTP status, or `NETWORK` (no answer) or `ABORTED`; `body` the error body.
 */
export interface ApiQueryError {
  status: number | 'NETWORK' | 'ABORTED'
  /** "[METHOD] url: status statusText", or the error's own message. */
  message: string
  /** The parsed error body (usually `{ statusCode, error, message, fields }`), or null. */
  body: unknown
  /** The 401 rules logged the user out on this call. */
  loggedOut: boolean
}

/** Whether a value is a failed call as endpoints carry it. */
export function isApiQueryError(value: unknown): value is ApiQueryError {
  if (typeof value !== 'object' || value === null) return false
  const { status, message, loggedOut } = value as Record<string, unknown>
  return (
    (typeof status === 'number' || status === 'NETWORK' || status === 'ABORTED') &&
    typeof message === 'string' &&
    typeof loggedOut === 'boolean' &&
    'body' in value
  )
}

/** A failed call as a screen reads it, whichever way it arrived. */
export interface Failure {
  /** The HTTP status; undefined when no answer came (network, abort). */
  status: number | undefined
  /** The parsed error body, or null. */
  body: unknown
  /** The body's field messages by field path (decision 050), empty when none. */
  fields: Record<string, string>
}

/**
 * The status, body and field messages of a failed call, from an `ApiError` (the client's calls)
 * or an `ApiQueryError` (an endpoint's, e.g. a mutation's `unwrap()`); null for anything else.
 */
export function failureOf(error: unknown): Failure | null {
  if (isApiError(error)) return { status: error.status, body: error.body, fields: error.fields }
  if (isApiQueryError(error)) {
    return {
      status: typeof error.status === 'number' ? error.status : undefined,
      body: error.body,
      fields: fieldMessages(error.body),
    }
  }
  return null
}

/** What the store hands its thunks (`extra`): the app's client, and how to open the trade socket. */
export interface StoreExtra {
  api: ApiClient
  /**
   * Opens the trade socket (the stream endpoint calls it when a screen subscribes); it may load
   * the socket's code first, so apps that never stream do not carry it.
   */
  openTradeSocket?: () => TradeSocket | Promise<TradeSocket>
}

/** Turn anything a call threw into the error endpoints carry. */
export function toQueryError(error: unknown): ApiQueryError {
  if (isApiError(error)) {
    return {
      status: error.aborted ? 'ABORTED' : (error.status ?? 'NETWORK'),
      message: error.message,
      body: error.body,
      loggedOut: error.loggedOut,
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { status: 'NETWORK', message, body: null, loggedOut: false }
}

/** The base query: the app's `ApiClient` (from the store's `extra`) makes the call. */
export const clientBaseQuery: BaseQueryFn<ApiQueryArgs | string, unknown, ApiQueryError> = async (
  args,
  { signal, extra },
) => {
  const { api } = extra as StoreExtra
  const request: ApiRequest =
    typeof args === 'string' ? { method: 'GET', url: args } : { method: 'GET', ...args }
  try {
    return { data: await api.request({ ...request, signal }) }
  } catch (error) {
    return { error: toQueryError(error) }
  }
}
