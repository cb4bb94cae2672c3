// The local provider (issue 20; decision 161): a client of the product's own chat service over
// REST and the chat socket. It keeps what it read in memory (the "cached result" of a collection),
// applies the user's event sequence to it, and sends over the socket with REST as the fallback
// (sends are idempotent on reqId, so a send lost with its socket is simply sent again).
import type { ChatChannel, ChatMessage, ChatSequencedEvent } from '@bonds/domain'
import { systemClock, type ChatClock } from '../../model/clock.ts'
import { ChatProviderError } from '../../model/errors.ts'
import type { ChatProvider, ChatUser, Sending } from '../../port.ts'
import { createEmitter, createSending, mergeMessages, newReqId } from '../shared.ts'
import {
  localChannelCollection,
  localMessageCollection,
  type CollectionHost,
  type LocalMessageCollection,
} from './collections.ts'
import { call, type ChatHttp } from './http.ts'
import { createChatSocket, SocketLostError, type ChatSocket, type SocketLike } from './socket.ts'
import { createUnreadLedger, newerMessage } from './unread.ts'

/** Options of the local provider. */
export interface LocalProviderOptions {
  http: ChatHttp
  /** Absolute `ws:`/`wss:` URL of `/ws/chat/`. */
  socketUrl: string
  /** Opens a socket; the platform's `WebSocket` by default. */
  openSocket?: (url: string) => SocketLike
  clock?: ChatClock
  random?: () => number
}

const channelPath = (url: string) => `/api/chat/channels/${encodeURIComponent(url)}/`

/** A message to store, with its event's number (null: my own send, answered). */
interface Stored {
  seq: number | null
  message: ChatMessage
}

/** Create the local provider. */
export function createLocalProvider(options: LocalProviderOptions): ChatProvider {
  const { http } = options
  const emitter = createEmitter()
  const channels = new Map<string, ChatChannel>()
  const messages = new Map<string, ChatMessage[]>()
  const live = new Map<string, Set<LocalMessageCollection>>()
  const sentHere = new Set<string>()
  const ledger = createUnreadLedger()
  let me: string | null = null
  let socket: ChatSocket | null = null
  let refreshToken: (() => Promise<string>) | undefined

  /** Hold a channel read from the server, its unread count joined with the events applied. */
  function hold(channel: ChatChannel): ChatChannel {
    const next = ledger.adopt(channel, channels.get(channel.url), socket?.lastSeq() ?? -1)
    channels.set(next.url, next)
    return next
  }

  function drop(url: string) {
    channels.delete(url)
    ledger.forget(url)
  }

  const host: CollectionHost = {
    http,
    cachedChannels: () => [...channels.values()],
    cacheChannels: (list) => list.map(hold),
    cachedMessages: (url) => messages.get(url) ?? [],
    cacheMessages: (url, list) => messages.set(url, list),
    on: emitter.on,
    track(collection) {
      const set = live.get(collection.channelUrl) ?? new Set()
      live.set(collection.channelUrl, set)
      set.add(collection)
      return () => set.delete(collection)
    },
  }

  /** Store one channel's messages (in event order) at once: one merge, one collection change, one
   * channel update however many arrived (a reconnect replays a gap of hundreds). Each message of
   * an event counts once in the unread count, whatever its time (unread.ts). */
  function storeMessages(url: string, run: readonly Stored[]) {
    if (run.length === 0) return
    const list = run.map((item) => item.message)
    messages.set(url, mergeMessages(messages.get(url) ?? [], list))
    for (const collection of live.get(url) ?? []) collection.receive([...list])
    const held = channels.get(url)
    let next = held
    for (const { seq, message } of run) {
      if (seq !== null) next = ledger.message(next, url, seq, message, me)
      else if (next) next = { ...next, lastMessage: newerMessage(next.lastMessage, message) }
    }
    if (!next || next === held) return
    channels.set(url, next)
    emitter.emit('channel', next)
  }

  async function reloadChannel(url: string) {
    try {
      const channel = hold(await call<ChatChannel>(http, { method: 'GET', url: channelPath(url) }))
      emitter.emit('channel', channel)
    } catch {
      // Gone meanwhile: a channel_removed event follows.
    }
  }

  function apply(items: ChatSequencedEvent[]) {
    // Runs of messages are gathered per channel and handed on together; any other event first
    // flushes what was gathered, so the order of events between channels still holds.
    const runs = new Map<string, { all: Stored[]; others: ChatMessage[] }>()
    const flush = () => {
      for (const [url, run] of runs) {
        storeMessages(url, run.all)
        if (run.others.length > 0) emitter.emit('messages', url, run.others)
      }
      runs.clear()
    }
    for (const { seq, event } of items) {
      if (event.kind === 'message') {
        const run = runs.get(event.channelUrl) ?? { all: [], others: [] }
        runs.set(event.channelUrl, run)
        run.all.push({ seq, message: event.message })
        const mine = event.message.sender?.userId === me && sentHere.has(event.message.reqId)
        if (!mine) run.others.push(event.message)
        continue
      }
      flush()
      switch (event.kind) {
        case 'channel':
          void reloadChannel(event.channelUrl)
          if (event.reason === 'member_banned') {
            for (const userId of event.userIds) emitter.emit('userBanned', event.channelUrl, userId)
          }
          break
        case 'channel_removed':
          drop(event.channelUrl)
          messages.delete(event.channelUrl)
          if (event.reason === 'banned' && me) emitter.emit('userBanned', event.channelUrl, me)
          emitter.emit('channelRemoved', event.channelUrl, event.reason)
          break
        case 'read': {
          const held = channels.get(event.channelUrl)
          const next = ledger.read(held, event.channelUrl, seq)
          if (next && next !== held) {
            channels.set(next.url, next)
            emitter.emit('channel', next)
          }
          break
        }
      }
    }
    flush()
  }

  async function resync() {
    // The numbers held may be of a store that is gone: each channel's count comes from its read.
    ledger.clear()
    for (const url of [...channels.keys()]) await reloadChannel(url)
    for (const set of live.values())
      for (const collection of set) await collection.catchUp().catch(() => {})
  }

  async function postMessage(
    url: string,
    body: { reqId: string; message: string; customType?: string },
  ) {
    if (socket?.online()) {
      try {
        return await socket.send({ channelUrl: url, ...body })
      } catch (error) {
        if (!(error instanceof SocketLostError)) throw error
      }
    }
    return call<ChatMessage>(http, { method: 'POST', url: `${channelPath(url)}messages/`, body })
  }

  function stored(message: ChatMessage): ChatMessage {
    storeMessages(message.channelUrl, [{ seq: null, message }])
    return message
  }

  async function mark(url: string, kind: 'read' | 'delivered') {
    if (kind === 'read') {
      const channel = channels.get(url)
      if (channel && channel.unreadMessageCount > 0) {
        const next = { ...channel, unreadMessageCount: 0 }
        channels.set(url, next)
        emitter.emit('channel', next)
      }
    }
    if (socket?.post({ type: kind, channelUrl: url })) return
    await call(http, { method: 'POST', url: `${channelPath(url)}${kind}/` })
  }

  const provider: ChatProvider = {
    kind: 'local',
    async connect(userId, token, connectOptions = {}) {
      refreshToken = connectOptions.refreshToken
      socket?.stop()
      socket = createChatSocket({
        url: options.socketUrl,
        ...(options.openSocket ? { open: options.openSocket } : {}),
        clock: options.clock ?? systemClock,
        ...(options.random ? { random: options.random } : {}),
        refreshToken: () => (refreshToken ? refreshToken() : Promise.reject(new Error('no token'))),
        onEvents: apply,
        onReceipt: (receipt) => {
          const channel = channels.get(receipt.channelUrl)
          if (channel) {
            const field = receipt.kind === 'read' ? 'lastReadMessageId' : 'lastDeliveredMessageId'
            const members = channel.members.map((member) =>
              member.userId === receipt.userId ? { ...member, [field]: receipt.messageId } : member,
            )
            channels.set(channel.url, { ...channel, members })
          }
          emitter.emit('receipt', receipt)
        },
        onConnection: (event) => emitter.emit('connection', event),
        onResync: () => void resync(),
        onClosed: (code) => emitter.emit('session', { type: 'closed', code }),
      })
      const ready = await socket.start(token)
      if (ready.userId !== userId) {
        socket.stop()
        throw new ChatProviderError('user_not_found', 'No user found')
      }
      me = userId
      const info = await call<{ nickname: string }>(http, {
        method: 'GET',
        url: '/api/chat/users/me/',
      })
      return { userId, nickname: info.nickname } satisfies ChatUser
    },
    async disconnect() {
      socket?.stop()
      socket = null
    },
    async clearCache() {
      channels.clear()
      messages.clear()
      ledger.clear()
    },
    on: emitter.on,
    channelCollection: (collectionOptions = {}) =>
      localChannelCollection(host, collectionOptions.customType),
    messageCollection: (url) => localMessageCollection(host, url),
    getChannel: async (url) =>
      hold(await call<ChatChannel>(http, { method: 'GET', url: channelPath(url) })),
    createChannel: async (input) =>
      hold(
        await call<ChatChannel>(http, { method: 'POST', url: '/api/chat/channels/', body: input }),
      ),
    sendText(url, input): Sending {
      const reqId = input.reqId ?? newReqId()
      sentHere.add(reqId)
      const body = {
        reqId,
        message: input.message,
        ...(input.customType ? { customType: input.customType } : {}),
      }
      return createSending({ reqId, channelUrl: url, preview: input.message }, async () =>
        stored(await postMessage(url, body)),
      )
    },
    sendFile(url, input): Sending {
      const reqId = input.reqId ?? newReqId()
      sentHere.add(reqId)
      return createSending({ reqId, channelUrl: url, preview: input.fileName }, async () =>
        stored(
          await call<ChatMessage>(http, {
            method: 'POST',
            url: `${channelPath(url)}files/`,
            query: { reqId, fileName: input.fileName, mimeType: input.mimeType },
            headers: { 'content-type': 'application/octet-stream' },
            body: input.file,
          }),
        ),
      )
    },
    markAsRead: (url) => mark(url, 'read'),
    markAsDelivered: (url) => mark(url, 'delivered'),
    invite: async (url, userIds) =>
      hold(
        await call<ChatChannel>(http, {
          method: 'POST',
          url: `${channelPath(url)}invite/`,
          body: { userIds },
        }),
      ),
    accept: async (url) =>
      hold(await call<ChatChannel>(http, { method: 'POST', url: `${channelPath(url)}accept/` })),
    async decline(url) {
      await call(http, { method: 'POST', url: `${channelPath(url)}decline/` })
      drop(url)
    },
    async leave(url) {
      await call(http, { method: 'POST', url: `${channelPath(url)}leave/` })
      drop(url)
    },
    async ban(url, userId, description) {
      await call(http, {
        method: 'POST',
        url: `${channelPath(url)}ban/`,
        body: { userId, ...(description ? { description } : {}) },
      })
    },
    async unban(url, userId) {
      await call(http, { method: 'POST', url: `${channelPath(url)}unban/`, body: { userId } })
    },
    async addOperators(url, userIds) {
      await call(http, { method: 'POST', url: `${channelPath(url)}operators/`, body: { userIds } })
    },
    async removeOperators(url, userIds) {
      for (const userId of userIds) {
        await call(http, {
          method: 'DELETE',
          url: `${channelPath(url)}operators/${encodeURIComponent(userId)}/`,
        })
      }
    },
  }
  return provider
}
