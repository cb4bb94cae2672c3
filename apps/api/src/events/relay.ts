// Events that survive a bus outage (issue 19, decision 256). Over Redis, publishing an event
// stores it in the database (`event_outbox`) and a relay carries stored events to the bus in
// order, marking each published once the bus took it. With Redis down a write still succeeds
// (its event waits in the table), and delivery resumes by itself when Redis answers again; an
// instance that stops with events waiting leaves them to the next relay of any instance.
// Redis pub/sub keeps nothing for a subscriber that is away: an instance subscribed again after
// losing Redis reads what was published meanwhile from the table (kept REPLAY_KEEP_MINUTES), and
// drops what it has already had (each event carries its row's id).
import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { appMeta, eventOutbox } from '../db/schema.ts'
import type { DomainEvent, EventBus } from './bus.ts'
import type { EventOutbox } from './transact.ts'

/** Events a relay pass carries at most. */
const BATCH = 100
/** The first wait after the bus refused an event, ms; it doubles up to RETRY_MAX_MS. */
const RETRY_MIN_MS = 100
const RETRY_MAX_MS = 2_000
/** How often a relay looks for events left by an instance that stopped, ms. */
const SWEEP_MS = 1_000
/** How long one publish to the bus may take before the pass gives up and tries later, ms. */
const PUBLISH_TIMEOUT_MS = 2_000
/** How long published events are kept for instances that lost the bus, minutes. */
const REPLAY_KEEP_MINUTES = 10
/** Rows below the highest id received that a replay reads again (relays publish out of order). */
const REPLAY_MARGIN = 2_000
/** Ids of received events remembered, to drop repeats. */
const SEEN_LIMIT = 10_000

/** Options of durableBus. */
export interface DurableBusOptions {
  onError?: (error: Error) => void
  /** The relay's timings (tests shorten them). */
  timings?: { retryMinMs?: number; retryMaxMs?: number; sweepMs?: number }
}

/** A bus whose publish is stored first and relayed: a write never fails because the bus is down. */
export interface DurableBus extends EventBus, EventOutbox {
  /** Events stored and not yet taken by the bus. */
  pending(): Promise<number>
  /** Carry what is stored now; resolves once the bus took it all or refused one. */
  flush(): Promise<void>
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the bus did not answer in ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Where the database's outbox id lives: events from another database's outbox are not repeats. */
const ORIGIN_KEY = 'event_outbox_origin'

async function originOf(db: Db): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: ORIGIN_KEY, value: randomUUID() })
    .onConflictDoNothing({ target: appMeta.key })
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, ORIGIN_KEY))
  return String(row?.value)
}

/** `bus` behind the database's event outbox. */
export function durableBus(db: Db, bus: EventBus, options: DurableBusOptions = {}): DurableBus {
  const onError = options.onError ?? (() => undefined)
  const retryMin = options.timings?.retryMinMs ?? RETRY_MIN_MS
  const retryMax = options.timings?.retryMaxMs ?? RETRY_MAX_MS
  const sweepMs = options.timings?.sweepMs ?? SWEEP_MS
  let running: Promise<void> | undefined
  let again = false
  let retryMs = retryMin
  let retryTimer: NodeJS.Timeout | undefined
  let closed = false
  const origin = originOf(db)
  // Settled here, awaited where used: a database that fails now fails the first publish instead.
  origin.catch(() => undefined)

  /**
   * One pass: take a batch in order (rows another instance holds are skipped), publish, delete
   * what the bus took. True when the batch was full (there may be more); throws, after the
   * delivered rows are deleted, when the bus refused one.
   */
  async function pass(): Promise<boolean> {
    const { full, refused } = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(eventOutbox)
        .where(isNull(eventOutbox.publishedAt))
        .orderBy(asc(eventOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true })
      const delivered: number[] = []
      let refused: unknown
      for (const row of rows) {
        try {
          const event = { ...(row.event as DomainEvent), seq: row.id, origin: await origin }
          await withTimeout(bus.publish(event), PUBLISH_TIMEOUT_MS)
          delivered.push(row.id)
        } catch (error) {
          refused = error
          break
        }
      }
      if (delivered.length) {
        await tx
          .update(eventOutbox)
          .set({ publishedAt: sql`now()` })
          .where(inArray(eventOutbox.id, delivered))
      }
      return { full: rows.length === BATCH, refused }
    })
    if (refused) throw refused instanceof Error ? refused : new Error(String(refused))
    return full
  }

  async function relay(): Promise<void> {
    do {
      again = false
      try {
        while (await pass()) {
          // a full batch: there may be more
        }
        retryMs = retryMin
      } catch (error) {
        onError(error as Error)
        if (closed) return
        clearTimeout(retryTimer)
        retryTimer = setTimeout(kick, retryMs)
        retryTimer.unref()
        retryMs = Math.min(retryMs * 2, retryMax)
        return
      }
    } while (again && !closed)
  }

  function kick(): void {
    if (closed) return
    if (running) {
      again = true
      return
    }
    running = relay().finally(() => {
      running = undefined
    })
  }

  // What this instance received, by outbox id: a replay may bring an event again.
  const handlers = new Set<(event: DomainEvent) => void>()
  const seen = new Set<string>()
  let highest = 0
  const receive = async (event: DomainEvent) => {
    const { seq, origin: from, ...plain } = event
    if (seq !== undefined) {
      const key = `${from ?? ''}:${seq}`
      if (seen.has(key)) return
      seen.add(key)
      if (from === (await origin)) highest = Math.max(highest, seq)
      if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string)
    }
    for (const handler of handlers) handler(plain)
  }
  bus.subscribe((event) => void receive(event).catch(onError))
  // Events stored before this instance subscribed were never its to receive.
  const floor = db
    .select({ id: sql<number | null>`max(${eventOutbox.id})` })
    .from(eventOutbox)
    .then(([row]) => Number(row?.id ?? 0))
  // Settled here too (a database failing now fails the first replay, not the process).
  floor.catch(() => undefined)

  /** Deliver here what was published while this instance was not subscribed. */
  async function replay(): Promise<void> {
    const from = Math.max(await floor, highest - REPLAY_MARGIN)
    const rows = await db
      .select()
      .from(eventOutbox)
      .where(and(isNotNull(eventOutbox.publishedAt), gt(eventOutbox.id, from)))
      .orderBy(asc(eventOutbox.id))
    const own = await origin
    for (const row of rows)
      await receive({ ...(row.event as DomainEvent), seq: row.id, origin: own })
  }
  bus.onResubscribed?.(() => {
    // Again a moment later: an event published while the subscription was being renewed.
    const again = setTimeout(() => void replay().catch(onError), 1_000)
    again.unref()
    void replay().catch(onError)
  })

  let sweeps = 0
  const sweep = setInterval(() => {
    kick()
    sweeps += 1
    if (sweeps % 60 === 0) {
      void db
        .delete(eventOutbox)
        .where(
          lt(eventOutbox.publishedAt, sql`now() - make_interval(mins => ${REPLAY_KEEP_MINUTES})`),
        )
        .catch(onError)
    }
  }, sweepMs)
  sweep.unref()

  return {
    async publish(event) {
      await db.insert(eventOutbox).values({ event })
      kick()
    },
    async store(tx, events) {
      if (events.length) await tx.insert(eventOutbox).values(events.map((event) => ({ event })))
    },
    wake: kick,
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    ...(bus.ready ? { ready: () => bus.ready?.() ?? Promise.resolve() } : {}),
    async pending() {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(eventOutbox)
        .where(isNull(eventOutbox.publishedAt))
      return Number(row?.n ?? 0)
    },
    async flush() {
      kick()
      while (running) await running
    },
    async close() {
      clearInterval(sweep)
      clearTimeout(retryTimer)
      // What the bus takes before it closes is delivered now; the rest waits in the table.
      await running
      closed = true
      handlers.clear()
      await bus.close()
    },
  }
}
