// The local provider applying a reconnect's replay: a run of a channel's messages is stored, handed
// to the open collection and told to listeners once, with the unread count and last message right.
import { createFakeSocketServer } from '@bonds/api-client/testing'
import {
  MESSAGE_DEFAULT_LIMIT,
  MESSAGE_SEARCH_LIMIT,
  type ChatChannel,
  type ChatMessage,
  type ChatSequencedEvent,
} from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { aChannel, aMessage } from '../../testing/factories.ts'
import type { ChatHttpRequest } from './http.ts'
import { createLocalProvider } from './provider.ts'

const channel = aChannel('ch_a', 'me', ['bharat'], { unreadMessageCount: 2 })
const older = [1, 2].map((id) => aMessage('ch_a', 'bharat', { messageId: id }))

async function connected() {
  const server = createFakeSocketServer()
  const http = {
    async request<T>(request: ChatHttpRequest): Promise<T> {
      if (request.url === '/api/chat/users/me/') return { nickname: 'Me' } as T
      if (request.url === '/api/chat/channels/') return { channels: [channel], next: null } as T
      if (request.url.endsWith('/messages/'))
        return { messages: older, hasPrev: false, hasNext: false } as T
      throw new Error(`unexpected ${request.method} ${request.url}`)
    },
  }
  const provider = createLocalProvider({
    http,
    socketUrl: 'ws://test/ws/chat/',
    openSocket: server.open,
  })
  const ready = provider.connect('me', 'token')
  const peer = server.last()
  peer.accept()
  peer.receive({ type: 'auth_ok', userId: 'me', seq: 10, resync: false })
  await ready
  await provider.channelCollection().loadMore()
  return { provider, peer }
}

const replay = (messages: ChatMessage[], from = 11): ChatSequencedEvent[] =>
  messages.map((message, i) => ({
    seq: from + i,
    event: { kind: 'message', channelUrl: message.channelUrl, message },
  }))

describe('the local provider applying a replayed gap', () => {
  it('hands a run of messages on once: one merge, one change, one channel update', async () => {
    const { provider, peer } = await connected()
    const collection = provider.messageCollection('ch_a')
    await collection.initialize()
    const changes: number[] = []
    collection.subscribe((change) => changes.push(change.added.length))
    const told: number[] = []
    provider.on('messages', (_url, messages) => told.push(messages.length))
    const channels: { unread: number; last: number | undefined }[] = []
    provider.on('channel', (c) =>
      channels.push({ unread: c.unreadMessageCount, last: c.lastMessage?.messageId }),
    )
    const gap = Array.from({ length: 300 }, (_, i) =>
      aMessage('ch_a', i % 3 === 0 ? 'me' : 'bharat', { messageId: 3 + i }),
    )
    peer.receive({ type: 'events', items: replay(gap) })
    expect(told).toEqual([300])
    expect(changes).toEqual([300])
    expect(channels).toEqual([{ unread: 2 + 200, last: 302 }])
    expect(collection.messages.map((m) => m.messageId)).toEqual(
      Array.from({ length: 302 }, (_, i) => i + 1),
    )
  })

  it('keeps the order of other events between runs, and leaves out my own sends from here', async () => {
    const { provider, peer } = await connected()
    const seen: string[] = []
    provider.on('messages', (url, messages) =>
      seen.push(`${url}:${messages.map((m) => m.messageId).join(',')}`),
    )
    provider.on('channelRemoved', (url) => seen.push(`removed ${url}`))
    const items: ChatSequencedEvent[] = [
      ...replay([aMessage('ch_a', 'bharat', { messageId: 3 })], 11),
      ...replay([aMessage('ch_b', 'bharat', { messageId: 4 })], 12),
      { seq: 13, event: { kind: 'channel_removed', channelUrl: 'ch_b', reason: 'left' } },
      ...replay([aMessage('ch_a', 'bharat', { messageId: 5 })], 14),
    ]
    peer.receive({ type: 'events', items })
    expect(seen).toEqual(['ch_a:3', 'ch_b:4', 'removed ch_b', 'ch_a:5'])
  })
})

describe('the local provider’s unread counts (each message of an event once, decision 371)', () => {
  /** Connected at `seq`, holding the channel as the server answers it. */
  async function holding(answer: () => ChatChannel, seq = 10) {
    const server = createFakeSocketServer()
    const http = {
      async request<T>(request: ChatHttpRequest): Promise<T> {
        if (request.url === '/api/chat/users/me/') return { nickname: 'Me' } as T
        if (request.url === '/api/chat/channels/') return { channels: [answer()], next: null } as T
        if (request.url === '/api/chat/channels/ch_a/') return answer() as T
        throw new Error(`unexpected ${request.method} ${request.url}`)
      },
    }
    const provider = createLocalProvider({
      http,
      socketUrl: 'ws://test/ws/chat/',
      openSocket: server.open,
    })
    const ready = provider.connect('me', 'token')
    const peer = server.last()
    peer.accept()
    peer.receive({ type: 'auth_ok', userId: 'me', seq, resync: false })
    await ready
    const unread = () => provider.channelCollection().channels[0]?.unreadMessageCount
    return { provider, peer, unread }
  }

  it('counts every message of a replayed gap, though concurrent sends committed out of time order', async () => {
    // On PostgreSQL 20 sends at once are numbered in commit order, not in the order of their times.
    const { provider, peer, unread } = await holding(() => ({ ...channel, seq: 10 }))
    await provider.channelCollection().loadMore()
    const gap = Array.from({ length: 1000 }, (_, i) =>
      aMessage('ch_a', 'bharat', {
        messageId: 3 + i,
        createdAt: 1_800_000_000_000 + i - (i % 20) * 7,
      }),
    )
    peer.receive({ type: 'events', items: replay(gap) })
    expect(unread()).toBe(2 + 1000)
    expect(provider.channelCollection().channels[0]?.lastMessage?.messageId).toBe(3 + 980)
  })

  it('counts admin messages as the server does, and never my own', async () => {
    const { provider, peer, unread } = await holding(() => ({ ...channel, seq: 10 }))
    await provider.channelCollection().loadMore()
    const messages = [
      aMessage('ch_a', null, { messageId: 3 }),
      aMessage('ch_a', 'me', { messageId: 4 }),
      aMessage('ch_a', 'bharat', { messageId: 5 }),
    ]
    peer.receive({ type: 'events', items: replay(messages) })
    expect(unread()).toBe(2 + 2)
  })

  it('does not count again the events a channel read from the server already holds', async () => {
    // The list was read after events 11 and 12 were stored, before they reached this socket.
    const { provider, peer, unread } = await holding(() => ({
      ...channel,
      unreadMessageCount: 4,
      seq: 12,
    }))
    await provider.channelCollection().loadMore()
    const messages = [3, 4, 5].map((id) => aMessage('ch_a', 'bharat', { messageId: id }))
    peer.receive({ type: 'events', items: replay(messages) })
    expect(unread()).toBe(4 + 1)
  })

  it('keeps what it counted when a channel read before those events comes back', async () => {
    let answer: ChatChannel = { ...channel, seq: 10 }
    const { provider, peer, unread } = await holding(() => answer)
    await provider.channelCollection().loadMore()
    const messages = [3, 4, 5].map((id) => aMessage('ch_a', 'bharat', { messageId: id }))
    peer.receive({ type: 'events', items: replay(messages) })
    answer = { ...channel, unreadMessageCount: 3, seq: 11 }
    expect((await provider.getChannel('ch_a')).unreadMessageCount).toBe(2 + 3)
    expect(unread()).toBe(2 + 3)
    answer = { ...channel, unreadMessageCount: 6, seq: 14 }
    expect((await provider.getChannel('ch_a')).unreadMessageCount).toBe(6)
  })

  it('adds the events that came before the channel did, after its read', async () => {
    const { provider, peer, unread } = await holding(() => ({ ...channel, seq: 11 }))
    const messages = [3, 4, 5].map((id) => aMessage('ch_a', 'bharat', { messageId: id }))
    peer.receive({ type: 'events', items: replay(messages) })
    await provider.channelCollection().loadMore()
    expect(unread()).toBe(2 + 2)
  })

  it('starts again from a read of mine that came before the channel did', async () => {
    const { provider, peer, unread } = await holding(() => ({ ...channel, seq: 10 }))
    peer.receive({
      type: 'events',
      items: [
        ...replay([aMessage('ch_a', 'bharat', { messageId: 3 })], 11),
        { seq: 12, event: { kind: 'read', channelUrl: 'ch_a', messageId: 3, at: 1 } },
        ...replay([aMessage('ch_a', 'bharat', { messageId: 4 })], 13),
      ],
    })
    await provider.channelCollection().loadMore()
    expect(unread()).toBe(1)
  })
})

describe('the local provider’s message pages', () => {
  it('reads the latest page by the default limit, and pages from a message in the past by the search limit', async () => {
    const server = createFakeSocketServer()
    const asked: ChatHttpRequest['query'][] = []
    const http = {
      async request<T>(request: ChatHttpRequest): Promise<T> {
        if (request.url === '/api/chat/users/me/') return { nickname: 'Me' } as T
        if (request.url === '/api/chat/channels/') return { channels: [channel], next: null } as T
        if (request.url.endsWith('/messages/')) {
          asked.push(request.query)
          return { messages: asked.length === 1 ? older : [], hasPrev: true, hasNext: false } as T
        }
        throw new Error(`unexpected ${request.method} ${request.url}`)
      },
    }
    const provider = createLocalProvider({
      http,
      socketUrl: 'ws://test/ws/chat/',
      openSocket: server.open,
    })
    const ready = provider.connect('me', 'token')
    server.last().accept()
    server.last().receive({ type: 'auth_ok', userId: 'me', seq: 10, resync: false })
    await ready
    const collection = provider.messageCollection('ch_a')
    await collection.initialize()
    await collection.loadPrevious()
    expect(asked).toEqual([
      { prev_limit: MESSAGE_DEFAULT_LIMIT, next_limit: 0 },
      { message_id: 1, prev_limit: MESSAGE_SEARCH_LIMIT, next_limit: 0 },
    ])
  })
})
