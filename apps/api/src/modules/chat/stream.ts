// One socket's view of its user's event sequence: events go out in order, each once. A live event
// that arrives ahead of the next one to send waits while the gap is read from the store; one
// already sent is dropped; until the socket is started (its starting point known) live events
// only wait.
import { CHAT_REPLAY_BATCH, type ChatEvent } from '@bonds/domain'

/** An event with its number. */
export interface Numbered {
  seq: number
  event: ChatEvent
}

/** How a stream reads the store, sends, and tells whether its socket is still open. */
export interface StreamPorts {
  /** Events after `after`, in order, at most `limit`. */
  read(after: number, limit: number): Promise<Numbered[]>
  send(items: Numbered[]): void
  isOpen(): boolean
  onError(error: unknown): void
}

/** The sequence of one socket. */
export interface EventStream {
  /** A live event from the bus. */
  offer(item: Numbered): void
  /** Begin after `lastSent`, knowing `latest` exists; sends what is due. */
  start(lastSent: number, latest: number): Promise<void>
  /** The store says `latest` exists (a ping's check): fetch anything not yet sent. */
  raise(latest: number): Promise<void>
  /** The last number sent. */
  readonly lastSent: number
}

/** A stream over its ports. */
export function createEventStream(ports: StreamPorts): EventStream {
  let started = false
  let pumping = false
  let lastSent = 0
  let target = 0
  const pending = new Map<number, ChatEvent>()

  const forgetSent = () => {
    for (const seq of pending.keys()) if (seq <= lastSent) pending.delete(seq)
  }

  async function pump(): Promise<void> {
    if (pumping || !started) return
    pumping = true
    try {
      while (lastSent < target && ports.isOpen()) {
        const run: Numbered[] = []
        for (let seq = lastSent + 1; pending.has(seq); seq += 1) {
          run.push({ seq, event: pending.get(seq)! })
        }
        const items = run.length > 0 ? run : await ports.read(lastSent, CHAT_REPLAY_BATCH)
        const fresh = items.filter((item) => item.seq > lastSent)
        if (fresh.length === 0) break
        ports.send(fresh)
        lastSent = fresh[fresh.length - 1]!.seq
        forgetSent()
      }
    } catch (error) {
      ports.onError(error)
    } finally {
      pumping = false
    }
  }

  return {
    offer(item) {
      if (started && item.seq <= lastSent) return
      pending.set(item.seq, item.event)
      target = Math.max(target, item.seq)
      void pump()
    },
    async start(from, latest) {
      lastSent = from
      target = Math.max(target, latest)
      forgetSent()
      started = true
      await pump()
    },
    async raise(latest) {
      target = Math.max(target, latest)
      await pump()
    },
    get lastSent() {
      return lastSent
    },
  }
}
