// The local provider's collections: all channels page by page, and one channel's messages
// around now (cached first, then the server's), older and newer one guarded load at a time.
import { MESSAGE_DEFAULT_LIMIT, MESSAGE_SEARCH_LIMIT } from '@bonds/domain'
import type { ChatChannel, ChatChannelPage, ChatMessage, ChatMessageList } from '@bonds/domain'
import type {
  ChannelCollection,
  ChatProviderEvents,
  CollectionChange,
  MessageCollection,
} from '../../port.ts'
import { guarded, mergeLatestPage, mergeMessages } from '../shared.ts'
import { call, type ChatHttp } from './http.ts'

/** What the collections share with their provider. */
export interface CollectionHost {
  http: ChatHttp
  cachedChannels(): ChatChannel[]
  /** Hold channels read from the server; the channels as held (their unread counts joined with
   * the events applied meanwhile). */
  cacheChannels(channels: ChatChannel[]): ChatChannel[]
  cachedMessages(url: string): ChatMessage[]
  cacheMessages(url: string, messages: ChatMessage[]): void
  on<K extends keyof ChatProviderEvents>(event: K, listener: ChatProviderEvents[K]): () => void
  track(collection: LocalMessageCollection): () => void
}

const CHANNEL_PAGE = 100

function notify<T>(
  listeners: Set<(change: CollectionChange<T>) => void>,
  change: CollectionChange<T>,
) {
  if (change.added.length + change.updated.length + change.removed.length === 0) return
  for (const listener of [...listeners]) listener(change)
}

/** All my channels of a type (or every type). */
export function localChannelCollection(
  host: CollectionHost,
  customType: ChatChannel['customType'] | undefined,
): ChannelCollection {
  const listeners = new Set<(change: CollectionChange<ChatChannel>) => void>()
  const fits = (channel: ChatChannel) => !customType || channel.customType === customType
  let channels = host.cachedChannels().filter(fits)
  let next: string | null | undefined
  const offs = [
    host.on('channel', (channel) => {
      if (!fits(channel)) return
      const known = channels.some((c) => c.url === channel.url)
      channels = known
        ? channels.map((c) => (c.url === channel.url ? channel : c))
        : [channel, ...channels]
      notify(listeners, {
        added: known ? [] : [channel],
        updated: known ? [channel] : [],
        removed: [],
      })
    }),
    host.on('channelRemoved', (url) => {
      if (!channels.some((c) => c.url === url)) return
      channels = channels.filter((c) => c.url !== url)
      notify(listeners, { added: [], updated: [], removed: [url] })
    }),
  ]
  const loadMore = guarded(async () => {
    if (next === null) return []
    const page = await call<ChatChannelPage>(host.http, {
      method: 'GET',
      url: '/api/chat/channels/',
      query: { limit: CHANNEL_PAGE, token: next, customType },
    })
    next = page.next
    const held = host.cacheChannels(page.channels)
    const known = new Map(channels.map((c) => [c.url, c]))
    const added = held.filter((c) => !known.has(c.url))
    const updated = held.filter((c) => known.has(c.url))
    const byUrl = new Map(updated.map((c) => [c.url, c]))
    channels = [...channels.map((c) => byUrl.get(c.url) ?? c), ...added]
    notify(listeners, { added, updated, removed: [] })
    return held
  })
  return {
    get channels() {
      return channels
    },
    get hasMore() {
      return next !== null
    },
    loadMore,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      for (const off of offs) off()
      listeners.clear()
    },
  }
}

/** One channel's messages. */
export interface LocalMessageCollection extends MessageCollection {
  /** A message arrived or was stored for this channel. */
  receive(messages: ChatMessage[]): void
  /** After a gap that could not be replayed: read the newest again. */
  catchUp(): Promise<void>
}

/** Create a message collection of one channel. */
export function localMessageCollection(
  host: CollectionHost,
  channelUrl: string,
): LocalMessageCollection {
  const listeners = new Set<(change: CollectionChange<ChatMessage>) => void>()
  const path = `/api/chat/channels/${encodeURIComponent(channelUrl)}/messages/`
  let messages: ChatMessage[] = []
  let hasPrevious = true
  let hasNext = false
  let disposed = false
  let untrack: (() => void) | null = null

  const fetchList = (query: Record<string, number | boolean | undefined>) =>
    call<ChatMessageList>(host.http, { method: 'GET', url: path, query })

  function merge(incoming: ChatMessage[]): CollectionChange<ChatMessage> {
    const known = new Set(messages.map((m) => m.messageId))
    messages = mergeMessages(messages, incoming)
    host.cacheMessages(channelUrl, messages)
    return {
      added: incoming.filter((m) => !known.has(m.messageId)),
      updated: incoming.filter((m) => known.has(m.messageId)),
      removed: [],
    }
  }

  const collection: LocalMessageCollection = {
    channelUrl,
    get messages() {
      return messages
    },
    get hasPrevious() {
      return hasPrevious
    },
    get hasNext() {
      return hasNext
    },
    async initialize(handlers = {}) {
      untrack ??= host.track(collection)
      messages = host.cachedMessages(channelUrl)
      handlers.onCacheResult?.([...messages])
      const list = await fetchList({ prev_limit: MESSAGE_DEFAULT_LIMIT, next_limit: 0 })
      // The server's page merged into what is held now (the cache, older pages loaded meanwhile,
      // messages that arrived meanwhile): older history stays when the page overlaps it.
      const merged = mergeLatestPage(messages, list.messages, !list.hasPrev)
      const keptOlder = list.messages.length > 0 && merged.messages[0] !== list.messages[0]
      messages = merged.messages
      host.cacheMessages(channelUrl, messages)
      if (!keptOlder) hasPrevious = list.hasPrev
      hasNext = false
      handlers.onApiResult?.([...messages])
      return messages
    },
    loadPrevious: guarded(async () => {
      const oldest = messages[0]
      if (!hasPrevious || disposed) return []
      // From a message in the past the page is the search limit (spec section 9), else the default.
      const list = await fetchList(
        oldest
          ? { message_id: oldest.messageId, prev_limit: MESSAGE_SEARCH_LIMIT, next_limit: 0 }
          : { prev_limit: MESSAGE_DEFAULT_LIMIT, next_limit: 0 },
      )
      hasPrevious = list.hasPrev
      notify(listeners, merge(list.messages))
      return list.messages
    }),
    loadNext: guarded(async () => {
      const newest = messages.at(-1)
      if (!hasNext || disposed || !newest) return []
      const list = await fetchList({
        message_id: newest.messageId,
        prev_limit: 0,
        next_limit: MESSAGE_SEARCH_LIMIT,
      })
      hasNext = list.hasNext
      notify(listeners, merge(list.messages))
      return list.messages
    }),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      disposed = true
      untrack?.()
      listeners.clear()
    },
    receive(incoming) {
      if (disposed || hasNext) return
      notify(listeners, merge(incoming))
    },
    async catchUp() {
      if (disposed) return
      const list = await fetchList({ prev_limit: MESSAGE_DEFAULT_LIMIT, next_limit: 0 })
      if (disposed) return
      // The same rule as opening (decision 363): what the latest page does not reach is dropped
      // rather than left with a hole before the page (a past window included).
      const known = new Set(messages.map((m) => m.messageId))
      const merged = mergeLatestPage(messages, list.messages, !list.hasPrev)
      const kept = new Set(merged.messages.map((m) => m.messageId))
      const removed = messages.filter((m) => !kept.has(m.messageId))
      messages = merged.messages
      host.cacheMessages(channelUrl, messages)
      if (list.messages.length > 0) hasNext = false
      if (merged.dropped) hasPrevious = list.hasPrev
      notify(listeners, {
        added: list.messages.filter((m) => !known.has(m.messageId)),
        updated: list.messages.filter((m) => known.has(m.messageId)),
        removed: removed.map((m) => String(m.messageId)),
      })
    },
  }
  return collection
}
