// A scripted provider for tests of code above the port (the session, screens): channels and
// messages it is given, connect results it is told, events a test emits, calls it records.
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { ChatProviderError, type ChatFailureCode } from '../model/errors.ts'
import type { ChatProvider, ChatProviderEvents, MessageCollection } from '../port.ts'
import {
  createEmitter,
  createSending,
  guarded,
  mergeLatestPage,
  mergeMessages,
} from '../providers/shared.ts'

/** A fake provider and its controls. */
export interface FakeProvider extends ChatProvider {
  /** Channels the channel collection pages through (`pageSize` a page). */
  channels: ChatChannel[]
  pageSize: number
  /**
   * Messages the server has per channel (its latest page: merged into the cache as the local
   * provider does, older cached messages kept when it overlaps them), and what the cache holds.
   */
  serverMessages: Map<string, ChatMessage[]>
  cachedMessages: Map<string, ChatMessage[]>
  /** While set, opening a channel shows the cache and waits for it before the server's page. */
  serverHeld: Promise<void> | null
  /** Failures the next connects meet, in order (then they succeed). */
  connectFailures: ChatFailureCode[]
  /** Every call, as `name url?` strings. */
  calls: string[]
  tokens: string[]
  refreshToken: (() => Promise<string>) | undefined
  emit<K extends keyof ChatProviderEvents>(
    event: K,
    ...args: Parameters<ChatProviderEvents[K]>
  ): void
  /** Sends of these texts fail with this message. */
  failSends: Map<string, string>
}

let nextId = 10_000

/** Create a fake provider. */
export function createFakeProvider(): FakeProvider {
  const emitter = createEmitter()
  const fake: FakeProvider = {
    kind: 'local',
    channels: [],
    pageSize: 2,
    serverMessages: new Map(),
    cachedMessages: new Map(),
    serverHeld: null,
    connectFailures: [],
    calls: [],
    tokens: [],
    refreshToken: undefined,
    failSends: new Map(),
    emit: emitter.emit,
    on: emitter.on,
    async connect(userId, token, options = {}) {
      fake.calls.push(`connect ${userId}`)
      fake.tokens.push(token)
      fake.refreshToken = options.refreshToken
      const failure = fake.connectFailures.shift()
      if (failure) throw new ChatProviderError(failure, failure)
      return { userId, nickname: userId }
    },
    async disconnect() {
      fake.calls.push('disconnect')
    },
    async clearCache() {
      fake.calls.push('clearCache')
      fake.cachedMessages.clear()
    },
    channelCollection() {
      let offset = 0
      return {
        get channels() {
          return fake.channels.slice(0, offset)
        },
        get hasMore() {
          return offset < fake.channels.length
        },
        loadMore: guarded(async () => {
          const page = fake.channels.slice(offset, offset + fake.pageSize)
          offset += page.length
          fake.calls.push(`loadMore ${page.length}`)
          return page
        }),
        subscribe: () => () => {},
        dispose: () => fake.calls.push('dispose channels'),
      }
    },
    messageCollection(url): MessageCollection {
      let messages: ChatMessage[] = []
      return {
        channelUrl: url,
        get messages() {
          return messages
        },
        hasPrevious: false,
        hasNext: false,
        async initialize(handlers = {}) {
          messages = fake.cachedMessages.get(url) ?? []
          handlers.onCacheResult?.(messages)
          await Promise.resolve()
          if (fake.serverHeld) await fake.serverHeld
          messages = mergeLatestPage(messages, fake.serverMessages.get(url) ?? [], false).messages
          handlers.onApiResult?.(messages)
          return messages
        },
        loadPrevious: async () => [],
        loadNext: async () => [],
        subscribe: () => () => {},
        dispose: () => fake.calls.push(`dispose messages ${url}`),
      }
    },
    async getChannel(url) {
      fake.calls.push(`getChannel ${url}`)
      const channel = fake.channels.find((c) => c.url === url)
      if (!channel) throw new ChatProviderError('request', 'Channel not found', 404)
      return channel
    },
    async createChannel() {
      throw new Error('not scripted')
    },
    sendText(url, input) {
      const reqId = input.reqId ?? `req-${nextId}`
      fake.calls.push(
        `sendText ${url} ${input.message}${input.customType ? ` ${input.customType}` : ''}`,
      )
      return createSending({ reqId, channelUrl: url, preview: input.message }, async () => {
        const failure = fake.failSends.get(input.message)
        if (failure) throw new ChatProviderError('request', failure, 403)
        const message: ChatMessage = {
          messageId: nextId++,
          channelUrl: url,
          reqId,
          messageType: 'user',
          message: input.message,
          type: '',
          name: null,
          size: null,
          url: null,
          data: input.customType === 'buzz' ? '{"type":"buzz"}' : '',
          customType: input.customType ?? '',
          sender: { userId: 'me', nickname: 'Me' },
          ogMetaData: null,
          createdAt: 1_800_000_000_000 + nextId,
          isBrokerToBroker: false,
        }
        fake.serverMessages.set(url, mergeMessages(fake.serverMessages.get(url) ?? [], [message]))
        return message
      })
    },
    sendFile(url, input) {
      return fake.sendText(url, {
        message: input.fileName,
        ...(input.reqId ? { reqId: input.reqId } : {}),
      })
    },
    async markAsRead(url) {
      fake.calls.push(`markAsRead ${url}`)
    },
    async markAsDelivered(url) {
      fake.calls.push(`markAsDelivered ${url}`)
    },
    async invite(url) {
      return fake.getChannel(url)
    },
    async accept(url) {
      return fake.getChannel(url)
    },
    async decline(url) {
      fake.calls.push(`decline ${url}`)
    },
    async leave(url) {
      fake.calls.push(`leave ${url}`)
    },
    async ban(url, userId) {
      fake.calls.push(`ban ${url} ${userId}`)
    },
    async unban(url, userId) {
      fake.calls.push(`unban ${url} ${userId}`)
    },
    async addOperators(url) {
      fake.calls.push(`addOperators ${url}`)
    },
    async removeOperators(url) {
      fake.calls.push(`removeOperators ${url}`)
    },
  }
  return fake
}
