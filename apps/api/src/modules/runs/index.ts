// The private runs module (issue 21; decision 265): quotes read from the chat messages each user
// receives, as they arrive (the chat topic of the bus), stored with the message they came from;
// the run's list, one-tap confirm / correct / dismiss, and "send to RFQ" through the venue.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.ts'
import type { Bus } from '../../events/bus.ts'
import {
  isOutbox,
  moduleTransact,
  transactWithEvents,
  type EventOutbox,
  type Joined,
} from '../../events/transact.ts'
import { bindUseCases, type Clock, type Publish } from '../../server-module.ts'
import type { ChatBusMessage } from '../chat/index.ts'
import type { RunsContext, RunsVenue } from './context.ts'
import { runEvents } from './events.ts'
import { heardTracker } from './heard.ts'
import { ownersOfRfq } from './repo.ts'
import { runRoutes } from './routes.ts'
import { confirmLine, correctLine, dismissLine } from './use-cases/change.ts'
import { ingest, type Received } from './use-cases/ingest.ts'
import { listRun } from './use-cases/list.ts'
import { sendToRfq } from './use-cases/send-to-rfq.ts'
import { sweep } from './use-cases/sweep.ts'

export type { RunsVenue } from './context.ts'
export { recipientsFacts } from './repo.ts'

/** The private runs' use cases over one context. */
export function runsService(context: RunsContext) {
  return bindUseCases(context, {
    ingest,
    sweep,
    listRun,
    confirmLine,
    correctLine,
    dismissLine,
    sendToRfq,
    /**
     * An exchange RFQ made from lines moved (in its transaction): their owners' runs show it.
     * Lock order (decision 402): the venue's transaction holds the RFQ's rows here, so the lines
     * are only read (a plain select, no lock); a line is locked before venue rows, never after.
     */
    rfqChanged: async (_: RunsContext, joined: Joined, rfq: { id: number }) => {
      const events = runEvents(async (event) => joined.emit(event))
      for (const userId of await ownersOfRfq(joined.tx, rfq.id)) {
        await events.changed(userId, [], 'rfq')
      }
    },
  })
}

/** The private runs service's type. */
export type RunsService = ReturnType<typeof runsService>

/** The messages of a chat bus message, as their members received them. */
export function receivedOf(message: ChatBusMessage): Received[] {
  if (message.kind !== 'events') return []
  return message.items.flatMap((item) =>
    item.event.kind === 'message'
      ? [{ userId: item.userId, channelUrl: item.event.channelUrl, message: item.event.message }]
      : [],
  )
}

/** What the private runs module is built from. */
export interface RunsModuleDeps {
  db: Db
  clock: Clock
  bus: { publish: Publish } | (EventOutbox & { publish: Publish })
  /** The chat topic: messages are read as they arrive. */
  chatBus: Pick<Bus<ChatBusMessage>, 'subscribe'>
  venue: RunsVenue
  onError: (error: unknown) => void
}

/** How often the sweep reads what the bus did not bring. */
export const RUNS_SWEEP_MS = 30_000

/**
 * The private runs module: its use cases, its routes, and `listen`, which reads chat messages as
 * they arrive and sweeps the chat sequences now and every `sweepMs` (returns the stop; `idle`
 * resolves when what arrived so far is read; `sweepNow` sweeps at once).
 */
export function runsModule(deps: RunsModuleDeps) {
  const service = runsService({
    db: deps.db,
    now: deps.clock,
    transact: moduleTransact(
      transactWithEvents(
        deps.db,
        (event) => deps.bus.publish(event),
        isOutbox(deps.bus) ? deps.bus : undefined,
      ),
      runEvents,
    ),
    venue: deps.venue,
  })
  // Messages are read one bus message (or sweep) after another, so a burst never races itself.
  let queue: Promise<unknown> = Promise.resolve()
  const enqueue = (work: () => Promise<unknown>) => {
    queue = queue.then(work).catch(deps.onError)
    return queue
  }
  const heard = heardTracker()
  const sweepNow = () => enqueue(() => service.sweep(heard))
  return {
    service,
    routes: (app: FastifyInstance) => runRoutes(app, { service }),
    listen: (sweepMs = RUNS_SWEEP_MS) => {
      const unsubscribe = deps.chatBus.subscribe((message) => {
        if (message.kind !== 'events') return
        const received = receivedOf(message)
        void enqueue(async () => {
          if (received.length > 0) await service.ingest(received)
          // Read (or nothing to read): the sweep need not read these numbers again.
          heard.heard(message.items)
        })
      })
      void sweepNow()
      const timer = setInterval(() => void sweepNow(), sweepMs)
      timer.unref()
      return () => {
        unsubscribe()
        clearInterval(timer)
      }
    },
    idle: () => queue,
    sweepNow,
  }
}
