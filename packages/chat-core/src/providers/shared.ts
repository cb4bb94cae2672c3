// Pieces every provider uses: a send's pending/succeeded/failed state, one load at a time, a
// listener registry, merging messages by id.
import type { ChatMessage } from '@bonds/domain'
import type { ChatProviderEvents, OutgoingMessage, Sending } from '../port.ts'

/** A new request id (the server keeps sends idempotent on it). */
export function newReqId(): string {
  return globalThis.crypto.randomUUID()
}

/** Run a send and expose its state: pending now, then succeeded or failed. */
export function createSending(
  init: { reqId: string; channelUrl: string; preview: string },
  run: () => Promise<ChatMessage>,
): Sending {
  const listeners = new Set<(outgoing: OutgoingMessage) => void>()
  let current: OutgoingMessage = { ...init, state: 'pending', message: null, error: null }
  const set = (next: OutgoingMessage) => {
    current = next
    for (const listener of [...listeners]) listener(next)
  }
  const done = (async () => run())().then(
    (message) => {
      set({ ...current, state: 'succeeded', message })
      return message
    },
    (error: unknown) => {
      set({
        ...current,
        state: 'failed',
        error: error instanceof Error ? error.message : String(error),
      })
      throw error
    },
  )
  // A caller reading only the state must not get an unhandled rejection.
  done.catch(() => undefined)
  return {
    reqId: init.reqId,
    current: () => current,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    done,
  }
}

/** One load at a time: a call while one runs answers the running one's promise. */
export function guarded<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  return () => {
    if (running) return running
    running = load().finally(() => {
      running = null
    })
    return running
  }
}

/** Listeners of the provider's events. */
export function createEmitter() {
  type Listener = (...args: unknown[]) => void
  const listeners = new Map<keyof ChatProviderEvents, Set<Listener>>()
  return {
    on<K extends keyof ChatProviderEvents>(event: K, listener: ChatProviderEvents[K]): () => void {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener as unknown as Listener)
      return () => set.delete(listener as unknown as Listener)
    },
    emit<K extends keyof ChatProviderEvents>(event: K, ...args: Parameters<ChatProviderEvents[K]>) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        listener(...args)
      }
    },
    clear() {
      listeners.clear()
    },
  }
}

const before = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.messageId < b.messageId)

/** Merge messages into a list by id, oldest first; a known id is replaced. */
export function mergeMessages(
  list: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  // The common case, live or a replayed gap: newer messages in order after the list's last. A
  // straight append, without re-sorting the whole channel once per arrival.
  let appends = incoming.length > 0
  for (let i = 0; appends && i < incoming.length; i += 1) {
    const previous = i === 0 ? list.at(-1) : incoming[i - 1]
    if (previous && !before(previous, incoming[i]!)) appends = false
  }
  if (appends) return [...list, ...incoming]
  // A page of older messages, in order, all before the list's first: a straight prepend (scrolling
  // up a 10,000-message channel merges a page a hundred times).
  let prepends = incoming.length > 0 && list.length > 0
  for (let i = 0; prepends && i < incoming.length; i += 1) {
    const next = i === incoming.length - 1 ? list[0]! : incoming[i + 1]!
    if (!before(incoming[i]!, next)) prepends = false
  }
  if (prepends) return [...incoming, ...list]
  const byId = new Map(list.map((message) => [message.messageId, message]))
  for (const message of incoming) byId.set(message.messageId, message)
  return [...byId.values()].sort((a, b) => a.createdAt - b.createdAt || a.messageId - b.messageId)
}

/** The cache with the server's latest page merged in, and whether a gap made it drop history. */
export interface LatestMerge {
  messages: ChatMessage[]
  /** Cached messages older than the page were dropped: nothing proved them contiguous with it. */
  dropped: boolean
}

/**
 * Merge the server's latest page (oldest first) into what was cached (the collection's "cached
 * result, then the server's"): the page is the truth over its span (a cached message inside it
 * that the page lacks is gone); messages newer than the page (arrived meanwhile) stay; cached
 * messages older than the page stay when the page overlaps the cache (shares a message with it, so
 * nothing can be missing between them), and are dropped when it does not (a gap the page cannot
 * prove closed) or when the page starts the channel (`complete`: nothing older exists).
 */
export function mergeLatestPage(
  cached: readonly ChatMessage[],
  page: readonly ChatMessage[],
  complete: boolean,
): LatestMerge {
  const first = page[0]
  const last = page.at(-1)
  if (!first || !last) return { messages: [...cached], dropped: false }
  const newer = cached.filter((m) => before(last, m))
  const older = cached.filter((m) => before(m, first))
  const ids = new Set(page.map((m) => m.messageId))
  const overlaps = cached.some((m) => ids.has(m.messageId))
  const keepOlder = older.length > 0 && overlaps && !complete
  const messages = mergeMessages(keepOlder ? [...older, ...page] : [...page], newer)
  return { messages, dropped: older.length > 0 && !keepOlder }
}
