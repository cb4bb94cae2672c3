// The chat session (issue 20): the spec's client rules whatever the provider. Start (initialise,
// fetch a token, connect; a new token and one retry on token-expired or invalid-token), cleared
// cache when the account or session is gone, dispose before switching user, the channel list
// (all pages, new to the front, mine from a broadcast to the back, one per url, sorted and
// filtered), incoming messages (append, mark read unless on a compliance route, delivered marks
// throttled), buzz, the declined-invite notice and direct-channel rule, bans, others' read and
// delivered marks on the members (the receipts), the periodic refresh.
import { CHAT_CUSTOM_TYPES } from '@bonds/domain'
import type { ChatChannel, ChatMessage } from '@bonds/domain'
import { createBuzz, isBuzz, type BuzzState } from '../model/buzz.ts'
import { addChannels, removeChannels, replaceChannels } from '../model/channel-list.ts'
import { visibleChannels } from '../model/channel-rules.ts'
import { systemClock, type ChatClock } from '../model/clock.ts'
import { declinedInvite, declinedNoticeFor } from '../model/decline.ts'
import {
  ChatError,
  clearsCache,
  failureCode,
  retriesWithNewToken,
  type ChatFailureCode,
} from '../model/errors.ts'
import { createChannelRefresher } from '../model/refresh.ts'
import { createKeyedThrottle } from '../model/throttle.ts'
import type {
  ChatProvider,
  ChatReceipt,
  FileInput,
  OutgoingMessage,
  Sending,
  TextInput,
} from '../port.ts'
import { createMessageView, type MessageView, type SendInput } from './message-view.ts'

/** Where the session is. */
export type ChatStatus = 'idle' | 'starting' | 'online' | 'offline' | 'closed'

/** What the UI reads. */
export interface ChatSessionState {
  userId: string | null
  status: ChatStatus
  /** Why the session closed or failed to start. */
  failure: ChatFailureCode | null
  /** Every channel page has loaded. */
  channelsLoaded: boolean
  /** The list as shown: hidden ones out, sorted. */
  channels: ChatChannel[]
  currentChannelUrl: string | null
  /** The open channel's messages, oldest first. */
  messages: ChatMessage[]
  /** The open channel's sends not yet stored (pending or failed). */
  outgoing: OutgoingMessage[]
  buzz: BuzzState
}

/** A notice for the UI's toasts ("{nickname} declined your request"). */
export interface ChatNotice {
  severity: 'info' | 'error'
  text: string
}

/** Options of the session. */
export interface ChatSessionOptions {
  /** The provider to start (a new one per user). */
  createProvider: () => ChatProvider | Promise<ChatProvider>
  /** `POST /api/issue-sb-session-token {userId}`: a chat session token. */
  issueToken: (userId: string) => Promise<string>
  /** `DELETE /api/remove-sb-session {userId}`. */
  removeSession: (userId: string) => Promise<void>
  /** On a compliance route the session never marks anything read (or delivered). */
  isComplianceView: () => boolean
  sounds?: { buzz?: () => void; received?: () => void }
  notify?: (notice: ChatNotice) => void
  clock?: ChatClock
}

/** The chat session. */
export interface ChatSession {
  getState(): ChatSessionState
  subscribe(listener: (state: ChatSessionState) => void): () => void
  /** Start as `userId` (disposing another user's session first). */
  start(userId: string | null | undefined): Promise<void>
  /** Clear the cache, dispose collections, remove handlers, remove the server session, disconnect. */
  dispose(): Promise<void>
  /** The started provider, for calls the session adds no rule to. */
  provider(): ChatProvider
  openChannel(url: string | null): Promise<void>
  loadPrevious(): Promise<void>
  loadNext(): Promise<void>
  sendText(text: string): Sending
  sendBuzz(): Sending
  sendFile(file: Blob, fileName: string, mimeType: string): Sending
  /** Send a failed message again with its request id. */
  retry(reqId: string): Sending
  /** Decline an invitation (a direct channel leaves the list at once). */
  decline(url: string): Promise<void>
  leave(url: string): Promise<void>
  /** The direct channels now visible on screen (for the periodic refresh). */
  setVisibleDirectChannels(urls: readonly string[]): void
  /** The browser is online again: start the chat when it is missing for a signed-in user. */
  browserOnline(userId: string | null): Promise<void>
}

/** Create the session (it does nothing until `start`). */
export function createChatSession(options: ChatSessionOptions): ChatSession {
  const clock = options.clock ?? systemClock
  const listeners = new Set<(state: ChatSessionState) => void>()
  let provider: ChatProvider | null = null
  let me: string | null = null
  let list: ChatChannel[] = []
  let offs: (() => void)[] = []
  let view: MessageView | null = null
  let visibleDirect: readonly string[] = []
  let generation = 0
  let state: ChatSessionState = initial()

  function initial(): ChatSessionState {
    return {
      userId: null,
      status: 'idle',
      failure: null,
      channelsLoaded: false,
      channels: [],
      currentChannelUrl: null,
      messages: [],
      outgoing: [],
      buzz: 'idle',
    }
  }

  function set(patch: Partial<ChatSessionState>) {
    state = { ...state, ...patch }
    for (const listener of [...listeners]) listener(state)
  }

  function setList(next: ChatChannel[]) {
    list = next
    set({ channels: me ? visibleChannels(list, me) : [] })
  }

  const buzz = createBuzz({
    clock,
    ...(options.sounds?.buzz ? { play: options.sounds.buzz } : {}),
  })
  buzz.subscribe((next) => set({ buzz: next }))
  const delivered = createKeyedThrottle(
    (url) => void provider?.markAsDelivered(url).catch(() => {}),
    {
      clock,
    },
  )
  const refresher = createChannelRefresher({
    clock,
    visibleDirectChannels: () => visibleDirect,
    refresh: async (url) => {
      const channel = await requireProvider().getChannel(url)
      setList(replaceChannels(list, [channel]))
    },
  })

  function requireProvider(): ChatProvider {
    if (!provider) throw new ChatError('notInitialised')
    return provider
  }

  async function selectFirst(except: string) {
    const next = visibleChannels(list, me ?? '').find((channel) => channel.url !== except)
    await session.openChannel(next?.url ?? null)
  }

  /** Others' messages of one channel (one live, or a replayed run): each rule once per run. */
  function onMessages(url: string, messages: readonly ChatMessage[]) {
    if (messages.length === 0) return
    const channel = list.find((c) => c.url === url)
    const compliance = options.isComplianceView()
    if (!compliance) delivered.call(url)
    if (url === state.currentChannelUrl && view) {
      view.receive(messages)
      if (!compliance) void provider?.markAsRead(url).catch(() => {})
    }
    let received = false
    for (const message of messages) {
      if (isBuzz(message)) buzz.receive(message, me ?? '')
      else if (message.sender && message.sender.userId !== me) received = true
    }
    if (received) options.sounds?.received?.()
    if (!channel) return
    for (const message of messages) {
      const notice = declinedNoticeFor(channel, message, me ?? '')
      if (notice) options.notify?.({ severity: 'info', text: notice })
      const declined = declinedInvite(message)
      if (declined && declined.inviterId === me && channel.customType === 'direct') {
        // The other person declined my direct chat: it leaves my list, and I leave it.
        setList(removeChannels(list, [url]))
        void provider?.leave(url).catch(() => {})
        if (state.currentChannelUrl === url) void selectFirst(url)
        return
      }
    }
  }

  function onBanned(url: string, userId: string) {
    if (userId === me) {
      setList(removeChannels(list, [url]))
      if (state.currentChannelUrl === url) void selectFirst(url)
      return
    }
    const channel = list.find((c) => c.url === url)
    if (channel) {
      const members = channel.members.filter((member) => member.userId !== userId)
      setList(replaceChannels(list, [{ ...channel, members, memberCount: members.length }]))
    }
  }

  /** Another member read or received a channel's messages: its member's mark moves on. */
  function onReceipt(receipt: ChatReceipt) {
    const channel = list.find((c) => c.url === receipt.channelUrl)
    if (!channel) return
    const field = receipt.kind === 'read' ? 'lastReadMessageId' : 'lastDeliveredMessageId'
    const members = channel.members.map((member) =>
      member.userId === receipt.userId && member[field] < receipt.messageId
        ? { ...member, [field]: receipt.messageId }
        : member,
    )
    setList(replaceChannels(list, [{ ...channel, members }]))
  }

  function listen(current: ChatProvider) {
    offs = [
      current.on('connection', (event) => {
        if (event === 'connected' || event === 'reconnect_succeeded') set({ status: 'online' })
        else if (event === 'disconnected' || event === 'reconnect_started')
          set({ status: 'offline' })
      }),
      current.on('session', (event) => {
        if (event.type !== 'closed') return
        if (clearsCache(event.code)) void current.clearCache()
        set({ status: 'closed', failure: event.code })
      }),
      current.on('messages', onMessages),
      current.on('channel', (channel) => setList(addChannels(list, [channel], me ?? ''))),
      current.on('channelRemoved', (url) => {
        setList(removeChannels(list, [url]))
        if (state.currentChannelUrl === url) void selectFirst(url)
      }),
      current.on('userBanned', onBanned),
      current.on('receipt', onReceipt),
    ]
  }

  async function connect(current: ChatProvider, userId: string) {
    const refreshToken = () => options.issueToken(userId)
    try {
      await current.connect(userId, await options.issueToken(userId), { refreshToken })
    } catch (error) {
      if (!retriesWithNewToken(failureCode(error))) throw error
      await current.connect(userId, await options.issueToken(userId), { refreshToken })
    }
  }

  async function loadAllChannels(current: ChatProvider, mine: number) {
    const collection = current.channelCollection()
    offs.push(() => collection.dispose())
    while (collection.hasMore && mine === generation) {
      const page = await collection.loadMore()
      if (mine !== generation) return
      setList(addPage(page))
      if (page.length === 0) break
    }
    if (mine === generation) set({ channelsLoaded: true })
  }

  /** A page of the initial load keeps the server's order after what the list holds. */
  function addPage(page: ChatChannel[]): ChatChannel[] {
    const known = new Set(list.map((c) => c.url))
    return [...replaceChannels(list, page), ...page.filter((c) => !known.has(c.url))]
  }

  function send(input: SendInput): Sending {
    const current = requireProvider()
    const url = state.currentChannelUrl
    if (!url || !view) throw new ChatError('noCurrentChannel')
    const { kind, ...rest } = input
    const sending =
      kind === 'text'
        ? current.sendText(url, rest as TextInput)
        : current.sendFile(url, rest as FileInput)
    return view.track(sending, input)
  }

  const session: ChatSession = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async start(userId) {
      if (!userId) throw new ChatError('userNotSet')
      if (me === userId && provider) return
      if (me !== null || provider) await session.dispose()
      const mine = ++generation
      me = userId
      set({ ...initial(), userId, status: 'starting' })
      const current = await options.createProvider()
      try {
        await connect(current, userId)
      } catch (error) {
        const code = failureCode(error)
        if (clearsCache(code)) await current.clearCache()
        if (mine === generation) set({ status: 'closed', failure: code })
        throw error
      }
      if (mine !== generation) {
        await current.disconnect()
        return
      }
      provider = current
      listen(current)
      set({ status: 'online' })
      refresher.start()
      await loadAllChannels(current, mine)
    },
    async dispose() {
      generation += 1
      const current = provider
      const userId = me
      provider = null
      me = null
      refresher.stop()
      delivered.dispose()
      // The spec's order: clear the cache, dispose collections, remove handlers, remove the
      // session on the server, disconnect.
      if (current) await current.clearCache()
      view?.dispose()
      view = null
      for (const off of offs) off()
      offs = []
      if (userId) await options.removeSession(userId).catch(() => {})
      if (current) await current.disconnect()
      list = []
      set(initial())
    },
    provider: requireProvider,
    async openChannel(url) {
      view?.dispose()
      view = null
      set({ currentChannelUrl: url, messages: [], outgoing: [] })
      if (!url) return
      const current = requireProvider()
      const opened = createMessageView(current.messageCollection(url), (messages, outgoing) => {
        if (view === opened) set({ messages, outgoing })
      })
      view = opened
      await opened.initialize()
      if (view === opened && !options.isComplianceView())
        await current.markAsRead(url).catch(() => {})
    },
    loadPrevious: async () => void (await view?.collection.loadPrevious()),
    loadNext: async () => void (await view?.collection.loadNext()),
    sendText: (text) => send({ kind: 'text', message: text }),
    sendBuzz: () => send({ kind: 'text', message: '', customType: CHAT_CUSTOM_TYPES.buzz }),
    sendFile: (file, fileName, mimeType) => send({ kind: 'file', file, fileName, mimeType }),
    retry(reqId) {
      const input = view?.failedInput(reqId)
      if (!input) throw new ChatError('noCurrentChannel')
      return send({ ...input, reqId })
    },
    async decline(url) {
      await requireProvider().decline(url)
      // Declined, the channel is no longer mine (the provider's removal event may come later).
      setList(removeChannels(list, [url]))
      if (state.currentChannelUrl === url) await selectFirst(url)
    },
    async leave(url) {
      await requireProvider().leave(url)
      setList(removeChannels(list, [url]))
      if (state.currentChannelUrl === url) await selectFirst(url)
    },
    setVisibleDirectChannels(urls) {
      const direct = new Set(list.filter((c) => c.customType === 'direct').map((c) => c.url))
      visibleDirect = urls.filter((url) => direct.has(url))
    },
    async browserOnline(userId) {
      if (!provider && userId) await session.start(userId)
    },
  }
  return session
}
