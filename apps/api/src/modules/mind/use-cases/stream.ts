// The page's streamed answer (decision 280): the researcher's client starts a stream with the
// ask request (checked like `POST api/mind/ask/`: the role, the body, the chat being theirs) and
// gets an unguessable, single-use stream id, valid for a minute; the page opens it as a
// server-sent event stream (an EventSource cannot send the bearer token) and receives progress,
// the typed result, the text in pieces, and then the stored answer, the same JSON the ask
// endpoint returns.
import type { MindAskRequest, MindAskResponse } from '@bonds/domain'
import { randomBytes } from 'node:crypto'
import type { AuthUser } from '../../../http/access.ts'
import { errorBody, HttpError, type ErrorBody } from '../../../http/errors.ts'
import type { MindContext } from '../context.ts'
import { ask, chatToContinue, type AskEvent } from './ask.ts'

/** How long a started stream waits to be opened. */
export const STREAM_TTL_MS = 60 * 1000
/** The most streams waiting at once (the oldest goes first beyond it). */
const MAX_WAITING = 1000

/** A started stream, waiting to be opened. */
export interface AskTicket {
  user: AuthUser
  request: MindAskRequest
  expires: number
}

/** The streams waiting to be opened, by id (in memory: a stream is opened within a minute). */
export type AskTickets = Map<string, AskTicket>

/** One event of the stream, as the page reads it. */
export type StreamEvent =
  AskEvent | { event: 'done'; data: MindAskResponse } | { event: 'error'; data: ErrorBody }

/** A stream id that is unknown, already opened or expired. */
export const STREAM_NOT_FOUND =
  'This answer stream does not exist, was already opened or has expired'

/** What a stream that failed without a status of its own says. */
export const STREAM_FAILED = 'The answer could not be worked out. Please ask again.'

function prune(tickets: AskTickets, now: number) {
  for (const [id, ticket] of tickets) if (ticket.expires <= now) tickets.delete(id)
  while (tickets.size >= MAX_WAITING) tickets.delete(tickets.keys().next().value!)
}

/** Start a streamed answer: checks the chat now, returns the id the page opens. */
export async function startAskStream(
  context: MindContext,
  user: AuthUser,
  request: MindAskRequest,
): Promise<{ stream_id: string }> {
  await chatToContinue(context, user, request.chat_id)
  const now = context.now().getTime()
  prune(context.tickets, now)
  const id = randomBytes(18).toString('base64url')
  context.tickets.set(id, { user, request, expires: now + STREAM_TTL_MS })
  return { stream_id: id }
}

/** Take a started stream (once): 404 when unknown, already opened or expired. */
export function takeAskStream(context: MindContext, id: string): AskTicket {
  const ticket = context.tickets.get(id)
  context.tickets.delete(id)
  if (!ticket || ticket.expires <= context.now().getTime()) {
    throw new HttpError(404, STREAM_NOT_FOUND)
  }
  return ticket
}

/** Run a taken stream: every event to `send`, ending with `done` or `error` (never throws). */
export async function runAskStream(
  context: MindContext,
  ticket: AskTicket,
  send: (event: StreamEvent) => void,
): Promise<void> {
  try {
    const answer = await ask(context, ticket.user, ticket.request, send)
    send({ event: 'done', data: answer })
  } catch (error) {
    const status = error instanceof HttpError ? error.statusCode : 500
    const message = error instanceof HttpError ? error.message : STREAM_FAILED
    if (!(error instanceof HttpError)) context.onStreamError(error)
    send({ event: 'error', data: errorBody(status, message) })
  }
}
