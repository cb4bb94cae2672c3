// The sweep (decision 265): the chat topic of the bus keeps nothing for an instance that is away
// or a Redis that is down, so each trader's chat event sequence (stored with every message) is
// read after the last number swept, and its messages read into the run as if they had just
// arrived. Lines are unique per message, so what the bus already brought is not stored twice. A
// trader swept for the first time starts at their latest number (history is not read back).
// Many messages read for one trader at once (a Redis outage's backlog) are one `refresh` of their
// run rather than a `private_run` message each (decision 390). What this instance heard on the bus
// without a gap moves the cursor without being read again (decision 406).
import { eventsAfter, latestSeqs } from '../../chat/index.ts'
import type { RunsContext } from '../context.ts'
import { BULK_RUN_MESSAGES, type RunEvents } from '../events.ts'
import type { Heard } from '../heard.ts'
import { cursorsOf, moveCursors, traders } from '../repo.ts'
import { ingestInto, type Received } from './ingest.ts'

/** Most events read per trader per sweep. */
export const SWEEP_BATCH = 500

/**
 * Read what each trader received since the last sweep; answers the lines stored. What this
 * instance heard on the bus and read already (`heard`) is passed over, not read back.
 */
export async function sweep(context: RunsContext, heard?: Heard): Promise<number> {
  const { db, now } = context
  const people = await traders(db)
  const cursors = await cursorsOf(db, people)
  const latest = await latestSeqs(db, people)
  const moves: { userId: string; lastSeq: number }[] = []
  const behind: { userId: string; cursor: number }[] = []
  for (const userId of people) {
    const last = latest.get(userId) ?? 0
    const cursor = cursors.get(userId)
    if (cursor === undefined) {
      moves.push({ userId, lastSeq: last })
      continue
    }
    const through = Math.min(heard?.through(userId, cursor) ?? cursor, last)
    if (through > cursor) moves.push({ userId, lastSeq: through })
    if (through < last) behind.push({ userId, cursor: through })
  }
  await moveCursors(db, moves, now())
  let stored = 0
  for (const { userId, cursor } of behind) {
    const events = await eventsAfter(db, userId, cursor, SWEEP_BATCH)
    if (events.length === 0) continue
    const received: Received[] = events.flatMap(({ event }) =>
      event.kind === 'message'
        ? [{ userId, channelUrl: event.channelUrl, message: event.message }]
        : [],
    )
    // The lines read and the cursor past them are one commit: nothing read twice or skipped.
    stored += await context.transact(async (tx, runEvents) => {
      const changes: Parameters<RunEvents['changed']>[] = []
      const collect: RunEvents = {
        ...runEvents,
        changed: async (...change) => void changes.push(change),
      }
      const lines = await ingestInto(tx, collect, now, received)
      if (changes.length > BULK_RUN_MESSAGES) await runEvents.refresh(userId)
      else for (const change of changes) await runEvents.changed(...change)
      await moveCursors(tx, [{ userId, lastSeq: events.at(-1)!.seq }], now())
      return lines
    })
  }
  return stored
}
