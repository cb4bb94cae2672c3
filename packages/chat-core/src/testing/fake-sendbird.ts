// A fake of the Sendbird SDK's objects (`SbSdk`, the part of `@sendbird/chat` v4 the provider uses)
// over one in-memory Sendbird application: users and session tokens, group channels with members
// (joined or invited, operators), bans, messages and files, read status, the handlers' events to
// every connected client, message collections (cached result, then the API's; older and newer
// pages; live additions; a sync after a reconnect) and channel collections. What it leaves out:
// open channels, reactions, threads, edits and deletes, typing, a channel collection's live events.
import type {
  SbChannelCollection,
  SbChat,
  SbConnectionHandlerParams,
  SbCreateParams,
  SbGroupChannel,
  SbGroupChannelHandlerParams,
  SbMember,
  SbMessage,
  SbMessageCollection,
  SbRequestHandler,
  SbSdk,
  SbSessionHandlerParams,
  SbUser,
} from '../providers/sendbird/sdk.ts'

/** An SDK error with its code (`SendbirdError`). */
export class FakeSendbirdError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

interface UserRecord {
  userId: string
  nickname: string
  metaData: Record<string, string>
  deactivated: boolean
}
interface Membership {
  state: 'joined' | 'invited'
  role: 'operator' | 'none'
  invitedAt: number
  inviterId: string | null
  readAt: number
}
interface ChannelRecord {
  url: string
  customType: string
  name: string
  isDistinct: boolean
  data: string
  createdAt: number
  creatorId: string
  members: Map<string, Membership>
  banned: Set<string>
  messages: SbMessage[]
}
interface Client {
  userId: string | null
  connected: boolean
  connection: Map<string, SbConnectionHandlerParams>
  channel: Map<string, SbGroupChannelHandlerParams>
  session: SbSessionHandlerParams | null
  collections: Set<{ url: string; added: (messages: SbMessage[]) => void; newest: () => number }>
  cache: Map<string, SbMessage[]>
}

/** The fake application and its SDK. */
export interface FakeSendbird {
  /** Hand to `createSendbirdProvider({ loadSdk: async () => fake.sdk })`. */
  sdk: SbSdk
  addUser(userId: string, nickname: string, metaData?: Record<string, string>): void
  /** A session token for a user (as the Platform API would issue it). */
  issueToken(userId: string): string
  deactivate(userId: string): void
  /** Drop a user's connections; each reconnects a moment later and syncs its open collections. */
  cut(userId: string): void
}

/** Create a fake Sendbird application. */
export function createFakeSendbird(): FakeSendbird {
  const users = new Map<string, UserRecord>()
  const tokens = new Map<string, string>()
  const channels = new Map<string, ChannelRecord>()
  const clients = new Set<Client>()
  let ids = 0
  let last = 0
  const now = () => (last = Math.max(Date.now(), last + 1))

  const user = (id: string): SbUser => {
    const record = users.get(id)
    return {
      userId: id,
      nickname: record?.nickname ?? id,
      metaData: { ...record?.metaData },
      connectionStatus: [...clients].some((c) => c.userId === id && c.connected)
        ? 'online'
        : 'offline',
    }
  }
  const later = (task: () => void) => setTimeout(task, 0)
  const connectedClients = (userIds: Iterable<string>) => {
    const wanted = new Set(userIds)
    return [...clients].filter((c) => c.connected && c.userId !== null && wanted.has(c.userId))
  }
  /** Call a group channel handler on the clients of `userIds`, each with the channel as it sees it. */
  function tell(
    record: ChannelRecord,
    userIds: Iterable<string>,
    call: (handler: SbGroupChannelHandlerParams, channel: SbGroupChannel, client: Client) => void,
  ) {
    for (const client of connectedClients(userIds)) {
      const channel = view(record, client)
      for (const handler of client.channel.values()) call(handler, channel, client)
    }
  }

  function record(url: string, client: Client): ChannelRecord {
    const found = channels.get(url)
    if (!found || !found.members.has(client.userId ?? '')) {
      throw new FakeSendbirdError(400201, `Channel "${url}" not found.`)
    }
    return found
  }

  function requireConnected(client: Client): string {
    if (!client.connected || !client.userId)
      throw new FakeSendbirdError(800101, 'Connection required.')
    return client.userId
  }

  function addMessage(
    channel: ChannelRecord,
    fields: Partial<SbMessage> & { messageType: string },
    from: string,
  ) {
    const message: SbMessage = {
      messageId: ++ids,
      channelUrl: channel.url,
      customType: '',
      data: '',
      createdAt: now(),
      reqId: `sb-${ids}`,
      sender: { userId: from, nickname: users.get(from)?.nickname ?? from },
      ogMetaData: null,
      ...fields,
    }
    channel.messages.push(message)
    const joined = [...channel.members].filter(([, m]) => m.state === 'joined').map(([id]) => id)
    tell(
      channel,
      joined.filter((id) => id !== from),
      (handler, seen) => handler.onMessageReceived?.(seen, message),
    )
    for (const client of connectedClients(joined)) {
      for (const collection of client.collections)
        if (collection.url === channel.url) collection.added([message])
    }
    return message
  }

  function request(run: () => SbMessage, pending: SbMessage): SbRequestHandler {
    const callbacks: {
      pending?: (m: SbMessage) => void
      ok?: (m: SbMessage) => void
      failed?: (e: Error, m: SbMessage | null) => void
    } = {}
    later(() => {
      callbacks.pending?.(pending)
      try {
        const message = run()
        callbacks.ok?.(message)
      } catch (error) {
        callbacks.failed?.(error as Error, pending)
      }
    })
    const handler: SbRequestHandler = {
      onPending: (h) => ((callbacks.pending = h), handler),
      onFailed: (h) => ((callbacks.failed = h), handler),
      onSucceeded: (h) => ((callbacks.ok = h), handler),
    }
    return handler
  }

  function view(channel: ChannelRecord, client: Client): SbGroupChannel {
    const me = client.userId ?? ''
    const mine = channel.members.get(me)
    const members: SbMember[] = [...channel.members].map(([id, m]) => ({
      ...user(id),
      role: m.role,
      state: m.state,
    }))
    const unread = channel.messages.filter(
      (m) =>
        m.createdAt > (mine?.readAt ?? 0) && m.sender?.userId !== me && m.messageType !== 'admin',
    ).length
    const act = <T>(run: (userId: string) => T) =>
      Promise.resolve().then(() => run(requireConnected(client)))
    const fresh = () => view(channel, client)
    const sender = (userId: string): Membership => {
      const member = channel.members.get(userId)
      if (!member || member.state !== 'joined')
        throw new FakeSendbirdError(900020, 'User must be a member.')
      return member
    }
    const operator = (userId: string) => {
      if (channel.members.get(userId)?.role !== 'operator')
        throw new FakeSendbirdError(400108, 'Not authorized.')
    }
    const pendingOf = (fields: Partial<SbMessage>): SbMessage => ({
      messageId: 0,
      channelUrl: channel.url,
      messageType: 'user',
      customType: '',
      data: '',
      createdAt: now(),
      ...fields,
    })
    return {
      url: channel.url,
      customType: channel.customType,
      name: channel.name,
      memberCount: members.length,
      isDistinct: channel.isDistinct,
      members,
      lastMessage: channel.messages.at(-1) ?? null,
      unreadMessageCount: mine?.state === 'joined' ? unread : 0,
      createdAt: channel.createdAt,
      invitedAt: mine?.invitedAt ?? 0,
      inviter: mine?.inviterId ? user(mine.inviterId) : null,
      creator: user(channel.creatorId),
      myMemberState: mine?.state ?? 'none',
      myRole: mine?.role ?? 'none',
      data: channel.data,
      cachedMetaData: {},
      getReadStatus: () =>
        Object.fromEntries(
          [...channel.members]
            .filter(([id]) => id !== me)
            .map(([id, m]) => [id, { readAt: m.readAt }]),
        ),
      sendUserMessage: (params) =>
        request(
          () => {
            const from = requireConnected(client)
            sender(from)
            return addMessage(
              channel,
              {
                messageType: 'user',
                message: params.message,
                customType: params.customType ?? '',
                data: params.data ?? '',
              },
              from,
            )
          },
          pendingOf({ message: params.message }),
        ),
      sendFileMessage: (params) =>
        request(
          () => {
            const from = requireConnected(client)
            sender(from)
            const id = ids + 1
            return addMessage(
              channel,
              {
                messageType: 'file',
                name: params.fileName ?? 'file',
                size: params.file.size,
                type: params.mimeType ?? params.file.type,
                url: `https://files.sendbird.test/${id}`,
              },
              from,
            )
          },
          pendingOf({ messageType: 'file', name: params.fileName ?? 'file' }),
        ),
      markAsRead: () =>
        act((userId) => {
          const member = channel.members.get(userId)
          if (!member) return
          member.readAt = now()
          tell(
            channel,
            [...channel.members.keys()].filter((id) => id !== userId),
            (h, seen) => h.onUnreadMemberStatusUpdated?.(seen),
          )
        }),
      inviteWithUserIds: (userIds) =>
        act((userId) => {
          for (const id of userIds) {
            if (channel.banned.has(id) || channel.members.has(id)) continue
            channel.members.set(id, {
              state: 'invited',
              role: 'none',
              invitedAt: now(),
              inviterId: userId,
              readAt: 0,
            })
          }
          tell(channel, channel.members.keys(), (h, seen) =>
            h.onUserReceivedInvitation?.(seen, user(userId), userIds.map(user)),
          )
          return fresh()
        }),
      acceptInvitation: () =>
        act((userId) => {
          const member = channel.members.get(userId)
          if (member?.state !== 'invited') throw new FakeSendbirdError(400108, 'Not invited.')
          member.state = 'joined'
          tell(channel, channel.members.keys(), (h, seen) => h.onUserJoined?.(seen, user(userId)))
          return fresh()
        }),
      declineInvitation: () =>
        act((userId) => {
          const member = channel.members.get(userId)
          if (member?.state !== 'invited') throw new FakeSendbirdError(400108, 'Not invited.')
          const audience = [...channel.members.keys()]
          channel.members.delete(userId)
          tell(channel, audience, (h, seen) =>
            h.onUserDeclinedInvitation?.(
              seen,
              user(member.inviterId ?? channel.creatorId),
              user(userId),
            ),
          )
          return fresh()
        }),
      leave: () =>
        act((userId) => {
          const audience = [...channel.members.keys()]
          channel.members.delete(userId)
          tell(channel, audience, (h, seen) => h.onUserLeft?.(seen, user(userId)))
        }),
      banUserWithUserId: (target) =>
        act((userId) => {
          operator(userId)
          const audience = [...channel.members.keys()]
          channel.members.delete(target)
          channel.banned.add(target)
          tell(channel, audience, (h, seen) => h.onUserBanned?.(seen, user(target)))
        }),
      unbanUserWithUserId: (target) =>
        act((userId) => {
          operator(userId)
          channel.banned.delete(target)
        }),
      addOperators: (userIds) =>
        act((userId) => {
          operator(userId)
          for (const id of userIds) {
            const member = channel.members.get(id)
            if (member) member.role = 'operator'
          }
          tell(channel, channel.members.keys(), (h, seen) =>
            h.onOperatorUpdated?.(seen, userIds.map(user)),
          )
        }),
      removeOperators: (userIds) =>
        act((userId) => {
          operator(userId)
          for (const id of userIds) {
            const member = channel.members.get(id)
            if (member) member.role = 'none'
          }
          tell(channel, channel.members.keys(), (h, seen) =>
            h.onOperatorUpdated?.(seen, userIds.map(user)),
          )
        }),
      createMessageCollection: (params = {}) =>
        messageCollection(
          channel,
          client,
          params.limit ?? 30,
          params.startingPoint ?? Number.MAX_SAFE_INTEGER,
        ),
      refresh: () => act(() => fresh()),
    }
  }

  function messageCollection(
    channel: ChannelRecord,
    client: Client,
    limit: number,
    startingPoint: number,
  ): SbMessageCollection {
    let messages: SbMessage[] = []
    let hasPrevious = true
    let hasNext = false
    let handler: Parameters<SbMessageCollection['setMessageCollectionHandler']>[0] = {}
    const entry = {
      url: channel.url,
      added: (list: SbMessage[]) => {
        const fresh = list.filter((m) => !messages.some((known) => known.messageId === m.messageId))
        if (fresh.length === 0 || hasNext) return
        messages = [...messages, ...fresh]
        handler.onMessagesAdded?.({}, view(channel, client), fresh)
      },
      newest: () =>
        messages.at(-1)?.createdAt ??
        (startingPoint === Number.MAX_SAFE_INTEGER ? 0 : startingPoint),
    }
    const remember = () => client.cache.set(channel.url, messages)
    return {
      get succeededMessages() {
        return messages
      },
      get hasPrevious() {
        return hasPrevious
      },
      get hasNext() {
        return hasNext
      },
      initialize() {
        const handlers: {
          cache?: (e: Error | null, m: SbMessage[] | null) => void
          api?: (e: Error | null, m: SbMessage[] | null) => void
        } = {}
        later(() => {
          handlers.cache?.(null, [...(client.cache.get(channel.url) ?? [])])
          later(() => {
            const before = channel.messages.filter((m) => m.createdAt <= startingPoint)
            messages = before.slice(-limit)
            hasPrevious = before.length > messages.length
            remember()
            client.collections.add(entry)
            handlers.api?.(null, [...messages])
          })
        })
        const init = {
          onCacheResult: (h: typeof handlers.cache) => ((handlers.cache = h), init),
          onApiResult: (h: typeof handlers.api) => ((handlers.api = h), init),
        }
        return init
      },
      async loadPrevious() {
        requireConnected(client)
        const oldest = messages[0]?.createdAt ?? startingPoint + 1
        const before = channel.messages.filter((m) => m.createdAt < oldest)
        const page = before.slice(-limit)
        hasPrevious = before.length > page.length
        messages = [...page, ...messages]
        remember()
        return page
      },
      async loadNext() {
        requireConnected(client)
        const newest = entry.newest()
        const page = channel.messages.filter((m) => m.createdAt > newest).slice(0, limit)
        messages = [...messages, ...page]
        hasNext = false
        remember()
        return page
      },
      setMessageCollectionHandler(next) {
        handler = next
      },
      dispose() {
        client.collections.delete(entry)
      },
    }
  }

  function channelCollection(client: Client, limit: number): SbChannelCollection {
    const me = requireConnected(client)
    const mine = [...channels.values()]
      .filter((c) => c.members.has(me))
      .sort(
        (a, b) =>
          (b.messages.at(-1)?.createdAt ?? b.createdAt) -
          (a.messages.at(-1)?.createdAt ?? a.createdAt),
      )
    let offset = 0
    let loaded: SbGroupChannel[] = []
    return {
      get channels() {
        return loaded
      },
      get hasMore() {
        return offset < mine.length
      },
      async loadMore() {
        const page = mine.slice(offset, offset + limit).map((c) => view(c, client))
        offset += page.length
        loaded = [...loaded, ...page]
        return page
      },
      setGroupChannelCollectionHandler: () => {},
      dispose: () => {},
    }
  }

  function createChannel(client: Client, params: SbCreateParams): SbGroupChannel {
    const me = requireConnected(client)
    const everyone = [me, ...params.invitedUserIds]
    if (params.isDistinct) {
      const key = [...everyone].sort().join()
      const existing = [...channels.values()].find(
        (c) =>
          c.isDistinct &&
          c.customType === (params.customType ?? '') &&
          [...c.members.keys()].sort().join() === key,
      )
      if (existing) return view(existing, client)
    }
    for (const id of params.invitedUserIds) {
      if (!users.has(id)) throw new FakeSendbirdError(400201, `User "${id}" not found.`)
    }
    const operators = new Set(params.operatorUserIds ?? [])
    const at = now()
    const channel: ChannelRecord = {
      url: `sendbird_group_channel_${++ids}`,
      customType: params.customType ?? '',
      name: params.name ?? 'Group Channel',
      isDistinct: params.isDistinct ?? false,
      data: '',
      createdAt: at,
      creatorId: me,
      members: new Map([
        [
          me,
          {
            state: 'joined',
            role: operators.has(me) ? 'operator' : 'none',
            invitedAt: 0,
            inviterId: null,
            readAt: at,
          },
        ],
      ]),
      banned: new Set(),
      messages: [],
    }
    for (const id of params.invitedUserIds) {
      channel.members.set(id, {
        state: 'invited',
        role: operators.has(id) ? 'operator' : 'none',
        invitedAt: at,
        inviterId: me,
        readAt: 0,
      })
    }
    channels.set(channel.url, channel)
    tell(channel, params.invitedUserIds, (h, seen) =>
      h.onUserReceivedInvitation?.(seen, user(me), params.invitedUserIds.map(user)),
    )
    return view(channel, client)
  }

  function chat(client: Client): SbChat {
    return {
      async connect(userId, token) {
        await Promise.resolve()
        const record = users.get(userId)
        if (!record) throw new FakeSendbirdError(400301, 'User not found.')
        if (record.deactivated) throw new FakeSendbirdError(400300, 'User is deactivated.')
        if (!token || tokens.get(token) !== userId)
          throw new FakeSendbirdError(400302, 'Session token is not valid.')
        client.userId = userId
        client.connected = true
        for (const handler of client.connection.values()) handler.onConnected?.(userId)
        return user(userId)
      },
      async disconnect() {
        const userId = client.userId
        client.connected = false
        client.collections.clear()
        if (userId)
          for (const handler of client.connection.values()) handler.onDisconnected?.(userId)
      },
      async clearCachedData() {
        client.cache.clear()
      },
      setSessionHandler: (handler) => void (client.session = handler as SbSessionHandlerParams),
      addConnectionHandler: (key, handler) =>
        void client.connection.set(key, handler as SbConnectionHandlerParams),
      removeConnectionHandler: (key) => void client.connection.delete(key),
      groupChannel: {
        createChannel: async (params) => createChannel(client, params),
        getChannel: async (url) => {
          requireConnected(client)
          return view(record(url, client), client)
        },
        createGroupChannelCollection: (params = {}) =>
          channelCollection(client, params.limit ?? 20),
        addGroupChannelHandler: (key, handler) =>
          void client.channel.set(key, handler as SbGroupChannelHandlerParams),
        removeGroupChannelHandler: (key) => void client.channel.delete(key),
        markAsDelivered: async (url) => {
          requireConnected(client)
          record(url, client)
        },
      },
    }
  }

  const sdk: SbSdk = {
    init: () => {
      const client: Client = {
        userId: null,
        connected: false,
        connection: new Map(),
        channel: new Map(),
        session: null,
        collections: new Set(),
        cache: new Map(),
      }
      clients.add(client)
      return chat(client)
    },
    connectionHandler: (params) => params as never,
    sessionHandler: (params) => params as never,
    groupChannelHandler: (params) => params as never,
    cacheAndReplaceByApi: 'cache_and_replace_by_api' as never,
  }

  return {
    sdk,
    addUser(userId, nickname, metaData = {}) {
      users.set(userId, {
        userId,
        nickname,
        metaData: { data: '{"user_onboarded":true}', ...metaData },
        deactivated: false,
      })
    },
    issueToken(userId) {
      const token = `sb-token-${++ids}`
      tokens.set(token, userId)
      return token
    },
    deactivate(userId) {
      const record = users.get(userId)
      if (record) record.deactivated = true
    },
    cut(userId) {
      for (const client of clients) {
        if (client.userId !== userId || !client.connected) continue
        client.connected = false
        for (const handler of client.connection.values()) handler.onReconnectStarted?.()
        setTimeout(() => {
          client.connected = true
          for (const handler of client.connection.values()) handler.onReconnectSucceeded?.()
          // The SDK's changelog sync: open collections get what they missed.
          for (const collection of client.collections) {
            const channel = channels.get(collection.url)
            if (channel)
              collection.added(channel.messages.filter((m) => m.createdAt > collection.newest()))
          }
        }, 30)
      }
    },
  }
}
