// What every mind use case is given: the database, the clock, and the analyst over the universe.
import type { Analyst, Planner } from '@bonds/analyst/engine'
import type { Db } from '../../db/index.ts'
import { HttpError } from '../../http/errors.ts'
import type { Clock } from '../../server-module.ts'
import type { AskTickets } from './use-cases/stream.ts'
import { MIND_MESSAGES } from '@bonds/domain'

/** What the mind use cases run with. */
export interface MindContext {
  db: Db
  now: Clock
  /** Today's date in India (YYYY-MM-DD): what "active" and default settlements count from. */
  today: () => string
  /** The analyst over the stored universe (loaded once, reloaded after a while). */
  analyst: () => Promise<Analyst>
  /** The configured planner (the OpenAI-compatible one), or null for the built-in one. */
  planner: Planner | null
  /** Reports a configured planner's failure (the built-in planner answers instead). */
  onPlannerError: (error: unknown) => void
  /** Streams started and not yet opened (decision 280). */
  tickets: AskTickets
  /** Reports a stream that failed unexpectedly (the page gets a plain error event). */
  onStreamError: (error: unknown) => void
}

/** The 404 for a chat that is not the caller's (or does not exist): the same answer for both. */
export function chatNotFound(): HttpError {
  return new HttpError(404, MIND_MESSAGES.chatNotFound)
}
