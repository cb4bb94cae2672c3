// The jobs that fetch media WhatsApp users sent (decision 362): the webhook records a row in
// `chat_whatsapp_fetches` and answers; this worker takes due rows, claims each by pushing its
// `next_at` past the longest attempt (so two instances never fetch one together, and one that
// stops mid-fetch leaves the row to the next), and tries: posted (the file, or an admin message)
// deletes the row in the posting transaction; a failure waits RETRY_DELAYS_MS[attempt] and tries
// again, the last one posting that the media could not be fetched. Rows outlive a restart: the
// worker looks on start, when woken by the webhook, and every POLL_MS.
import { and, asc, eq, lte } from 'drizzle-orm'
import { chatWhatsappFetches } from '../../../db/chat-schema.ts'
import type { ChatContext } from '../context.ts'
import { attemptFetch, type FetchJob } from './whatsapp-inbound.ts'

/** The waits after failed attempts, ms: five attempts over about 36 minutes, then given up. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000] as const
/** How long a claimed attempt may run before another instance may take the job, ms. */
const CLAIM_MS = 2 * 60_000
/** How often the worker looks for due jobs it was not woken for, ms. */
const POLL_MS = 15_000
/** Jobs one pass takes at most. */
const BATCH = 10

/** The worker of one server. */
export interface WhatsappFetches {
  /** Look for due jobs now (the webhook recorded one). */
  wake(): void
  /** Resolves when the pass under way (and any it was woken for) ended. */
  idle(): Promise<void>
  /** Start polling (and run a pass now). */
  start(): void
  /** Stop polling and wait for the pass under way. */
  stop(): Promise<void>
}

/** Claim a due job: null when another pass took it first. */
async function claim(context: ChatContext, job: FetchJob): Promise<FetchJob | null> {
  const now = context.now()
  const [claimed] = await context.db
    .update(chatWhatsappFetches)
    .set({ attempts: job.attempts + 1, nextAt: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(chatWhatsappFetches.messageId, job.messageId),
        eq(chatWhatsappFetches.attempts, job.attempts),
        lte(chatWhatsappFetches.nextAt, now),
      ),
    )
    .returning()
  return claimed ?? null
}

/** One pass over the due jobs; the number of attempts made. */
export async function runDueFetches(
  context: ChatContext,
  onError: (error: unknown) => void,
): Promise<number> {
  const due = await context.db
    .select()
    .from(chatWhatsappFetches)
    .where(lte(chatWhatsappFetches.nextAt, context.now()))
    .orderBy(asc(chatWhatsappFetches.nextAt))
    .limit(BATCH)
  let attempts = 0
  for (const job of due) {
    const claimed = await claim(context, job)
    if (!claimed) continue
    attempts += 1
    const last = claimed.attempts > RETRY_DELAYS_MS.length
    let outcome
    try {
      outcome = await attemptFetch(context, claimed, last)
    } catch (error) {
      onError(error)
      outcome = 'retry' as const
    }
    if (outcome === 'retry') {
      const wait = RETRY_DELAYS_MS[Math.min(claimed.attempts, RETRY_DELAYS_MS.length) - 1]!
      await context.db
        .update(chatWhatsappFetches)
        .set({ nextAt: new Date(context.now().getTime() + wait) })
        .where(eq(chatWhatsappFetches.messageId, claimed.messageId))
    }
  }
  return attempts
}

/** The worker over a context (without WhatsApp configured it never runs). */
export function whatsappFetches(
  context: ChatContext,
  onError: (error: unknown) => void,
): WhatsappFetches {
  let running: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined
  const pass = async () => {
    do {
      again = false
      // A full batch may leave more due jobs behind it.
      while ((await runDueFetches(context, onError)) >= BATCH);
    } while (again)
  }
  const wake = () => {
    if (!context.outside.whatsapp) return
    if (running) {
      again = true
      return
    }
    running = pass()
      .catch(onError)
      .finally(() => {
        running = null
      })
  }
  return {
    wake,
    idle: async () => {
      while (running) await running
    },
    start() {
      if (!context.outside.whatsapp || timer) return
      timer = setInterval(wake, POLL_MS)
      timer.unref()
      wake()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      while (running) await running
    },
  }
}
