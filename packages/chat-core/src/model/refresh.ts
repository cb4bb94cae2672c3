// Channel list refresh (spec section 9): every 600000 ms, the visible direct channels are read again
// in batches of 5 with a 60 s pause between batches. Which channels are visible (10 % on screen) is
// the UI's to say.
import { CHANNEL_REFRESH_BATCH, CHANNEL_REFRESH_MS, CHANNEL_REFRESH_PAUSE_MS } from '@bonds/domain'
import { sleep, systemClock, type ChatClock } from './clock.ts'

/** Options of the refresher. */
export interface ChannelRefresherOptions {
  /** The urls of the direct channels now visible. */
  visibleDirectChannels: () => readonly string[]
  /** Read one channel again (errors are the caller's to swallow or report). */
  refresh: (url: string) => Promise<void>
  clock?: ChatClock
  everyMs?: number
  batch?: number
  pauseMs?: number
}

/** The refresher: started with a session, stopped with it. */
export interface ChannelRefresher {
  start(): void
  stop(): void
  /** One refresh now (the interval's work); resolves when every batch is done or stopped. */
  runOnce(): Promise<void>
}

/** Split into batches of `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Create the refresher. */
export function createChannelRefresher(options: ChannelRefresherOptions): ChannelRefresher {
  const clock = options.clock ?? systemClock
  const every = options.everyMs ?? CHANNEL_REFRESH_MS
  const size = options.batch ?? CHANNEL_REFRESH_BATCH
  const pause = options.pauseMs ?? CHANNEL_REFRESH_PAUSE_MS
  let timer: unknown = null
  let generation = 0
  let running: Promise<void> | null = null

  async function run(current: number): Promise<void> {
    const groups = batches([...new Set(options.visibleDirectChannels())], size)
    for (const [index, group] of groups.entries()) {
      if (current !== generation) return
      await Promise.all(group.map((url) => options.refresh(url).catch(() => undefined)))
      if (index < groups.length - 1) await sleep(clock, pause)
    }
  }

  function runOnce(): Promise<void> {
    // A run still going (its pauses can outlast nothing, but a slow server might) is not doubled.
    if (running) return running
    const current = generation
    running = run(current).finally(() => {
      running = null
    })
    return running
  }

  function schedule(): void {
    const current = generation
    timer = clock.setTimeout(() => {
      timer = null
      if (current !== generation) return
      void runOnce()
      schedule()
    }, every)
  }

  return {
    start() {
      if (timer !== null) return
      schedule()
    },
    stop() {
      generation += 1
      if (timer !== null) clock.clearTimeout(timer)
      timer = null
    },
    runOnce,
  }
}
