// A channel's message collection opening over its cache (issue 20's "cached result, then the
// server's"): the latest page is merged into what the reader had, older pages loaded meanwhile
// included, and only a gap the page cannot close drops history.
import type { ChatMessage, ChatMessageList } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { aMessage } from '../../testing/factories.ts'
import { localMessageCollection, type CollectionHost } from './collections.ts'
import type { ChatHttpRequest } from './http.ts'

const m = (id: number) => aMessage('ch_a', 'bharat', { messageId: id, createdAt: id * 10 })
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => m(from + i))
const ids = (list: readonly ChatMessage[]) => list.map((x) => x.messageId)

/** A host whose cache holds `cached` and whose server answers each request from `answer`. */
function hostOf(cached: ChatMessage[], answer: (request: ChatHttpRequest) => Promise<unknown>) {
  const cache = new Map([['ch_a', cached]])
  const host: CollectionHost = {
    http: { request: async <T>(request: ChatHttpRequest) => (await answer(request)) as T },
    cachedChannels: () => [],
    cacheChannels: (list) => list,
    cachedMessages: (url) => cache.get(url) ?? [],
    cacheMessages: (url, messages) => void cache.set(url, messages),
    on: () => () => undefined,
    track: () => () => undefined,
  }
  return { host, cache }
}

const page = (messages: ChatMessage[], hasPrev: boolean): ChatMessageList =>
  ({ messages, hasPrev, hasNext: false }) as ChatMessageList

describe('opening a channel over its cache', () => {
  it('keeps the cached older messages the latest page overlaps, and their place in the cache', async () => {
    const { host, cache } = hostOf(range(1, 8), async () => page(range(5, 10), true))
    const collection = localMessageCollection(host, 'ch_a')
    const seen: number[][] = []
    await collection.initialize({
      onCacheResult: (list) => seen.push(ids(list)),
      onApiResult: (list) => seen.push(ids(list)),
    })
    expect(seen).toEqual([
      range(1, 8).map((x) => x.messageId),
      range(1, 10).map((x) => x.messageId),
    ])
    expect(ids(cache.get('ch_a')!)).toEqual(ids(range(1, 10)))
    expect(collection.hasPrevious).toBe(true)
  })

  it('keeps an older page the reader loaded while the latest one was on its way', async () => {
    let latest = (_: ChatMessageList) => undefined as void
    const { host } = hostOf(range(101, 150), (request) => {
      if (request.query?.message_id !== undefined)
        return Promise.resolve(page(range(1, 100), false))
      return new Promise((resolve) => (latest = resolve))
    })
    const collection = localMessageCollection(host, 'ch_a')
    const opening = collection.initialize()
    // The reader scrolls up in the cached messages before the server's latest page comes.
    expect(ids(await collection.loadPrevious())).toEqual(ids(range(1, 100)))
    latest(page(range(121, 160), true))
    await opening
    expect(ids(collection.messages)).toEqual(ids(range(1, 160)))
    // The start of the channel was reached by the older page; the latest page does not undo it.
    expect(collection.hasPrevious).toBe(false)
  })

  it('drops cached history a gap separates from the latest page', async () => {
    const { host, cache } = hostOf(range(1, 5), async () => page(range(50, 60), true))
    const collection = localMessageCollection(host, 'ch_a')
    await collection.initialize()
    expect(ids(collection.messages)).toEqual(ids(range(50, 60)))
    expect(ids(cache.get('ch_a')!)).toEqual(ids(range(50, 60)))
    expect(collection.hasPrevious).toBe(true)
  })

  it('catches up after a gap the socket could not replay by the same rule, telling what went', async () => {
    let latest = page(range(1, 10), false)
    const { host } = hostOf([], async () => latest)
    const collection = localMessageCollection(host, 'ch_a')
    await collection.initialize()
    const changes: { added: number[]; removed: string[] }[] = []
    collection.subscribe((change) =>
      changes.push({ added: ids(change.added), removed: change.removed }),
    )
    // The page overlaps what is held: kept, the new ones added.
    latest = page(range(8, 14), true)
    await collection.catchUp()
    expect(ids(collection.messages)).toEqual(ids(range(1, 14)))
    // Far behind: nothing proves 15–39 were seen, so 1–14 go rather than leave a hole.
    latest = page(range(40, 45), true)
    await collection.catchUp()
    expect(ids(collection.messages)).toEqual(ids(range(40, 45)))
    expect(changes).toEqual([
      { added: [11, 12, 13, 14], removed: [] },
      { added: ids(range(40, 45)), removed: range(1, 14).map((x) => String(x.messageId)) },
    ])
    expect(collection.hasPrevious).toBe(true)
  })
})
