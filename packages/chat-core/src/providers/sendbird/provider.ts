// The Sendbird provider (issue 20; decision 161): the port over `@sendbird/chat` v4, used when the
// server says a Sendbird application is configured. It reaches the SDK only through `SbSdk`, which
// `load.ts` fills by dynamic import (or a test with the fake of `../../testing`).
import { CHAT_CUSTOM_TYPES, DEFAULT_CHANNEL_NAME, MESSAGE_DEFAULT_LIMIT } from '@bonds/domain'
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { ChatError } from '../../model/errors.ts'
import { declinedNotice } from '../../model/decline.ts'
import type {
  ChannelCollection,
  ChatProvider,
  CollectionChange,
  MessageCollection,
  Sending,
} from '../../port.ts'
import { createEmitter, createSending, guarded, mergeMessages, newReqId } from '../shared.ts'
import { toChannel, toFailure, toMessage } from './map.ts'
import type { SbChat, SbGroupChannel, SbMessage, SbSdk } from './sdk.ts'

/** Options of the Sendbird provider. */
export interface SendbirdProviderOptions {
  appId: string
  /** The SDK; `load.ts`'s dynamic import by default. */
  loadSdk?: () => Promise<SbSdk>
}

const HANDLER_KEY = 'bonds-chat-core'

/** Create the Sendbird provider (the SDK loads on connect). */
export function createSendbirdProvider(options: SendbirdProviderOptions): ChatProvider {
  const emitter = createEmitter()
  let sdk: SbSdk | null = null
  let sb: SbChat | null = null
  let me = ''
  let refreshToken: (() => Promise<string>) | undefined
  const lastReceipt = new Map<string, number>()

  const chat = () => {
    if (!sb) throw new ChatError('notInitialised')
    return sb
  }
  const channelOf = (url: string) => chat().groupChannel.getChannel(url)
  const view = (channel: SbGroupChannel) => toChannel(channel, me)
  const message = (m: SbMessage, channel: SbGroupChannel | null) => toMessage(m, me, channel)
  const attempt = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw toFailure(error)
    }
  }

  function receipts(channel: SbGroupChannel) {
    const last = channel.lastMessage
    if (!last) return
    for (const [userId, status] of Object.entries(channel.getReadStatus(true) ?? {})) {
      const key = `${channel.url} ${userId}`
      if (
        userId === me ||
        status.readAt < last.createdAt ||
        lastReceipt.get(key) === last.messageId
      )
        continue
      lastReceipt.set(key, last.messageId)
      emitter.emit('receipt', {
        channelUrl: channel.url,
        userId,
        kind: 'read',
        messageId: last.messageId,
        at: status.readAt,
      })
    }
  }

  function listen(current: SbSdk, chatInstance: SbChat) {
    chatInstance.setSessionHandler(
      current.sessionHandler({
        onSessionTokenRequired: (resolve, reject) => {
          if (!refreshToken) reject(new Error('no token'))
          else refreshToken().then(resolve, reject)
        },
        onSessionClosed: () => emitter.emit('session', { type: 'closed', code: 'session_revoked' }),
        onSessionError: (error) =>
          emitter.emit('session', { type: 'closed', code: toFailure(error).code }),
      }),
    )
    chatInstance.addConnectionHandler(
      HANDLER_KEY,
      current.connectionHandler({
        onConnected: () => emitter.emit('connection', 'connected'),
        onDisconnected: () => emitter.emit('connection', 'disconnected'),
        onReconnectStarted: () => emitter.emit('connection', 'reconnect_started'),
        onReconnectSucceeded: () => emitter.emit('connection', 'reconnect_succeeded'),
        onReconnectFailed: () => emitter.emit('connection', 'reconnect_failed'),
      }),
    )
    const changed = (channel: SbGroupChannel) => emitter.emit('channel', view(channel))
    chatInstance.groupChannel.addGroupChannelHandler(
      HANDLER_KEY,
      current.groupChannelHandler({
        onMessageReceived: (channel, received) => {
          emitter.emit('messages', channel.url, [message(received, channel)])
          changed(channel)
        },
        onChannelChanged: changed,
        onUserJoined: changed,
        onOperatorUpdated: changed,
        onUserReceivedInvitation: changed,
        onChannelDeleted: (url) => emitter.emit('channelRemoved', url, 'deleted'),
        onUserLeft: (channel, user) => {
          if (user.userId === me) emitter.emit('channelRemoved', channel.url, 'left')
          else changed(channel)
        },
        onUserBanned: (channel, user) => {
          emitter.emit('userBanned', channel.url, user.userId)
          if (user.userId === me) emitter.emit('channelRemoved', channel.url, 'banned')
          else changed(channel)
        },
        onUserDeclinedInvitation: (channel, inviter, invitee) => {
          if (invitee.userId === me) {
            emitter.emit('channelRemoved', channel.url, 'declined')
            return
          }
          changed(channel)
          if (inviter.userId !== me) return
          // The product's notice (spec section 4) as the local service posts it: an admin message.
          emitter.emit('messages', channel.url, [
            {
              ...message(
                {
                  messageId: -Date.now(),
                  channelUrl: channel.url,
                  messageType: 'admin',
                  customType: CHAT_CUSTOM_TYPES.declinedInvite,
                  message: declinedNotice(invitee.nickname),
                  data: JSON.stringify({
                    type: CHAT_CUSTOM_TYPES.declinedInvite,
                    inviter_id: inviter.userId,
                    invitee_id: invitee.userId,
                    nickname: invitee.nickname,
                    channel_type: channel.customType,
                  }),
                  createdAt: Date.now(),
                },
                channel,
              ),
            },
          ])
        },
        onUnreadMemberStatusUpdated: receipts,
      }),
    )
  }

  function channelCollection(customType?: ChatChannel['customType']): ChannelCollection {
    const collection = chat().groupChannel.createGroupChannelCollection({ limit: 100 })
    const listeners = new Set<(change: CollectionChange<ChatChannel>) => void>()
    const fits = (c: ChatChannel) => !customType || c.customType === customType
    const notify = (change: CollectionChange<ChatChannel>) => listeners.forEach((l) => l(change))
    const views = (list: object[]) => (list as SbGroupChannel[]).map(view).filter(fits)
    collection.setGroupChannelCollectionHandler({
      onChannelsAdded: (_c, list) => notify({ added: views(list), updated: [], removed: [] }),
      onChannelsUpdated: (_c, list) => notify({ added: [], updated: views(list), removed: [] }),
      onChannelsDeleted: (_c, urls) => notify({ added: [], updated: [], removed: urls }),
    })
    return {
      get channels() {
        return views(collection.channels)
      },
      get hasMore() {
        return collection.hasMore
      },
      loadMore: guarded(async () => views(await attempt(() => collection.loadMore()))),
      subscribe(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      dispose: () => collection.dispose(),
    }
  }

  function messageCollection(url: string): MessageCollection {
    const listeners = new Set<(change: CollectionChange<ChatMessage>) => void>()
    let channel: SbGroupChannel | null = null
    let inner: ReturnType<SbGroupChannel['createMessageCollection']> | null = null
    let messages: ChatMessage[] = []
    let disposed = false
    const map = (list: SbMessage[] | null) => (list ?? []).map((m) => message(m, channel))
    const notify = (change: CollectionChange<ChatMessage>) => {
      messages = mergeMessages(messages, [...change.added, ...change.updated]).filter(
        (m) => !change.removed.includes(String(m.messageId)),
      )
      listeners.forEach((l) => l(change))
    }
    const page = (load: 'loadPrevious' | 'loadNext') =>
      guarded(async () => {
        if (!inner || disposed) return []
        const current = inner
        const loaded = map(await attempt(() => current[load]()))
        notify({ added: loaded, updated: [], removed: [] })
        return loaded
      })
    return {
      channelUrl: url,
      get messages() {
        return messages
      },
      get hasPrevious() {
        return inner?.hasPrevious ?? true
      },
      get hasNext() {
        return inner?.hasNext ?? false
      },
      async initialize(handlers = {}) {
        const current = sdk
        channel = await attempt(() => channelOf(url))
        // No starting point: the SDK starts from the newest, whatever this device's clock says.
        const collection = channel.createMessageCollection({ limit: MESSAGE_DEFAULT_LIMIT })
        inner = collection
        collection.setMessageCollectionHandler({
          onMessagesAdded: (_c, _ch, list) =>
            notify({ added: map(list), updated: [], removed: [] }),
          onMessagesUpdated: (_c, _ch, list) =>
            notify({ added: [], updated: map(list), removed: [] }),
          onMessagesDeleted: (_c, _ch, ids) =>
            notify({ added: [], updated: [], removed: ids.map(String) }),
        })
        return new Promise<ChatMessage[]>((resolve, reject) => {
          const init = collection.initialize(current!.cacheAndReplaceByApi)
          init.onCacheResult((_error, list) => {
            messages = mergeMessages([], map(list))
            handlers.onCacheResult?.([...messages])
          })
          init.onApiResult((error, list) => {
            if (error) return reject(toFailure(error))
            messages = mergeMessages([], map(list))
            handlers.onApiResult?.([...messages])
            resolve(messages)
          })
        })
      },
      loadPrevious: page('loadPrevious'),
      loadNext: page('loadNext'),
      subscribe(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      dispose() {
        disposed = true
        inner?.dispose()
        listeners.clear()
      },
    }
  }

  function send(
    url: string,
    preview: string,
    reqId: string | undefined,
    run: (c: SbGroupChannel) => ReturnType<SbGroupChannel['sendUserMessage']>,
  ): Sending {
    return createSending({ reqId: reqId ?? newReqId(), channelUrl: url, preview }, async () => {
      const channel = await attempt(() => channelOf(url))
      return new Promise<ChatMessage>((resolve, reject) => {
        run(channel)
          .onSucceeded((m) => resolve(message(m, channel)))
          .onFailed((error) => reject(toFailure(error)))
      })
    })
  }

  const onChannel = async <T>(url: string, act: (c: SbGroupChannel) => Promise<T>) =>
    attempt(async () => act(await channelOf(url)))

  return {
    kind: 'sendbird',
    async connect(userId, token, connectOptions = {}) {
      refreshToken = connectOptions.refreshToken
      sdk ??= await (options.loadSdk ?? (await import('./load.ts')).loadSendbirdSdk)()
      if (!sb) {
        sb = sdk.init(options.appId)
        listen(sdk, sb)
      }
      const current = sb
      const user = await attempt(() => current.connect(userId, token))
      me = user.userId
      return { userId: user.userId, nickname: user.nickname }
    },
    async disconnect() {
      await sb?.disconnect()
    },
    async clearCache() {
      await sb?.clearCachedData().catch(() => {})
    },
    on: emitter.on,
    channelCollection: (o = {}) => channelCollection(o.customType),
    messageCollection,
    getChannel: async (url) => view(await attempt(() => channelOf(url))),
    createChannel: async (input) =>
      view(
        await attempt(() =>
          chat().groupChannel.createChannel({
            invitedUserIds: input.invitedUserIds,
            operatorUserIds: [...new Set([me, ...(input.operatorUserIds ?? [])])],
            name: input.name || DEFAULT_CHANNEL_NAME,
            customType: input.customType,
            isDistinct: input.customType === 'direct' ? true : (input.isDistinct ?? false),
          }),
        ),
      ),
    sendText: (url, input) =>
      send(url, input.message, input.reqId, (c) =>
        c.sendUserMessage({
          message: input.message,
          ...(input.customType ? { customType: input.customType } : {}),
          ...(input.customType === CHAT_CUSTOM_TYPES.buzz
            ? { data: JSON.stringify({ type: 'buzz' }) }
            : {}),
        }),
      ),
    sendFile: (url, input) =>
      send(url, input.fileName, input.reqId, (c) =>
        c.sendFileMessage({ file: input.file, fileName: input.fileName, mimeType: input.mimeType }),
      ),
    markAsRead: (url) => onChannel(url, (c) => c.markAsRead()),
    markAsDelivered: (url) => attempt(() => chat().groupChannel.markAsDelivered(url)),
    invite: (url, userIds) => onChannel(url, async (c) => view(await c.inviteWithUserIds(userIds))),
    accept: (url) => onChannel(url, async (c) => view(await c.acceptInvitation())),
    decline: (url) => onChannel(url, async (c) => void (await c.declineInvitation())),
    leave: (url) => onChannel(url, (c) => c.leave()),
    ban: (url, userId, description) =>
      onChannel(url, (c) => c.banUserWithUserId(userId, -1, description)),
    unban: (url, userId) => onChannel(url, (c) => c.unbanUserWithUserId(userId)),
    addOperators: (url, userIds) => onChannel(url, (c) => c.addOperators(userIds)),
    removeOperators: (url, userIds) => onChannel(url, (c) => c.removeOperators(userIds)),
  }
}
